"""Certificates (Urkunden): one A4 page per prize place once the tournament is over, with the
club, the tournament, the place, the name large, the prize and a line to sign."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.http import HttpRequest

from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.paper.family_parts import PAPER
from tafelrunde.web.paper.parts import Part, Refusal

PLACES = 3  # formats A–C: certificates for places 1–3 unless asked for more or fewer


def tournament_day(rec: TournamentRecord) -> date | None:
    """The tournament's date: its event's date, else its own day (None when unknown)."""
    event = rec.event
    return event.date if event is not None and event.date else rec.day


def up_to(request: HttpRequest, default: int, ranked: int) -> int:
    """The last place to print (`?bis=N`, 1 ≤ N ≤ the ranked players), else the default."""
    said = request.GET.get("bis", "").strip()
    if not said:
        return min(default, ranked)
    digits = said.isascii() and said.isdigit() and len(said) <= len(str(ranked)) + 2
    if not digits or not 1 <= int(said) <= ranked:
        raise Refusal(msg("Certificates up to place: please a number from 1 to {n}.", n=ranked))
    return int(said)


Placed = tuple[list[dict[str, Any]], int, list[dict[str, Any]]]


def certificates_part(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """One certificate per place 1..N (format D: the prize places and the Schock-Aus-König)."""
    _, state = read_only(rec)
    empty = msg("The tournament is not over yet: certificates are printed once the final "
                "ranking is known.")  # fmt: skip
    context: dict[str, Any] = {
        "empty": translated(empty),
        "day": tournament_day(rec),
        "pages": [],
        "kings": [],
    }
    if state.finished:
        rows, default, kings = PAPER.of(rec.family).placed(rec)
        if rows:
            last = up_to(request, default, len(rows))
            context["pages"] = [r for r in rows if r["place"] <= last]
            context["kings"] = kings
    return [Part("paper/part_certificates.html", context)]
