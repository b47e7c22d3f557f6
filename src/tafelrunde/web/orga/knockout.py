"""The knockout family on the organiser's pages: results board, staff's word, its numbers."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import reverse

from tafelrunde.engine.knockout import KnockoutState
from tafelrunde.engine.knockout.rules_text import rule_items
from tafelrunde.engine.knockout.table_entry import confirm_loser, decide_loser
from tafelrunde.i18n import msg
from tafelrunde.web.core import ko_board
from tafelrunde.web.core.board_row import BoardRow
from tafelrunde.web.core.domain.knockout import enter, knockout_read
from tafelrunde.web.core.frame import stamp
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.orga.family_parts import OrgaPart, Rows, Where, Word


def _knockout_rows(rec: TournamentRecord) -> Rows:
    """A knockout's open tables as board rows, the counts, and the word for a game."""
    state = knockout_read(rec)[1]
    found, counts = ko_board.rows(state)
    fix = reverse("ko-tables", args=[rec.pk])
    for r in found:
        r |= {"fix": f"{fix}#table-{r['key']}", "fix_label": msg("Enter the loser yourself")}
    return found, counts, translated(msg("game"))


def _settle_knockout(
    request: HttpRequest,
    rec: TournamentRecord,
    where: Where,
    word: Word,
    decide: bool,
) -> None:
    """Record the staff's word on a format-D table's current game (`table`: its opening;
    `word`: the entry and the game's latest fact the board showed)."""
    _, game, table = where
    entry, basis = word

    def build(_tour: Any, state: KnockoutState) -> list[Any]:
        if decide:
            return [decide_loser(state, table, entry, game=game, basis=basis)]
        return [confirm_loser(state, table, entry, game=game, basis=basis)]

    enter(rec.pk, build, expected=None, user=request.user, at=stamp())


def _knockout_summary(rec: TournamentRecord) -> dict[str, object]:
    """A knockout's rules: a table of its numbers."""
    rules = knockout_read(rec)[0].rules
    rows = [(translated(label), translated(value)) for label, value in rule_items(rules)]
    return {"rows": rows, "stages": [], "title": rules.name, "note": ""}


def _free(rec: TournamentRecord) -> list[BoardRow]:
    """The hall's free tables, printed ahead."""
    return ko_board.free_rows(knockout_read(rec)[1])


PART = OrgaPart(_knockout_rows, _free, _settle_knockout, _knockout_summary)
