"""Format D's ruleset file: the preset `schocken-ko` and its validation."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from typing import Any

import pytest

from tafelrunde.engine import family_engine
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import (
    Bracket,
    KnockoutRules,
    knockout_rules_from_dict,
    knockout_rules_from_toml,
)
from tafelrunde.engine.knockout.rules_text import rule_item_map
from tafelrunde.engine.tables import TableRule
from tafelrunde.i18n import Message
from tafelrunde.presets import load_knockout, preset_text

pytestmark = pytest.mark.unit


def test_the_preset_has_the_seed_numbers() -> None:
    rules = load_knockout()
    assert rules.lives == 2
    assert (rules.chips(Bracket.MAIN), rules.chips(Bracket.CONSOLATION)) == (2, 2)
    assert rules.chips(Bracket.GRAND_FINAL) == 3
    assert not rules.chips_carry_over
    assert rules.tables == TableRule(prefer=4, allow=(3,))
    assert rules.survivors == 2 and rules.final_size == 4
    assert rules.sharp_after_minutes == 15 and not rules.sharp_in_final
    assert (rules.admission, rules.deadline, rules.start) == (59_400, 60_300, 61_200)
    assert rules.entry_fee == Decimal(10) and rules.donation == Decimal(3)
    assert len(rules.prizes) == 6
    assert rules.final_fill == "latest_eliminated"
    defaults = KnockoutRules()
    assert rules == KnockoutRules(description=rules.description, prizes=defaults.prizes)


def _preset() -> dict[str, Any]:
    return tomllib.loads(preset_text("schocken-ko"))


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("colour",), "red", "colour"),
        (("chips", "extra"), 1, "chips.extra"),
        (("lives",), 0, "lives"),
        (("lives",), "2", "lives"),
        (("chips", "grand_final"), True, "chips.grand_final"),
        (("chips", "carry_over"), "yes", "chips.carry_over"),
        (("tables", "survivors"), 3, "tables.survivors"),
        (("tables", "allow"), [1], "tables.allow"),
        (("grand_final", "fill"), "random", "grand_final.fill"),
        (("grand_final", "size"), 3, "grand_final.size"),
        (("registration", "deadline"), "17:30", "registration.deadline"),
        (("registration", "start"), "fünf", "registration.start"),
        (("registration", "entry_fee"), "-1", "registration.entry_fee"),
        (("schock_out", "donation"), "drei", "schock_out.donation"),
        (("prizes", "places"), [1, 2], "prizes.places"),
        (("format",), "A", "format"),
        (("schema",), 2, "schema"),
        (("sharp_play",), 15, "sharp_play"),
        (("confirmation",), "vote", "confirmation"),
        (("confirmation",), True, "confirmation"),
    ],
)
def test_a_mistake_names_its_field(path: tuple[str, ...], value: Any, field: str) -> None:
    data = _preset()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(RuleError) as err:
        knockout_rules_from_dict(data)
    assert err.value.field == field
    assert err.value.text("de") and err.value.text("en")


def test_every_number_is_a_parameter() -> None:
    text = preset_text("schocken-ko").replace("carry_over = false", "carry_over = true")
    text = text.replace("after_minutes = 15", "after_minutes = 20")
    text = text.replace("entry_fee = 10 ", 'entry_fee = "7.50" ')
    rules = knockout_rules_from_toml(text)
    assert rules.chips_carry_over and rules.sharp_after_minutes == 20
    assert rules.entry_fee == Decimal("7.50")


def test_an_empty_file_gives_the_defaults() -> None:
    assert knockout_rules_from_dict({}) == KnockoutRules()


def test_invalid_toml() -> None:
    with pytest.raises(RuleError) as err:
        knockout_rules_from_toml("lives = ", origin="mine.toml")
    assert err.value.field == "mine.toml"


@pytest.mark.parametrize("mode", ["table", "none", "organiser"])
def test_the_confirmation_rule_in_the_file_the_words_and_the_form(mode: str) -> None:
    data = _preset()
    assert data["confirmation"] == "table"  # the preset lists the key
    data["confirmation"] = mode
    rules = knockout_rules_from_dict(data)
    assert rules.confirmation == mode
    label, value = rule_item_map(rules)["confirmation"]
    line = f"{label.text('de')}: {value.text('de') if isinstance(value, Message) else value}"
    words = {
        "table": "Ergebnisse am Tisch: ein anderer Spieler des Tisches bestätigt",
        "none": "Ergebnisse am Tisch: der erste Eintrag gilt",
        "organiser": "Ergebnisse am Tisch: die Turnierleitung oder ein Schiedsrichter bestätigt",
    }
    assert line == words[mode]
    param = next(p for p in family_engine.params(rules) if p.name == "confirmation")
    assert param.kind == "choice" and param.value == mode
    assert [key for key, _ in param.options] == ["table", "none", "organiser"]


def test_a_wrong_confirmation_rule_says_what_is_possible() -> None:
    with pytest.raises(RuleError) as err:
        knockout_rules_from_dict({"confirmation": "vote"})
    assert err.value.field == "confirmation"
    assert "„vote“" in err.value.text("de") and "table, none, organiser" in err.value.text("de")
