"""Season rulesets: every option is read, the presets load, a wrong file names field and reason."""

from __future__ import annotations

import copy
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.season import Counting, Points, SeasonRules
from tafelrunde.engine.season.rules_file import season_rules_from_dict, season_rules_from_toml
from tafelrunde.presets import preset_names
from tafelrunde.presets.seasons import load_season_rules, season_preset_names, season_preset_text

pytestmark = pytest.mark.unit

SMALL = """
schema = 1
name = "Test"
"""


def _with(**changes: Any) -> SeasonRules:
    """The `summe` preset with entries changed; keys are dotted paths, None deletes."""
    data = tomllib.loads(season_preset_text("summe"))
    for path, value in changes.items():
        node: Any = data
        *parents, last = path.split("__")
        for key in parents:
            node = node.setdefault(key, {})
        if value is None:
            node.pop(last, None)
        else:
            node[last] = copy.deepcopy(value)
    return season_rules_from_dict(data)


# -- the presets ----------------------------------------------------------------------


def test_the_four_season_presets_are_shipped_apart_from_the_formats() -> None:
    names = season_preset_names()
    assert names == ["beste-6-von-10", "durchschnitt", "schocken-serie", "summe"]
    assert not set(names) & set(preset_names())


@pytest.mark.parametrize("name", ["summe", "beste-6-von-10", "durchschnitt", "schocken-serie"])
def test_every_season_preset_loads_and_equals_its_toml(name: str) -> None:
    rules = load_season_rules(name)
    assert rules == season_rules_from_toml(season_preset_text(name))
    assert rules.source is not None and season_rules_from_dict(rules.source) == rules
    assert rules.name and rules.name_en and rules.description
    assert rules.ties[-1] == "shared"


def test_the_presets_say_what_club_md_says() -> None:
    table = tuple(Fraction(v) for v in (25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1))
    summe = load_season_rules("summe")
    assert summe.name == "Summe aller Abende"
    assert summe.points == Points("place_table", table, Fraction(0))
    assert summe.count == Counting("all")
    best = load_season_rules("beste-6-von-10")
    assert best.name == "beste 6 von 10" and best.count == Counting("best", n=6)
    average = load_season_rules("durchschnitt")
    assert average.points.source == "participants"
    assert average.count == Counting("average", min_evenings=5, below_minimum="behind")
    assert average.guests == "behind_members"
    series = load_season_rules("schocken-serie")
    assert "beste 3 von 4" in series.name
    assert series.count == Counting("best", n=3) and series.points.table == table
    assert series.event_types == ("Schocken",)


def test_a_season_ruleset_file_loads_by_path(tmp_path: Path) -> None:
    path = tmp_path / "meine-wertung.toml"
    path.write_text(season_preset_text("durchschnitt"), encoding="utf-8")
    assert load_season_rules(str(path)) == load_season_rules("durchschnitt")


def test_an_unknown_name_is_refused() -> None:
    with pytest.raises(RuleError) as info:
        load_season_rules("gibt-es-nicht")
    assert info.value.field == "season_ruleset"
    assert "summe" in info.value.text("en")


# -- every option ---------------------------------------------------------------------


def test_the_defaults_of_a_minimal_file() -> None:
    rules = season_rules_from_toml(SMALL)
    assert rules.points.source == "place_table"
    assert rules.points.table[:4] == (25, 20, 16, 13) and len(rules.points.table) == 15
    assert rules.count == Counting("all")
    assert rules.guests == "ranked"
    assert rules.ties == ("more_evenings", "best_result", "shared")
    assert rules.event_types == ()


def test_points_from_a_table_with_fractions_and_beyond() -> None:
    rules = _with(points={"from": "place_table", "table": [5, "2.5", "3/2"], "beyond": "1/2"})
    assert rules.points.table == (5, Fraction(5, 2), Fraction(3, 2))
    assert rules.points.beyond == Fraction(1, 2)
    assert rules.points.for_place(3, 10, None) == Fraction(3, 2)
    assert rules.points.for_place(4, 10, None) == Fraction(1, 2)


