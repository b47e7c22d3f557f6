"""The factories' tournaments are the same in every process: the same seed gives the same
lot seed, draws, roll-offs and standings, whatever the hash seed and the time of day."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

TESTS = Path(__file__).resolve().parents[2]

PLAY = """
import sys
from dataclasses import replace
sys.path.insert(0, sys.argv[1])
import django
django.setup()
from factories import group_tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
tour = group_tournament("gruppenmodus", 12, 4, lambda state: False)
state = TournamentState(tour)
print("lot seed", tour.seed)
for fact in tour.facts:
    print(repr(replace(fact, at="")))
for st in state.stages:
    print(st.key, st.standing(state.cut(st)).rows)
print("overall", [row.player for row in state.overall()])
"""


def test_a_factory_tournament_plays_the_same_in_two_processes(tmp_path: Path) -> None:
    runs = []
    for hash_seed in ("1", "2"):
        env = {k: v for k, v in os.environ.items() if not k.startswith("TAFELRUNDE_DATABASE")}
        env |= {
            "PYTHONHASHSEED": hash_seed,
            "DJANGO_SETTINGS_MODULE": "tafelrunde.web.core.settings",
            "TAFELRUNDE_DATA": str(tmp_path / f"data-{hash_seed}"),
        }
        args = [sys.executable, "-c", PLAY, str(TESTS)]
        runs.append(subprocess.Popen(args, env=env, stdout=subprocess.PIPE, text=True))
    first, second = (run.communicate(timeout=120)[0] for run in runs)
    assert [run.returncode for run in runs] == [0, 0]
    assert "Draw(" in first and "Rolloff(" in first and "gruppenrunde-2" in first
    assert first.splitlines() == second.splitlines()
