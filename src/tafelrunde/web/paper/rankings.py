"""Standings and rankings on paper: each stage's standing (formats A–C), the overall ranking
(provisional until the end) and format D's Schock-Aus-König list."""

from __future__ import annotations

from django.http import HttpRequest

from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import ranking_data
from tafelrunde.web.paper.parts import Part


def ranking_part(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """The overall ranking as on the screen page; "provisional" until the tournament is over."""
    return [Part("paper/part_ranking.html", ranking_data(rec))]
