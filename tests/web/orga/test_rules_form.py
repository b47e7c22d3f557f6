"""The rules as a form: a field for every parameter of every preset, an unchanged form changes
nothing, a change takes effect, a mistake is refused at its field in German, and the same
guards hold as for the ruleset file (the first draw, an outdated form, a login)."""

from __future__ import annotations

import re
from datetime import timedelta
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
import tomli_w
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rulehelpers import post_rules, rules_form, with_typed
from webhelpers import (
    counts,
    create,
    fresh,
    logged,
    names,
    organiser,
    play_to_end,
    release,
    text,
)

from helpers import UNUSUAL, unusual
from strategies import form_value
from tafelrunde.engine import family_engine, ruleform
from tafelrunde.engine.limits import MAX_STAGES
from tafelrunde.engine.toml_reader import read_toml
from tafelrunde.presets import load_rules, preset_names, preset_text
from tafelrunde.web.core.domain.store import engine_tournament
from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

NOT_IN_FORM = {"schema", "format", "id"}  # what the file says about itself, and stage ids
BY_SIZE = {"points", "game_point_factor"}  # tables keyed by table size
OLD = {"rolloff_loser": "rolloff_losers", "rolloff_malus": "rolloff_losers"}  # read into the table


def created(client: Client, preset: str) -> TournamentRecord:
    """A tournament of 8 through the form; format D plays next week (before its deadline)."""
    if preset != "schocken-ko":
        return create(client, preset, 8)
    return create(client, preset, 8, day=(timezone.localdate() + timedelta(days=7)).isoformat())


def organised() -> Client:
    client = Client()
    organiser(client)
    return client


def field_block(page: str, name: str) -> str:
    """The text of one parameter's block (label, inputs, rule text, refusals)."""
    head = rf'<div class="param [a-z]+( invalid)?" id="param-{re.escape(name)}">'
    found = re.search(head + r'(.*?)(?=<div class="param |</fieldset>)', page, re.S)
    assert found, f"no field {name}"
    return found.group(2)


def errors_of(block: str) -> str:
    """The refusals shown in a block."""
    return " ".join(re.findall(r"<li>(.*?)</li>", block.split('class="param-rule"')[-1], re.S))


def leaves(data: dict[str, Any], path: str = "") -> list[str]:
    """The form names a preset's entries should have: 'name', 'scoring.points.4.1', …"""
    out: list[str] = []
    for key, value in data.items():
        name = f"{path}{key}"
        if key in NOT_IN_FORM:
            continue
        if key in OLD:
            out.append(f"{path}{OLD[key]}")
        elif key in BY_SIZE:
            for size, row in value.items():
                if key == "points":
                    out += [f"{name}.{size}.{k}" for k in range(1, len(row) + 1)]
                else:
                    out.append(f"{name}.{size}")
        elif isinstance(value, dict):
            out += leaves(value, name + ".")
        else:
            out.append(name)
    return out


def form_names(data: dict[str, Any]) -> list[str]:
    """Every field name a preset's entries need in the form (defaults: in every stage)."""
    if data.get("format") == "D":
        return leaves(data)
    top = leaves({k: v for k, v in data.items() if k not in ("defaults", "stages")})
    for i, stage in enumerate(data["stages"], start=1):
        top += [f"s{i}.{n}" for n in leaves(data.get("defaults", {}) | stage)]
    return top


@pytest.mark.parametrize("preset", preset_names())
def test_every_parameter_of_a_preset_has_its_field(preset: str) -> None:
    client = organised()
    rec = created(client, preset)
    _, names = rules_form(client, rec.pk)
    data = read_toml(preset_text(preset), origin=preset)
    for name in form_names(data):
        kinds = {name} | {n for n in names if n.startswith(name + ".")}  # criteria: name.1, …
        assert kinds & names, f"{preset}: no field for {name}"
    page = text(client.get(f"/turniere/{rec.pk}/regeln/"))
    for param in family_engine.params(load_rules(preset)):
        block = field_block(page, param.name)
        assert param.label.text("de") in block and param.rule.text("de") in block


@pytest.mark.parametrize("preset", preset_names())
def test_the_unchanged_form_leaves_the_rules_identical(preset: str) -> None:
    client = organised()
    rec = created(client, preset)
    sent, _ = rules_form(client, rec.pk)
    before = counts()
    response = post_rules(client, rec.pk, sent)
    assert response.status_code == 302, text(response)[-2000:]
    assert fresh(rec.pk).ruleset == rec.ruleset and counts() == before
    assert "Regeln geändert" not in text(client.get(f"/turniere/{rec.pk}/regeln/"))