def test_points_from_participants_and_from_the_tournament() -> None:
    by_field = _with(points={"from": "participants"}).points
    assert by_field.for_place(1, 12, None) == 12 and by_field.for_place(12, 12, None) == 1
    own = _with(points={"from": "tournament"}).points
    assert own.for_place(1, 12, Fraction(7, 2)) == Fraction(7, 2)


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        ({"mode": "all"}, Counting("all")),
        ({"mode": "best", "n": 6}, Counting("best", n=6)),
        ({"mode": "all_but_worst", "n": 2}, Counting("all_but_worst", n=2)),
        ({"mode": "average"}, Counting("average", min_evenings=1)),
        (
            {"mode": "average", "min_evenings": 5, "below_minimum": "out"},
            Counting("average", min_evenings=5, below_minimum="out"),
        ),
    ],
)
def test_every_count_mode(count: dict[str, Any], expected: Counting) -> None:
    assert _with(count=count).count == expected


@pytest.mark.parametrize("guests", ["ranked", "behind_members", "out"])
def test_every_guest_option(guests: str) -> None:
    assert _with(guests=guests).guests == guests


@pytest.mark.parametrize(
    "ties",
    [
        ["more_evenings", "best_result", "shared"],
        ["best_result", "more_evenings", "shared"],
        ["best_result", "shared"],
        ["shared"],
    ],
)
def test_tie_rules_in_any_order(ties: list[str]) -> None:
    rules = _with(ties=ties)
    assert rules.ties == tuple(ties)
    assert rules.deciders == tuple(ties[:-1])


def test_event_types() -> None:
    assert _with(events={"types": ["Spieleabend", "Schocken"]}).event_types == (
        "Spieleabend",
        "Schocken",
    )


# -- a wrong file names the field and the reason --------------------------------------

WRONG: list[tuple[str, dict[str, Any], str, str]] = [
    ("schema 2", {"schema": 2}, "schema", "version 1"),
    ("no name", {"name": None}, "name", "missing"),
    ("empty name", {"name": "  "}, "name", "empty"),
    ("name a number", {"name": 3}, "name", "must be a text"),
    ("unknown key", {"colour": "rot"}, "colour", "unknown entry"),
    ("unknown points key", {"points__bonus": 3}, "points.bonus", "unknown entry"),
    ("points not a table", {"points": 3}, "points", "must be a table"),
    ("unknown source", {"points__from": "lottery"}, "points.from", "not allowed"),
    ("empty place table", {"points__table": []}, "points.table", "needs 1 to"),
    ("place table a text", {"points__table": "25, 20"}, "points.table", "must be a list"),
    ("negative points", {"points__table": [3, -1]}, "points.table[2]", "negative"),
    ("word as points", {"points__table": [3, "viel"]}, "points.table[2]", "viel"),
    ("true as points", {"points__table": [3, True]}, "points.table[2]", "number"),
    ("rising table", {"points__table": [10, 20]}, "points.table", "fewer points"),
    ("negative beyond", {"points__beyond": -1}, "points.beyond", "negative"),
    ("beyond above table", {"points__beyond": 2}, "points.beyond", "last value"),
    (
        "table without place_table",
        {"points": {"from": "participants", "table": [3, 2]}},
        "points.table",
        "place_table",
    ),
    ("unknown mode", {"count__mode": "median"}, "count.mode", "not allowed"),
    ("best without n", {"count": {"mode": "best"}}, "count.n", "missing"),
    ("n is 0", {"count": {"mode": "best", "n": 0}}, "count.n", "between 1"),
    ("n below 1", {"count": {"mode": "all_but_worst", "n": -2}}, "count.n", "between 1"),
    ("n huge", {"count": {"mode": "best", "n": 10**6}}, "count.n", "between 1 and 1000"),
    ("n a text", {"count": {"mode": "best", "n": "6"}}, "count.n", "whole number"),
    ("n a fraction", {"count": {"mode": "best", "n": 2.5}}, "count.n", "whole number"),
    ("n with all", {"count": {"mode": "all", "n": 3}}, "count.n", "not used"),
    (
        "min_evenings with best",
        {"count": {"mode": "best", "n": 3, "min_evenings": 2}},
        "count.min_evenings",
        "not used",
    ),
    (
        "min_evenings 0",
        {"count": {"mode": "average", "min_evenings": 0}},
        "count.min_evenings",
        "between 1",
    ),
    (
        "unknown below_minimum",
        {"count": {"mode": "average", "below_minimum": "hidden"}},
        "count.below_minimum",
        "not allowed",
    ),
    ("unknown guests", {"guests": "vip"}, "guests", "not allowed"),
    ("guests a number", {"guests": 1}, "guests", "must be a text"),
    ("ties a text", {"ties": "shared"}, "ties", "must be a list"),
    ("ties without shared", {"ties": ["best_result"]}, "ties", '"shared"'),
    ("ties empty", {"ties": []}, "ties", '"shared"'),
    ("shared not last", {"ties": ["shared", "best_result"]}, "ties", '"shared"'),
    ("unknown tie rule", {"ties": ["coin", "shared"]}, "ties[1]", "not allowed"),
    ("tie rule twice", {"ties": ["best_result", "best_result", "shared"]}, "ties[2]", "twice"),
    ("empty event type", {"events": {"types": [""]}}, "events.types[1]", "empty"),
    ("unknown events key", {"events": {"from": "2026-01-01"}}, "events.from", "unknown entry"),
]


