"""Slides of format D: the queues, the open tables with chips, lives and clock, the grand final."""

from __future__ import annotations

from typing import Any

from tafelrunde.engine.knockout import Bracket, KnockoutState, ranking
from tafelrunde.engine.knockout.model import TableState
from tafelrunde.engine.knockout.situation import BRACKETS
from tafelrunde.engine.knockout.table_entry import table_status
from tafelrunde.engine.knockout.views_data import bracket_name
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.live.slide import Slide, paged
from tafelrunde.web.live.slides_group import STATES, columns

TABLES_PER_SLIDE = 6  # 3 columns of 2 tables
QUEUE_ROWS = 12  # names per queue and slide


def _state(rec: TournamentRecord) -> KnockoutState:
    """The format-D state of the tournament."""
    _, state = read_only(rec)
    assert isinstance(state, KnockoutState)
    return state


def queues(rec: TournamentRecord, now: float) -> list[Slide]:
    """Who waits in which bracket's queue (and for the grand final), in queue order."""
    state = _state(rec)
    columns = [(translated(bracket_name(b)), [state.players[p].name for p in state.queues[b]])
               for b in BRACKETS]  # fmt: skip
    if state.finalists and state.grand_final() is None:
        names = [state.players[p].name for p in state.finalists]
        columns.append((translated(msg("waiting for the grand final")), names))
    columns = [(title, names) for title, names in columns if names]
    if not columns:
        return []
    longest = max(len(names) for _, names in columns)
    slides = paged("queues", translated(msg("Queues")), "live/slide_queues.html",
                   range(longest), QUEUE_ROWS)  # fmt: skip
    for slide in slides:  # each page shows the same stretch of every queue
        first, n = slide.data["items"][0], len(slide.data["items"])
        slide.data["columns"] = [
            (title, len(names), list(enumerate(names, 1))[first : first + n])
            for title, names in columns
        ]
    return slides


def clock(state: KnockoutState, table: TableState, now: float) -> dict[str, Any]:
    """A table's clock: seconds run, and when play turns sharp (None: never, as in the final)."""
    elapsed = max(int(now - table.opened_at), 0)
    no_sharp = table.bracket is Bracket.GRAND_FINAL and not state.rules.sharp_in_final
    sharp = None if no_sharp else state.rules.sharp_after_minutes * 60
    left = 0 if sharp is None else max(sharp - elapsed, 0)
    return {
        "elapsed": elapsed, "minutes": elapsed // 60, "time": f"{elapsed // 60}:{elapsed % 60:02d}",
        "sharp": sharp, "is_sharp": sharp is not None and elapsed >= sharp,
        "countdown": f"{left // 60}:{left % 60:02d}",
    }  # fmt: skip


def seats(state: KnockoutState, table: TableState) -> list[dict[str, Any]]:
    """The table's players in seat order: chips left (of how many), lives, or gone."""
    most = state.rules.chips(table.bracket)
    grand = table.bracket is Bracket.GRAND_FINAL
    places = {r.player: r.place for r in ranking(state)} if grand else {}
    out = []
    for p in table.players:
        player = state.players[p]
        here = p in table.remaining
        chips = player.chips if here else 0
        out.append({
            "name": player.name, "gone": not here, "chips": chips, "chip_marks": "●" * chips,
            "spent_marks": "○" * max(most - chips, 0), "lives": None if grand else player.lives,
            "life_marks": "♥" * player.lives,
            "place": places.get(p), "winner": p == state.winner,
        })  # fmt: skip
    return out


def card(state: KnockoutState, table: TableState, now: float) -> dict[str, Any]:
    """One open table: hall number, bracket, seats, clock and the current game's state."""
    game = table_status(state, table.number)
    bracket = translated(bracket_name(table.bracket))
    if table.final and table.bracket is not Bracket.GRAND_FINAL:
        bracket = translated(msg("{bracket}, final table", bracket=bracket_name(table.bracket)))
    status = "confirmed" if game.status == "decided" else game.status
    return {
        "place": table.place or table.number, "bracket": bracket, "seats": seats(state, table),
        "clock": clock(state, table, now), "game": game.game, "status": status,
        "said": translated(STATES[status]) if status in ("entered", "disputed") else "",
    }  # fmt: skip


def ko_tables(rec: TournamentRecord, now: float) -> list[Slide]:
    """The open tables of the brackets, by hall number, with chips, lives and the clock."""
    state = _state(rec)
    if state.finished:
        return []
    cards = sorted(
        (card(state, t, now) for t in state.open_tables() if t.bracket is not Bracket.GRAND_FINAL),
        key=lambda c: c["place"],
    )
    sharp = state.rules.sharp_after_minutes
    note = translated(msg("sharp after {minutes} minutes: every new game over a single half",
                          minutes=sharp))  # fmt: skip
    slides = paged("ko_tables", translated(msg("Open tables")), "live/slide_ko_tables.html",
                   cards, TABLES_PER_SLIDE, note=note)  # fmt: skip
    for slide in slides:
        slide.data["columns"] = columns(len(slide.data["items"]), 3)
    return slides


def grand_final(rec: TournamentRecord, now: float) -> list[Slide]:
    """The grand final once it is open: its players with chips, who left on which place."""
    state = _state(rec)
    table = state.grand_final()
    if table is None:
        return []
    data = card(state, table, now)
    winner = state.players[state.winner].name if state.winner else ""
    note = translated(msg("Winner: {name}", name=winner)) if winner else ""
    title = translated(msg("Grand final"))
    return [Slide("grand_final-1", "grand_final", title, "live/slide_grand_final.html",
                  {"table": data, "open": table.is_open}, note)]  # fmt: skip