@pytest.mark.parametrize("preset", sorted(UNUSUAL))
def test_an_unusual_ruleset_file_is_left_as_it_is_by_the_unchanged_form(preset: str) -> None:
    client = organised()
    upload = SimpleUploadedFile("regeln.toml", unusual(preset).encode())
    data = {
        "preset": "",
        "ruleset": upload,
        "players": "\n".join(names(8)),
        "name": "",
        "event": "",
        "day": (timezone.localdate() + timedelta(days=7)).isoformat(),  # format D: in time
    }
    response = client.post("/turniere/neu/", data)
    assert response.status_code == 302, text(response)[-2000:]
    rec = TournamentRecord.objects.latest("pk")
    sent, _ = rules_form(client, rec.pk)
    assert post_rules(client, rec.pk, sent).status_code == 302
    assert fresh(rec.pk).ruleset == rec.ruleset


def test_the_form_of_the_largest_ruleset_is_taken() -> None:
    data = read_toml(preset_text("alhambra"), origin="alhambra")
    final = data["stages"][-1]
    data["stages"] = [data["stages"][0]] + [
        final | {"id": f"finale{k}", "name": f"Finale {k}"} for k in range(1, MAX_STAGES)
    ]
    client = organised()
    upload = SimpleUploadedFile("regeln.toml", tomli_w.dumps(data).encode())
    form = {
        "preset": "",
        "ruleset": upload,
        "players": "\n".join(names(8)),
        "name": "",
        "event": "",
    }
    assert client.post("/turniere/neu/", form).status_code == 302
    rec = TournamentRecord.objects.latest("pk")
    sent, names_ = rules_form(client, rec.pk)
    assert len(names_) > 1000  # more fields than Django takes by default
    response = post_rules(client, rec.pk, sent | {"s20.games": ["2"]})
    assert response.status_code == 302, text(response)[-2000:]
    assert fresh(rec.pk).ruleset["stages"][19]["games"] == 2


def test_a_change_in_the_form_takes_effect() -> None:
    client = organised()
    rec = create(client, "alhambra", 8)
    sent, _ = rules_form(client, rec.pk)
    assert sent["s1.games"] == ["2"]
    sent |= {"s1.games": ["3"], "s3.scoring.points.4.3": ["1,5"], "s3.note": ["Ohne Wesir"]}
    response = post_rules(client, rec.pk, sent)
    assert response.status_code == 302, text(response)[-2000:]
    stages = fresh(rec.pk).ruleset["stages"]
    assert stages[0]["games"] == 3 and stages[2]["note"] == "Ohne Wesir"
    assert stages[2]["scoring"]["points"]["4"] == [5, 3, "1.5", 1]
    assert "scoring" not in stages[1]  # the other stages keep the defaults
    page = text(client.get(f"/turniere/{rec.pk}/regeln/"))
    assert "Regeln geändert." in page and "Partie 1 bis 3" in page
    assert "Punkte am 4er-Tisch: 5, 3, 1,5, 1" in page
    assert logged(fresh(rec.pk)).count("Regeln geändert") == 1
    play_to_end(client, rec.pk, seed=5)  # the engine plays the changed rules
    draws = [f.data for f in fresh(rec.pk).facts.all() if f.data["type"] == "draw"]
    assert [d["game"] for d in draws if d["stage"] == "vorrunde"] == [1, 2, 3]


def test_the_losers_of_roll_offs_get_5_3_0_through_the_form() -> None:
    client = organised()
    older = preset_text("gruppenmodus").replace(  # the preset as older files give it
        "rolloff_losers = { 4 = [5, 3, 1], 3 = [5, 3] }",
        'rolloff_loser = "minus"\nrolloff_malus = 1',
    )
    assert "rolloff_malus" in older
    rec = create(client, "", 8, ruleset=SimpleUploadedFile("regeln.toml", older.encode()))
    sent, _ = rules_form(client, rec.pk)
    page = text(client.get(f"/turniere/{rec.pk}/regeln/"))
    block = field_block(page, "s1.scoring.rolloff_losers")
    assert "Punkte des Verlierers eines Stechens" in block
    assert "4er-Tisch, Stechen um Platz 3" in block
    assert [sent[f"s1.scoring.rolloff_losers.4.{k}"] for k in (1, 2, 3)] == [["5"], ["3"], ["1"]]
    response = post_rules(client, rec.pk, sent | {"s1.scoring.rolloff_losers.4.3": ["0"]})
    assert response.status_code == 302, text(response)[-2000:]
    source = fresh(rec.pk).ruleset
    group, final = source["stages"]
    assert group["scoring"]["rolloff_losers"] == {"4": [5, 3, 0], "3": [5, 3]}
    assert "rolloff_malus" not in group["scoring"] and "rolloff_malus" not in source["defaults"]
    assert final["scoring"]["rolloff_malus"] == 1  # the final keeps the older rule it had
    page = text(client.get(f"/turniere/{rec.pk}/regeln/"))
    assert "Verlierer des Stechens am 4er-Tisch (um Platz 1, 2, …): 5, 3, 0" in page
    assert "Verlierer des Stechens am 4er-Tisch (um Platz 1, 2, …): 5, 3, 1" in page
    rules = engine_tournament(fresh(rec.pk)).ruleset
    assert [s.scoring.loser_points(4) for s in rules.stages] == [(5, 3, 0), (5, 3, 1)]  # type: ignore[union-attr]


