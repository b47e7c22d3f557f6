"""The ruleset options for withdrawn and late players: read, checked, said in words."""

from __future__ import annotations

import json
from typing import Any

import pytest

from helpers import preset_data, ruleset_with, tournament
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.rules_text import player_lines
from tafelrunde.engine.groups.ruleset_file import ruleset_from_dict
from tafelrunde.engine.groups.scoring import Scoring
from tafelrunde.engine.groups.standings import Criterion, rank_players
from tafelrunde.engine.tournament_file import dumps, loads
from tafelrunde.presets import load_ruleset

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("preset", ["gruppenmodus", "alhambra", "king-lui"])
def test_the_presets_keep_withdrawn_players_and_let_nobody_join_late(preset: str) -> None:
    rules = load_ruleset(preset)
    assert (rules.withdrawn, rules.late_join) == ("keep", False)


def test_the_options_are_read() -> None:
    rules = ruleset_with("alhambra", **{"players": {"withdrawn": "last", "late_join": True}})
    assert (rules.withdrawn, rules.late_join) == ("last", True)


def test_a_ruleset_without_the_players_table_takes_the_defaults() -> None:
    data = preset_data("king-lui")
    del data["players"]
    rules = ruleset_from_dict(data)
    assert (rules.withdrawn, rules.late_join) == ("keep", False)


@pytest.mark.parametrize(
    ("players", "field", "german"),
    [
        (
            {"withdrawn": "gone"},
            "players.withdrawn",
            "„gone“ ist nicht erlaubt; möglich: keep, last.",
        ),
        ({"late_join": "yes"}, "players.late_join", "muss true oder false sein."),
        (
            {"late": True},
            "players.late",
            "unbekannter Eintrag; erlaubt sind: late_join, withdrawn.",
        ),
        ("keep", "players", "muss eine Tabelle sein."),
    ],
)
def test_a_wrong_option_is_refused_at_its_field_in_german(
    players: Any, field: str, german: str
) -> None:
    with pytest.raises(RuleError) as info:
        ruleset_with("alhambra", players=players)
    assert info.value.field == field
    assert info.value.text("de") == german


def test_the_rules_say_both_options_in_words() -> None:
    keep = [(a.text("de"), b.text("de")) for a, b in player_lines(load_ruleset("alhambra"))]
    assert keep[0][0] == "Abmeldungen" and "mit ihren Punkten" in keep[0][1]
    assert keep[1][0] == "Nachmeldungen" and keep[1][1].startswith("nach der ersten Auslosung")
    other = ruleset_with("alhambra", players={"withdrawn": "last", "late_join": True})
    changed = [b.text("de") for _, b in player_lines(other)]
    assert "am Ende der Wertung" in changed[0] and "mit 0 Punkten" in changed[1]


def test_an_old_file_without_the_new_facts_and_options_still_loads() -> None:
    t = tournament("alhambra", 9)
    data = json.loads(dumps(t))
    del data["ruleset"]["players"]
    again = loads(json.dumps(data))
    assert again.ruleset.withdrawn == "keep" and not again.ruleset.late_join


def test_absent_players_follow_the_present_ones_on_equal_values() -> None:
    criteria = (Criterion("points"), Criterion("rolloff", name="erzherzog"))
    values = {"a": 3, "b": 3, "c": 3, "d": 1}
    standing = rank_players(
        list(values), criteria, lambda c, p: values[p], lambda c, g: None,
        lot_seed=1, context="x", absent={"a"},
    )  # fmt: skip
    assert standing.order()[2:] == ["a", "d"]
    assert [tied for _, tied in standing.ties] == [("b", "c")]  # only they roll off
    last = rank_players(
        list(values), criteria, lambda c, p: values[p], lambda c, g: ("b", "c"),
        lot_seed=1, context="x", absent={"a"}, absent_last=True,
    )  # fmt: skip
    assert last.order() == ["b", "c", "d", "a"]


def test_a_table_that_lost_players_uses_the_first_places_of_the_next_larger_table() -> None:
    scoring = Scoring(points={4: (6, 4, 2, 0), 3: (5, 3, 2)})
    assert scoring.table_points(3) == (5, 3, 2)
    assert scoring.table_points(2) == (5, 3)
    with pytest.raises(RuleError):
        scoring.table_points(5)
