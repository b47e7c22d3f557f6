"""The overall ranking's rows share their stage's title and criterion labels (one message
object each), so that a page translates each of them once, not once a row."""

from __future__ import annotations

import pytest

from helpers import tournament
from tafelrunde.engine.export import ranking_table
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.i18n import Message
from tafelrunde.sim.autoplay import play_to_end

pytestmark = pytest.mark.unit


def labels(values: object) -> list[object]:
    """The label messages inside a row's joined "label value" texts."""
    assert isinstance(values, Message)
    return [part.params["label"] for part in values.params.values()]


@pytest.mark.parametrize("preset", ["gruppenmodus", "alhambra", "king-lui"])
def test_rows_of_a_stage_share_one_title_and_one_label_per_criterion(preset: str) -> None:
    t = tournament(preset, 12, seed=3)
    play_to_end(t, seed=4)
    _, table = ranking_table(t, TournamentState(t))
    by_stage: dict[int, list[list[object]]] = {}  # by the title object
    for row in table:
        by_stage.setdefault(id(row[2]), []).append(row)
    titles = [str(rows[0][2]) for rows in by_stage.values()]
    assert len(titles) == len(set(titles)) >= 2  # one title object a stage
    for rows in by_stage.values():
        first = labels(rows[0][4])
        for row in rows[1:]:
            assert all(a is b for a, b in zip(labels(row[4]), first, strict=False))