def test_an_inherited_value_emptied_in_one_stage_stays_in_the_others() -> None:
    client = organised()
    rec = create(client, "king-lui", 9)
    sent, _ = rules_form(client, rec.pk)
    assert sent["s2.tables.max_other"] == ["2"] and sent["s1.scoring.game_point_factor.4"]
    sent |= {"s2.tables.max_other": [""], "s4.scoring.game_point_factor.4": [""]}
    assert post_rules(client, rec.pk, sent).status_code == 302
    rules = engine_tournament(fresh(rec.pk)).ruleset  # type: ignore[union-attr]
    assert [s.tables.max_other for s in rules.stages] == [2, None, 2, 2]
    factors = [dict(s.scoring.game_point_factor) for s in rules.stages]
    assert factors[2:] == [{4: Fraction(4, 3)}, {}]
    again, _ = rules_form(client, rec.pk)
    assert again["s2.tables.max_other"] == [""] and again["s1.tables.max_other"] == ["2"]


def test_format_d_times_fee_and_prizes_are_fields() -> None:
    client = organised()
    rec = created(client, "schocken-ko")
    sent, _ = rules_form(client, rec.pk)
    page = text(client.get(f"/turniere/{rec.pk}/regeln/"))
    for key in ("admission", "deadline", "start"):
        assert re.search(rf'type="time" name="registration\.{key}"', page), key
    assert sent["registration.start"] == ["17:00"]
    sent |= {
        "registration.deadline": ["16:55"],
        "registration.start": ["17:15"],
        "registration.entry_fee": ["12,50"],
        "prizes.places": ["Pokal\r\nGutschein\r\n"],
        "lives": ["3"],
    }
    assert post_rules(client, rec.pk, sent).status_code == 302
    rules = engine_tournament(fresh(rec.pk)).rules  # type: ignore[union-attr]
    assert (rules.deadline, rules.start) == (16 * 3600 + 55 * 60, 17 * 3600 + 15 * 60)
    assert rules.entry_fee == Decimal("12.50") and rules.prizes == ("Pokal", "Gutschein")
    assert rules.lives == 3


def test_mistakes_are_refused_at_their_fields_and_every_typed_value_stays() -> None:
    client = organised()
    rec = create(client, "alhambra", 8)
    sent, _ = rules_form(client, rec.pk)
    before = counts()
    bad = {
        "s1.games": ["99"],
        "s1.scoring.rounding.step": ["0"],
        "s1.scoring.points.4.2": ["7"],
        "s2.ranking.1": ["lot"],
        "s3.tables.max_other": ["zwei"],
        "s3.scoring.rolloff_losers.4.1": ["1/0"],
        "s3.name": ["Fi\x01nale"],
        "s1.seating": ["quer"],
        "name": [""],
    }
    response = post_rules(client, rec.pk, sent | bad)
    assert response.status_code == 200
    page = text(response)
    says = {
        "s1.games": "muss zwischen 1 und 50 liegen (steht: 99).",
        "s1.scoring.rounding.step": "muss größer als 0 sein.",
        "s1.scoring.points": "4er-Tisch: bessere Plätze dürfen nicht weniger Punkte bekommen.",
        "s2.ranking": "Stechen und Los müssen das letzte Kriterium sein.",
        "s3.tables.max_other": "muss eine ganze Zahl sein.",
        "s3.scoring.rolloff_losers": "4er-Tisch, Stechen um Platz 1: „1/0“ ist keine Zahl.",
        "s3.name": "enthält ein unzulässiges Zeichen (U+0001).",
        "s1.seating": "„quer“ ist nicht erlaubt; möglich: draw, serpentine.",
        "name": "darf nicht leer sein.",
    }
    for name, said in says.items():
        assert said in errors_of(field_block(page, name)), name
    assert 'value="99"' in field_block(page, "s1.games")
    assert 'value="zwei"' in field_block(page, "s3.tables.max_other")
    assert 'value="1/0"' in field_block(page, "s3.scoring.rolloff_losers")
    assert "Bitte die markierten Werte prüfen; nichts wurde gespeichert." in page
    assert fresh(rec.pk).ruleset == rec.ruleset and counts() == before


