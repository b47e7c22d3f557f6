"""Where a player sits now and the link of that table: what a bound phone and a pass show."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from tafelrunde.engine.seat_list import SeatRow
from tafelrunde.engine.seat_list import Where as At
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import seating_of
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.table.family_parts import TABLE
from tafelrunde.web.table.links import tokens_for


def row_of(rec: TournamentRecord, player: str) -> SeatRow | None:
    """The player's row of the seating now (None: not a player of it)."""
    return next((r for r in seating_of(rec).rows if r.player == player), None)


def table_token(rec: TournamentRecord, state: Any, row: SeatRow | None) -> str:
    """The token of the table link where the row's player sits now ("": not seated)."""
    if row is None or row.where is not At.SEATED:
        return ""
    where = TABLE.of(rec.family).link(rec, row)
    return tokens_for(rec, [where])[where] if where is not None else ""


def name_of(rec: TournamentRecord, player: str) -> str:
    """A player's name as the seating list shows it (the id if not found), from the state the
    page shows (a phone's page needs no seating of everybody for it)."""
    state: Any = read_only(rec)[1]
    found: str = state.name_of(player)
    return found


def sits_now(rec: TournamentRecord, player: str) -> tuple[str, str]:
    """Where the player sits now in words ("You sit at table 7, seat 2 now.") and the link
    of that table; else where they stand ("waiting: consolation bracket, 1 of 1", "no lives
    left") or that the tournament is over, without a link ("" for both: nothing to say)."""
    state = read_only(rec)[1]
    row = row_of(rec, player)
    if row is None:
        return "", ""
    if state.finished:
        return translated(msg("The tournament is over.")), ""
    token = table_token(rec, state, row)
    if token:
        said = msg("You sit at table {table}, seat {seat} now.", table=row.table, seat=row.seat)
        return translated(said), reverse("table-link", args=[token])
    if row.note:
        return translated(msg("Not at a table now: {note}.", note=row.note)), ""
    return "", ""
