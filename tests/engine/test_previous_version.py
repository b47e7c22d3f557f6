"""What the previous version wrote still reads: every shipped preset as it was shipped (also
as a club preset stores it, a parsed dict) and a tournament file of each format, replayed to
the same final ranking."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tafelrunde.engine.export import final_ranking
from tafelrunde.engine.families import KNOCKOUT, family_of
from tafelrunde.engine.groups.ruleset_file import ruleset_from_dict
from tafelrunde.engine.knockout import knockout_rules_from_dict
from tafelrunde.engine.toml_reader import read_toml
from tafelrunde.engine.tournament_file import dumps_any, loads_any
from tafelrunde.presets import load_rules, preset_names, rules_from_toml

pytestmark = pytest.mark.unit

PREVIOUS = Path(__file__).resolve().parents[1] / "data" / "previous"
RANKINGS = json.loads((PREVIOUS / "rankings.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", preset_names())
def test_a_preset_as_the_previous_version_shipped_it_reads_as_today(name: str) -> None:
    text = (PREVIOUS / f"{name}.toml").read_text(encoding="utf-8")
    assert rules_from_toml(text) == load_rules(name)
    stored = read_toml(text, origin=name)  # a club preset keeps the parsed file
    reader = knockout_rules_from_dict if family_of(stored) is KNOCKOUT else ruleset_from_dict
    assert reader(stored) == load_rules(name)


@pytest.mark.parametrize("name", sorted(RANKINGS))
def test_a_tournament_file_of_the_previous_version_replays_to_its_ranking(name: str) -> None:
    text = (PREVIOUS / f"{name}.json").read_text(encoding="utf-8")
    tour = loads_any(text, origin=name)
    rows, _ = final_ranking(tour)
    assert [[r["place"], r["name"]] for r in rows] == RANKINGS[name]
    assert loads_any(dumps_any(tour)) is not None  # and it is written again as it reads
