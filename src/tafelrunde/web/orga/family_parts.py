"""What the organiser's pages ask of a format family: the results board's rows, the staff's
word on a table, the table links of tables not in play, and the rules in readable lines."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest

from tafelrunde.web.core.board_row import BoardRow
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.parts import Parts

Rows = tuple[list[BoardRow], Counter[str], str]  # the rows, the counts, the word for a game
Where = tuple[str, int, int]  # stage, game, table
Word = tuple[int, int | None]  # the entry, and the table's latest fact the board showed


@dataclass(frozen=True)
class OrgaPart:
    """A family's answers to the organiser's pages."""

    rows: Callable[[TournamentRecord], Rows]  # the results board
    free: Callable[[TournamentRecord], list[BoardRow]]  # links of tables not in play now
    settle: Callable[[HttpRequest, TournamentRecord, Where, Word, bool], None]  # decide: True
    rules: Callable[[TournamentRecord], dict[str, object]]  # the rules page's summary


ORGA: Parts[OrgaPart] = Parts("organiser's pages")