@pytest.mark.parametrize(
    ("changes", "field", "reason"), [pytest.param(c, f, r, id=w) for w, c, f, r in WRONG]
)
def test_a_wrong_season_ruleset_names_the_field_and_the_reason(
    changes: dict[str, Any], field: str, reason: str
) -> None:
    with pytest.raises(RuleError) as info:
        _with(**changes)
    err = info.value
    assert err.field == field
    assert reason in err.text("en")
    assert err.text("de") and err.text("de") != err.text("en")  # a German message too
    assert err.message("de").startswith(field)


def test_invalid_toml_names_the_file() -> None:
    with pytest.raises(RuleError) as info:
        season_rules_from_toml('name = "x"\n[points', origin="wertung.toml")
    assert info.value.field == "wertung.toml"
    assert "not valid TOML" in info.value.text("en")


def test_a_toml_date_is_refused() -> None:
    with pytest.raises(RuleError) as info:
        season_rules_from_toml(SMALL + "[events]\nfrom = 2026-01-01\n")
    assert info.value.field is not None and info.value.field.startswith("season ruleset")


def test_the_example_of_the_documentation_is_a_valid_season_ruleset() -> None:
    text = (Path(__file__).parents[3] / "docs" / "seasons.md").read_text(encoding="utf-8")
    example = text.split("```toml\n", 1)[1].split("```", 1)[0].replace('"""…"""', '""')
    rules = season_rules_from_toml(example)
    assert rules.count == Counting("best", n=6) and rules.event_types == ("Spieleabend",)


def test_a_written_season_ruleset_names_its_schema_as_the_docs_say() -> None:
    with pytest.raises(RuleError) as refused:
        season_rules_from_toml('name = "Ohne Schema"\n')
    assert refused.value.field == "schema" and refused.value.msg.text("de") == "fehlt."
    stored = {"name": "Früher gespeichert"}  # a season stored before the rule was kept
    assert season_rules_from_dict(stored).name == "Früher gespeichert"
    docs = (Path(__file__).parents[3] / "docs" / "seasons.md").read_text(encoding="utf-8")
    assert "Every key but `schema` and `name` may be left out" in docs
