"""The rules as a form, without the web: every parameter described, an unchanged form writes
nothing, and any value of a parameter's kind either round-trips (form → rules → form,
nothing else changed) or is refused at a field, exactly as the ruleset file refuses it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
import tomli_w
from hypothesis import event, given
from hypothesis import strategies as st

from helpers import UNUSUAL, unusual
from strategies import form_value
from tafelrunde.engine import family_engine, ruleform
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.ruleform import Param
from tafelrunde.presets import AnyRules, load_rules, preset_names, rules_from_toml

pytestmark = pytest.mark.unit


def check(source: dict[str, Any]) -> AnyRules:
    """The ruleset file's own check: written as TOML and read back."""
    return rules_from_toml(tomli_w.dumps(source), origin="Regelwerk")


def texts_of(raw: dict[str, list[str]], param: Param) -> dict[str, list[str]]:
    """The texts of one parameter's fields (its own inputs only; flags unchecked: none)."""
    own = {k: v for k, v in raw.items() if k == param.name or k.startswith(param.name + ".")}
    return {k: v for k, v in own.items() if v not in ([], [""])}


def typed(param: Param, value: Any) -> dict[str, list[str]]:
    """The texts that give a parameter this value."""
    return ruleform.raw_of([replace(param, value=value)], ",")


@pytest.mark.parametrize("preset", preset_names())
def test_the_unchanged_form_writes_nothing(preset: str) -> None:
    rules = load_rules(preset)
    params = family_engine.params(rules)
    found = ruleform.readings(params, ruleform.raw_of(params, ","))
    assert [p.name for p, r in found if r.changes(p)] == []
    assert ruleform.changed_source(rules.source, found) == rules.source
    names = [p.name for p in params]
    assert len(names) == len(set(names)), "every field has its own name"


def test_an_emptied_default_moves_into_the_other_stages() -> None:
    rules = load_rules("alhambra")
    params = family_engine.params(rules)
    raw = ruleform.raw_of(params, ",") | {"s1.scoring.game_point_factor.3": [""]}
    source = ruleform.changed_source(rules.source, ruleform.readings(params, raw))
    assert "game_point_factor" not in source["defaults"]["scoring"]
    new = check(source)
    assert [dict(s.scoring.game_point_factor) for s in new.stages] == [{}, {3: 0.75}, {3: 0.75}]  # type: ignore[union-attr]


def test_a_refusal_is_found_at_its_parameter() -> None:
    rules = load_rules("king-lui")
    params = family_engine.params(rules)
    assert ruleform.param_at("stages[2].scoring.points.3[2]", params).name == "s2.scoring.points"  # type: ignore[union-attr]
    assert ruleform.param_at("stages[3].entrants", params).name == "s3.entrants.top"  # type: ignore[union-attr]
    assert ruleform.param_at("stages[1].games", params).name == "s1.games"  # type: ignore[union-attr]
    assert ruleform.param_at("Regelwerk", params) is None


@given(preset=st.sampled_from(preset_names()), data=st.data())
def test_any_value_round_trips_or_is_refused_at_a_field(preset: str, data: st.DataObject) -> None:
    rules = load_rules(preset)
    params = family_engine.params(rules)
    param = data.draw(st.sampled_from(params))
    value = data.draw(form_value(param))
    raw = {
        k: v for k, v in ruleform.raw_of(params, ",").items() if k not in texts_of({k: v}, param)
    }
    raw |= typed(param, value)
    source, found = ruleform.refusals(rules.source, ruleform.readings(params, raw), check)
    event("refused" if found else "accepted")
    if found:
        assert all(p is not None for p, _ in found), [e.field for _, e in found]
        with pytest.raises(RuleError):
            check(source)
        return
    after = {p.name: p for p in family_engine.params(check(source))}
    now = after[param.name]
    assert sorted(now.value) == sorted(value) if param.kind == "sizes" else now.value == value
    assert texts_of(ruleform.raw_of([now], ","), param) == texts_of(typed(param, value), param)
    derived = {
        param.name.replace(".ranking", ".table_ranking"),  # follows the ranking if unset
        param.name.replace(".points", ".rolloff_losers"),  # follows the points by the old rule
    }
    for p in params:
        if p.name != param.name and p.name not in derived:
            assert after[p.name].value == p.value, p.name


@pytest.mark.parametrize("preset", sorted(UNUSUAL))
def test_an_unusual_file_is_left_as_it_is_by_the_unchanged_form(preset: str) -> None:
    rules = rules_from_toml(unusual(preset))
    params = family_engine.params(rules)
    found = ruleform.readings(params, ruleform.raw_of(params, ","))
    assert [p.name for p, r in found if r.changes(p)] == []
