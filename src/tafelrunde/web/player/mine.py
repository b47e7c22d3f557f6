"""What a player's pass shows ("Mein Platz"): where I sit now, what I must do now, my
results so far and my standing; each family says it its own way."""

from __future__ import annotations

from django.urls import reverse

from tafelrunde.engine.seat_list import Where as At
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import seating_of
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.player.family_parts import PLAYER
from tafelrunde.web.player.mine_data import Mine
from tafelrunde.web.table.now_at import row_of, table_token


def mine(rec: TournamentRecord, player: str) -> Mine:
    """What the player's pass shows now."""
    state = read_only(rec)[1]
    row = row_of(rec, player)
    token = table_token(rec, state, row)
    shown = Mine(row, reverse("table-link", args=[token]) if token else "")
    seating = seating_of(rec)
    if row is not None and row.where is At.SEATED:
        same = [r for r in seating.rows if r.where is At.SEATED and r.table == row.table
                and r.game == row.game and r.player != player]  # fmt: skip
        shown.mates = [r.name for r in sorted(same, key=lambda r: r.seat or 0)]
    PLAYER.of(rec.family).mine(rec, player, shown)
    if state.finished:  # no "wait for the next draw", no table to go to
        shown.over, shown.table_url, shown.mates, shown.heading = True, "", [], ""
        shown.todo = [translated(msg("The tournament is over: see the final ranking."))]
    return shown
