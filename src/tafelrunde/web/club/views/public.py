"""The club's public pages: a person's evenings and ratings, the ratings, the club statistics.

Only names and results are shown, never an e-mail address.
"""

from __future__ import annotations

from collections import Counter
from datetime import date
from fractions import Fraction
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from tafelrunde.engine.families import SHIPPED, family_of_letter
from tafelrunde.engine.ratings import shown
from tafelrunde.web.club.charts import Labels, Point, bar_chart, line_chart
from tafelrunde.web.club.club_mark import club_mark
from tafelrunde.web.club.club_ratings import family_name
from tafelrunde.web.club.models import Person
from tafelrunde.web.club.ratings_cache import Club, Tournament, club
from tafelrunde.web.club.season_evenings import person_key, standings_of
from tafelrunde.web.club.season_show import number
from tafelrunde.web.core.roles import is_staff
from tafelrunde.web.core.shared import shared

BEST = 5  # best results shown on the person page
ACTIVE = 10  # most active persons on the statistics page


def format_name(label: str) -> str:
    """A format with its letter and game ('Format B · Alhambra'), or a club's own by name."""
    shipped = SHIPPED.get(label)
    if shipped is None:
        return label
    return _("Format %(letter)s · %(game)s") % {
        "letter": label,
        "game": family_name(shipped.rating_family),
    }


def day_of(text: str) -> date | None:
    """The day of a sortable 'played on' text (None when it holds none)."""
    try:
        return date.fromisoformat(text[:10])
    except ValueError:
        return None


def day_text(text: str) -> str:
    """A 'played on' text as a short date (31.12.2026)."""
    day = day_of(text)
    return day.strftime("%d.%m.%Y") if day is not None else ""


def tournament_row(t: Tournament, player: str) -> dict[str, Any]:
    """A tournament of a person: when, what, which place of how many, games, Schock aus."""
    got = t.played
    return {
        "pk": t.pk,
        "name": t.name,
        "day": day_of(t.day),
        "format": format_name(got.format),
        "finished": got.finished,
        "place": got.places.get(player),
        "participants": got.participants,
        "games": got.games_of(player),
        "schock_out_king": family_of_letter(got.format).schock_out_king,
        "schock_outs": got.schock_outs.get(player, 0),
        "king": player in got.kings,
    }


def rating_rows(data: Club, pk: int) -> list[dict[str, Any]]:
    """A person's rating per family: value, games, rank, and the history as a chart."""
    key = person_key(pk)
    rows = []
    for rating in data.ratings.ratings.of_person(key):
        name = family_name(rating.family)
        points = [
            Point(day_text(p.key), p.value, f"{day_text(p.key)}: {shown_value(p.value)}")
            for p in rating.history
        ]
        labels = Labels(
            _("Rating in %(family)s after each game") % {"family": name},
            _("games"),
            _("rating"),
        )
        rows.append({
            "family": rating.family,
            "name": name,
            "value": rating.shown(),
            "games": rating.games,
            "rank": data.ranks.get((key, rating.family)),
            "rated": len(data.ratings.ratings.ranking(rating.family)),
            "chart": line_chart(points, labels, f"rating-{rating.family}"),
        })  # fmt: skip
    return rows


def shown_value(value: float) -> str:
    """A rating value with one decimal, in the page's language (7,2 in German)."""
    return number_format(shown(value), 1, use_l10n=True)


def season_standings(person: Person) -> list[dict[str, Any]]:
    """The person's place, total and evenings in every season they are ranked in."""
    return [
        {"season": season, "place": row.place, "total": number(row.total),
         "evenings": row.evenings, "counted": sum(1 for c in row.cells if c.counted)}
        for season, row in standings_of(person)
        if row is not None
    ]  # fmt: skip


