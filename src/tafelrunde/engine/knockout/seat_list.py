"""Who sits where now in a knockout: the open table of each player, or the queue they wait
in, or why they play no table."""

from __future__ import annotations

from tafelrunde.engine.knockout import KnockoutState, Status, ranking
from tafelrunde.engine.knockout.rules import BRACKET_NAMES, Bracket
from tafelrunde.engine.seat_list import Seating, SeatRow, Where, alphabetical
from tafelrunde.i18n import Text, msg


def knockout_seating(state: KnockoutState) -> Seating:
    """Format D: each player's open table and seat, or the queue, or why there is none."""
    places = {r.player: r.place for r in ranking(state)}
    queued = {p: (b, k) for b, queue in state.queues.items() for k, p in enumerate(queue, 1)}
    rows = []
    for p in state.players.values():
        row = SeatRow(p.id, p.name, Where.NOT_SEATED, note=msg("not seated yet"))
        if p.status is Status.SEATED and p.table is not None:
            table = state.tables[p.table]
            note: Text = BRACKET_NAMES[table.bracket]
            if table.final and table.bracket is not Bracket.GRAND_FINAL:
                note = msg("{bracket}, final table", bracket=note)
            seat = table.players.index(p.id) + 1
            row = SeatRow(p.id, p.name, Where.SEATED, table.place or table.number, seat, note=note)
        elif p.status is Status.WAITING and p.id in queued:
            bracket, k = queued[p.id]
            count = len(state.queues[bracket])
            note = msg("waiting: {bracket}, {k} of {count} in the queue",
                       bracket=BRACKET_NAMES[bracket], k=k, count=count)  # fmt: skip
            row = SeatRow(p.id, p.name, Where.WAITING, note=note)
        elif p.status is Status.FINALIST:
            row = SeatRow(p.id, p.name, Where.WAITING, note=msg("waiting for the grand final"))
        elif p.status is Status.OUT:
            out = msg("no lives left")
            if p.id in places:
                out = msg("{status} – place {place}", status=out, place=places[p.id])
            row = SeatRow(p.id, p.name, Where.OUT, note=out)
        elif p.status is Status.PLACED:
            note = msg("finished – place {place}", place=places.get(p.id, "–"))
            row = SeatRow(p.id, p.name, Where.PLACED, note=note)
        elif p.status is Status.WITHDRAWN:
            row = SeatRow(p.id, p.name, Where.WITHDRAWN, note=msg("withdrawn"))
        elif not p.paid:
            row = SeatRow(p.id, p.name, Where.NOT_SEATED, note=msg("entry fee still missing"))
        elif state.rules.check_in and not p.checked_in:
            row = SeatRow(p.id, p.name, Where.NOT_SEATED, note=msg("check-in still missing"))
        rows.append(row)
    note = msg("The tournament is over.") if state.finished else ""
    return Seating("", note, alphabetical(rows))
