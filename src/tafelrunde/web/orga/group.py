"""The group family on the organiser's pages: results board, staff's word, rules in lines."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import reverse

from tafelrunde.engine.groups import entries
from tafelrunde.engine.groups.entries import Spot
from tafelrunde.engine.groups.rules_text import player_lines, stage_lines, summary_lines
from tafelrunde.engine.rule_words import named
from tafelrunde.i18n import Message, msg
from tafelrunde.presets import shipped_description
from tafelrunde.web.core.board import board
from tafelrunde.web.core.board_row import BoardRow
from tafelrunde.web.core.domain.store import Logged, append, group_read, group_state
from tafelrunde.web.core.frame import stamp
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.seat import rolloffs_by_table, rows_of, status_words
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.orga.family_parts import OrgaPart, Rows, Where, Word
from tafelrunde.web.orga.views.board_rolloffs import boxes


def _group_rows(rec: TournamentRecord) -> Rows:
    """The current game's tables of a group format as board rows, the counts, the game's word."""
    tour, state = group_read(rec)
    rows, counts = board(state)
    fix = reverse("tables", args=[rec.pk])
    mode = tour.ruleset.confirmation
    rolloffs = rolloffs_by_table(state, {r.seat.index: r.seat.game for r in rows})
    shown: list[BoardRow] = []
    for r in rows:
        seat = r.seat
        disputed = boxes(tour, state, r.rolloffs, seat.game)
        playing = {d["names"] for d in disputed}
        shown.append({
            "where": r.where, "table": seat.index, "game": seat.game, "key": seat.index,
            "status": r.status, "table_status": seat.status.status,
            "said": translated(status_words(seat.status, mode)[0]),
            "stage": seat.st.key, "names": seat.view.names, "disputed_rolloffs": disputed,
            "rolloffs": [line for line, who in rolloffs.get(seat.index, []) if who not in playing],
            "versions": [{"n": e.n, "by": tour.name_of(e.player),
                          "rows": rows_of(tour, seat.view, e)} for e in seat.status.pending],
            "settled": seat.status.result is not None, "by_staff": seat.status.by_staff,
            "mark": seat.mark,
            "fix": f"{fix}?partie={seat.game}&tisch={seat.index}",
            "fix_label": msg("Correct on the tables page") if seat.status.result is not None
            else msg("Enter the result yourself"),
        })  # fmt: skip
    word = translated(state.current.rule.game_word()) if state.current else ""
    return shown, counts, word


def _settle_group(
    request: HttpRequest,
    rec: TournamentRecord,
    where: Where,
    word: Word,
    decide: bool,
) -> None:
    """Record the staff's word on a format A–C table (`word`: the entry and the table's
    latest fact the board showed)."""
    stage, game, table = where
    entry, basis = word
    by = request.user.get_username()

    words: dict[str, Message] = {}

    def change(tour: Any) -> Any:
        state = group_state(tour)
        words["word"] = state.stage(stage).rule.game_word()
        spot = Spot(stage, game, table)
        return entries.settle_by_staff(
            state, spot, entry, decide=decide, basis=basis, at=stamp(), by=by
        )

    def log(done: Any) -> Logged:
        where = {"table": table, "game": game, "word": words["word"]}
        said = (
            msg("Decided: table {table}, {word} {game}", **where)
            if decide
            else msg("Confirmed: table {table}, {word} {game}", **where)
        )
        return Logged(said, fact=done.n)

    append(rec.pk, change, user=request.user, log=log)


def _group_summary(rec: TournamentRecord) -> dict[str, object]:
    """A group format's rules: each stage's lines."""
    ruleset = group_read(rec)[0].ruleset
    stages = [
        {
            "title": translated(r.title()),
            "id": r.id,
            "lines": [translated(line) for line in stage_lines(r)],
            "note": r.note,
        }
        for r in ruleset.stages
    ]
    rows = [(translated(label), translated(value)) for label, value in player_lines(ruleset)]
    title = translated(named(ruleset.name, ruleset.name_en))
    own = ruleset.description
    return {
        "rows": rows,
        "stages": stages,
        "title": title,
        "summary": [translated(line) for line in summary_lines(ruleset)],
        "note": "" if shipped_description(own) else own,  # a preset's fixed text may be stale
    }


PART = OrgaPart(
    _group_rows,
    lambda _rec: [],  # a table of formats A–C is drawn with its game
    _settle_group,
    _group_summary,
)