@shared(club_mark)
def person(request: HttpRequest, person: int) -> HttpResponse:
    """A person's page: tournaments, best results, ratings with their history, Schock aus;
    for everyone once the person has a result, before that for the organisers only."""
    found = Person.objects.filter(pk=person).only("pk", "name", "member").first()
    if found is None:
        raise Http404(_("This person does not exist."))
    data = club()
    mine = {t: p for t, links in data.links.items() for p, who in links.items() if who == found.pk}
    rows = [tournament_row(t, mine[t.pk]) for t in data.tournaments if t.pk in mine]
    if not is_staff(request.user) and not any(r["games"] or r["place"] for r in rows):
        raise Http404(_("This person does not exist."))  # public only with a result
    ranked = [r for r in rows if r["finished"] and r["place"]]
    best = sorted(
        ranked, key=lambda r: (Fraction(r["place"], max(r["participants"], 1)), r["place"])
    )[:BEST]
    kings = [r for r in rows if r["schock_out_king"]]
    context = {
        "person": found,
        "rows": list(reversed(rows)),  # the newest first
        "best": best,
        "ratings": rating_rows(data, found.pk),
        "knockouts": list(reversed(kings)),
        "schock_total": sum(r["schock_outs"] for r in kings),
        "seasons": season_standings(found),
    }
    return render(request, "club/person.html", context)


@shared(club_mark)
def ratings(request: HttpRequest) -> HttpResponse:
    """Every game family's ratings, best first; persons linked to their page."""
    data = club()
    families = []
    for family in data.ratings.ratings.families():
        rows = [
            {
                "rank": rank,
                "name": name,
                "pk": int(r.person[7:]) if r.person.startswith("person-") else None,
                "value": r.shown(),
                "games": r.games,
            }
            for rank, name, r in data.ratings.table(family)
        ]
        families.append({"family": family, "name": family_name(family), "rows": rows})
    return render(request, "club/ratings.html", {"families": families})


@shared(club_mark)
def statistics(request: HttpRequest) -> HttpResponse:
    """The club in figures: evenings, players per evening, the most active, the winners."""
    data = club()
    evenings: dict[str, set[str]] = {}
    for t in data.tournaments:
        links = data.links.get(t.pk, {})
        day = t.day[:10]
        who = evenings.setdefault(day, set())
        for player in t.played.names:
            person = links.get(player)
            who.add(person_key(person) if person is not None else f"{t.pk}:{player}")
    points = [Point(day_text(day) or day, float(len(who))) for day, who in evenings.items()]
    chart = line_chart(
        points,
        Labels(_("Players per evening"), _("evenings"), _("players")),
        "evenings",
        from_zero=True,
    )
    played: Counter[int] = Counter()
    for links in data.links.values():
        played.update(set(links.values()))
    top = played.most_common()
    names = dict(Person.objects.filter(pk__in=[pk for pk, _ in top]).values_list("pk", "name"))
    active = sorted(((n, names.get(pk, ""), pk) for pk, n in top), key=lambda x: (-x[0], x[1]))
    active_rows: list[dict[str, Any]] = [
        {"pk": pk, "name": name, "count": n} for n, name, pk in active[:ACTIVE]
    ]
    active_chart = bar_chart(
        [Point(r["name"], float(r["count"])) for r in active_rows],
        Labels(_("Tournaments played by the most active persons"), _("persons"),
               _("tournaments")),
        "active",
    )  # fmt: skip
    context = {
        "tournaments": len(data.tournaments),
        "events": data.events,
        "evenings": len(evenings),
        "chart": chart,
        "active": active_rows,
        "active_chart": active_chart,
        "winners": winners(data),
    }
    return render(request, "club/statistics.html", context)


def winners(data: Club) -> list[dict[str, Any]]:
    """The winners of the finished tournaments by format, newest first."""
    rows: list[dict[str, Any]] = []
    for t in reversed(data.tournaments):
        if not t.played.finished:
            continue
        links = data.links.get(t.pk, {})
        rows.append({
            "letter": t.played.format,
            "format": format_name(t.played.format),
            "pk": t.pk,
            "name": t.name,
            "day": day_of(t.day),
            "winners": [
                {"name": t.played.names.get(p, p), "pk": links.get(p)}
                for p in t.played.winners()
            ],
        })  # fmt: skip
    rows.sort(key=lambda r: r["letter"])  # stable: newest first within a format
    return rows
