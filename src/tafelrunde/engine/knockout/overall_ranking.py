"""The overall ranking of a knockout: place, name and prize."""

from __future__ import annotations

from typing import Any

from tafelrunde.engine.family_interface import Table
from tafelrunde.engine.knockout import KnockoutState
from tafelrunde.engine.knockout.results import prize_winners, ranking
from tafelrunde.i18n import Text, msg

KNOCKOUT_COLUMNS: tuple[str, ...] = ("place", "name", "prize")


def knockout_ranking_table(state: KnockoutState) -> Table:
    """Format D's overall ranking for people: place, name, prize."""
    rows = knockout_ranking_rows(state)
    head: list[Text] = [msg("Place"), msg("Player"), msg("Prize")]
    return head, [[r["place"], r["name"], r["prize"] or ""] for r in rows]


def knockout_ranking_rows(state: KnockoutState) -> list[dict[str, Any]]:
    """The overall ranking of a format-D tournament, with the prizes once it is over."""
    prizes = {place: prize for place, _, prize in prize_winners(state)}
    return [
        {
            "place": r.place,
            "id": r.player,
            "name": state.players[r.player].name,
            "prize": prizes.get(r.place),
        }
        for r in ranking(state)
    ]
