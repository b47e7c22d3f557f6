"""Known persons offered while an organiser types a player's name."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tafelrunde.engine.name_match import NameIndex
from tafelrunde.web.club.models import Person
from tafelrunde.web.club.people import Suggester
from tafelrunde.web.core.common import organiser

OFFERED = 6  # persons offered for one typed name


@organiser
def person_suggestions(request: HttpRequest) -> HttpResponse:
    """The persons whose names hold what was typed, then those that look alike."""
    typed = request.GET.get("q", "")[:100].strip()
    found: list[Person] = []
    if len(typed) >= 2:
        known = Suggester()
        index = NameIndex(tuple(p.name for p in known.people))
        for person in [*(known.people[i] for i in index.find(typed)), *known.similar(typed)]:
            if person not in found:
                found.append(person)
    return render(request, "club/suggestions.html", {"found": found[:OFFERED], "typed": typed})
