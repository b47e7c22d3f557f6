"""Slides of formats A–C: the tables of the current game with their state, and the standings."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.board import current_tables
from tafelrunde.web.core.domain.store import group_read
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import drawn, stage_cells_of
from tafelrunde.web.core.seat import rolloffs_by_table
from tafelrunde.web.core.templatetags.tafel import Translator, translated
from tafelrunde.web.live.slide import Slide, paged

STANDING_ROWS = 16  # players per slide
STATES: dict[str, Message] = {  # the public words of a table's result (no tokens, no versions)
    "open": msg("open"),
    "entered": msg("entered"),
    "disputed": msg("disputed"),
    "confirmed": msg("confirmed"),
}


def tables(rec: TournamentRecord, now: float) -> list[Slide]:
    """Every table of the current game: number, players (start player first), its state."""
    state = group_read(rec)[1]
    st = state.current
    if st is None or not drawn(state):
        return []
    rows = current_tables(state)
    games = {r.seat.game for r in rows}
    items: list[dict[str, Any]] = []
    counts: Counter[str] = Counter()
    tr = Translator()  # the four states' words, each made once for the tables
    word = tr(st.rule.game_word())
    rolloffs = rolloffs_by_table(state, {r.seat.index: r.seat.game for r in rows}, names=False)
    for r in sorted(rows, key=lambda r: (r.seat.game, r.seat.index)):
        status = "confirmed" if r.seat.status.status == "decided" else r.seat.status.status
        counts[status] += 1
        items.append({
            "number": r.seat.index, "game": r.seat.game if len(games) > 1 else None,
            "names": r.seat.view.names, "start_known": r.seat.view.seats_known,
            "status": status, "said": tr(STATES[status]), "word": word,
            "rolloffs": card_lines([line for line, _ in rolloffs.get(r.seat.index, [])]),
            "rolling": {n for _, who in rolloffs.get(r.seat.index, []) for n in who},
        })  # fmt: skip
    title = translated(msg("Tables"))
    note = translated(st.title())
    if len(games) == 1:
        note = translated(msg("{stage} · {word} {game}", stage=st.title(),
                              word=st.rule.game_word(), game=next(iter(games))))  # fmt: skip
    counted = [(translated(STATES[k]), counts[k], k) for k in STATES if counts[k]]
    most = max(len(item["names"]) + len(item["rolloffs"]) for item in items)
    slides = paged("tables", title, "live/slide_tables.html", items, tables_per_slide(most),
                   note=note, counts=counted)  # fmt: skip
    for slide in slides:
        slide.data["columns"] = columns(len(slide.data["items"]), 4)
    return slides


def card_lines(lines: list[str]) -> list[str]:
    """A table card's roll-off lines: each once; more than two as one line that counts them
    (the flags beside the names say who plays them)."""
    distinct = list(dict.fromkeys(lines))
    if len(distinct) <= 2:
        return distinct
    return [translated(msg("{n} roll-offs open", n=len(lines)))]


def tables_per_slide(most: int) -> int:
    """How many table cards of at most `most` rows (players and open roll-offs) fit a slide:
    4 columns of 3 rows, of 2 rows for 5 or 6, else 2 columns of 2."""
    return 12 if most <= 4 else 8 if most <= 6 else 4


def columns(cards: int, widest: int) -> int:
    """The columns of a slide's cards: one row up to three, 2×2 for four, 3 up to nine, else
    `widest`."""
    if cards == 4:
        return 2
    return min(cards, 3 if cards <= 9 else 4, widest)


def standings(rec: TournamentRecord, now: float) -> list[Slide]:
    """The running stage's standing (ranks, points, the deciding tie-break), once it has results."""
    state = group_read(rec)[1]
    if state.finished or not state.stages:
        return []
    st = state.current or state.stages[-1]
    if not st.results:
        return []
    table = dict(stage_cells_of(rec, state, st))
    word = msg("standings") if table["final"] else msg("standings (provisional)")
    title = f"{table['title']} – {translated(word)}"
    rows = [[(value, css) for value, css in row] for row in table.pop("rows")]
    note = translated(msg("Ranking: {criteria}", criteria=table["ranking"]))
    return paged("standings", title, "live/slide_standings.html", rows, STANDING_ROWS, note=note,
                 head=table)  # fmt: skip