def test_format_d_mistakes_are_refused_in_german() -> None:
    client = organised()
    rec = created(client, "schocken-ko")
    sent, _ = rules_form(client, rec.pk)
    bad = {
        "registration.deadline": ["18:00"],
        "registration.entry_fee": ["2,555"],
        "tables.survivors": ["3"],
        "chips.main": ["0"],
        "registration.admission": ["halb fünf"],
    }
    page = text(post_rules(client, rec.pk, sent | bad))
    says = {
        "registration.deadline": "Einlass ≤ Anmeldeschluss ≤ Turnierstart.",
        "registration.entry_fee": "höchstens 2 Nachkommastellen",
        "tables.survivors": "muss kleiner als die kleinste Tischgröße (3) sein.",
        "chips.main": "muss zwischen 1 und 50 liegen",
        "registration.admission": "„halb fünf“ ist keine Zeit",
    }
    for name, said in says.items():
        assert said in errors_of(field_block(page, name)), (
            name,
            errors_of(field_block(page, name)),
        )
    assert fresh(rec.pk).ruleset == rec.ruleset


def test_the_form_is_refused_after_the_first_draw() -> None:
    client = organised()
    rec = create(client, "alhambra", 8)
    sent, _ = rules_form(client, rec.pk)
    assert release(client, rec.pk, 1).status_code == 302
    before = counts()
    page = text(post_rules(client, rec.pk, sent | {"s1.games": ["3"]}))
    assert "Nach der ersten Auslosung lassen sich die Regeln nicht mehr ändern." in page
    assert counts() == before and fresh(rec.pk).ruleset == rec.ruleset
    page = text(client.get(f"/turniere/{rec.pk}/regeln/"))
    assert 'id="rules-form"' not in page and "Partie 1 bis 2" in page


def test_an_outdated_form_and_a_visitor_change_nothing() -> None:
    client = organised()
    rec = create(client, "gruppenmodus", 8)
    sent, _ = rules_form(client, rec.pk)
    page = text(post_rules(client, rec.pk, sent | {"s1.games": ["4"], "version": ["7"]}))
    assert "Inzwischen wurde etwas anderes eingetragen" in page
    assert 'value="4"' in field_block(page, "s1.games")
    visitor = Client()
    response = post_rules(visitor, rec.pk, sent | {"s1.games": ["4"]})
    assert response.status_code == 302 and "/anmelden/" in response["Location"]
    assert fresh(rec.pk).ruleset == rec.ruleset
    assert 'id="rules-form"' not in text(visitor.get(f"/turniere/{rec.pk}/regeln/"))


# -- form → rules → form, for any accepted value -------------------------------------------


def filled(sent: dict[str, list[str]]) -> dict[str, list[str]]:
    """The fields of a form that hold a text."""
    return {k: v for k, v in sent.items() if v not in ([], [""])}


@st.composite
def a_change(draw: st.DrawFn, params: list[ruleform.Param]) -> tuple[ruleform.Param, Any]:
    """A parameter of the form and a value of its kind within its bounds."""
    param = draw(st.sampled_from(params))
    return param, draw(form_value(param))


@pytest.mark.parametrize("preset", ["alhambra", "schocken-ko"])
@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_accepted_value_round_trips_through_the_page(preset: str, data: st.DataObject) -> None:
    client = organised()
    rec = created(client, preset)
    rules = engine_tournament(rec)
    params = family_engine.params(getattr(rules, "ruleset", None) or rules.rules)  # type: ignore[union-attr]
    param, value = data.draw(a_change(params))
    sent, _ = rules_form(client, rec.pk)
    response = post_rules(client, rec.pk, with_typed(sent, param, value))
    if response.status_code == 302:
        again, _ = rules_form(client, rec.pk)
        assert filled(with_typed(again, param, value)) == filled(again)  # shows what was typed
    else:  # refused where values depend on each other: at a field, nothing changed
        assert 'class="param-input"' in text(response) and ' invalid"' in text(response)
        assert fresh(rec.pk).ruleset == rec.ruleset
