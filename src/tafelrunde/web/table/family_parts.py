"""What the table app asks of a format family: who sits at a link's table, its page, and
the link of the table where a player sits now."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse

from tafelrunde.engine.seat_list import SeatRow
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.parts import Parts
from tafelrunde.web.core.seat import Where
from tafelrunde.web.table.models import TableLink


@dataclass(frozen=True)
class TablePart:
    """A family's table page: who sits at a link's table, and the page with its answers."""

    seats: Callable[[TableLink], tuple[str, ...] | None]  # None: the link opens nothing
    answer: Callable[[HttpRequest, TableLink, str], HttpResponse]  # (request, link, who I am)
    link: Callable[[TournamentRecord, SeatRow], Where | None]  # where a seated player sits


TABLE: Parts[TablePart] = Parts("table page")
