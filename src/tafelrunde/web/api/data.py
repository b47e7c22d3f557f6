"""What the API shows, made from the same data as the public pages and kept while the
tournament (its revision) or the club's data does not change."""

from __future__ import annotations

from typing import Any

from django.db.models import F
from django.utils.text import slugify

from tafelrunde.web.api.family_parts import API
from tafelrunde.web.club.club_ratings import family_name
from tafelrunde.web.club.models import Season
from tafelrunde.web.club.ratings_cache import club
from tafelrunde.web.club.season_evenings import season_view
from tafelrunde.web.club.season_show import number
from tafelrunde.web.core.domain.store import memo, read_only
from tafelrunde.web.core.models import Event, TournamentRecord
from tafelrunde.web.core.pages import ranking_data
from tafelrunde.web.core.templatetags.tafel import lang, translated


def _ref(rec: Any) -> dict[str, Any]:
    """A tournament as lists name it."""
    return {"id": rec.pk, "name": rec.name, "format": rec.format_label,
            "format_letter": rec.format, "day": rec.day}  # fmt: skip


def events() -> list[dict[str, Any]]:
    """Every club event, the dated ones first by date, with its tournaments."""
    found = Event.objects.prefetch_related("tournaments").order_by(
        F("date").asc(nulls_last=True), "name", "pk"
    )
    return [
        {"id": e.pk, "name": e.name, "date": e.date, "kind": e.kind, "kind_key": slugify(e.kind),
         "tournaments": [_ref(t) for t in e.tournaments.all().defer("ruleset", "players")]}
        for e in found
    ]  # fmt: skip


def tournaments() -> list[dict[str, Any]]:
    """Every tournament, the newest first."""
    found = TournamentRecord.objects.defer("ruleset", "players").order_by("-pk")
    return [_ref(r) | {"event": r.event_id} for r in found]


def tournament(rec: TournamentRecord) -> dict[str, Any]:
    """One tournament: whether it started and is over, its stages."""
    family = API.of(rec.family)
    played = family.stages(rec)
    return _ref(rec) | {"event": rec.event_id, "started": family.started(rec),
                        "finished": bool(read_only(rec)[1].finished),
                        "stages": [translated(title) for _, title in played],
                        "stage_keys": [key for key, _ in played]}  # fmt: skip


def standings(rec: TournamentRecord) -> list[dict[str, Any]]:
    """Each stage's standing, the newest first (formats A–C; format D: none)."""
    return memo(rec, f"api-standings-{lang()}", lambda: API.of(rec.family).standings(rec))


def ranking(rec: TournamentRecord) -> dict[str, Any]:
    """The overall ranking (provisional until the tournament is over)."""
    return memo(rec, f"api-ranking-{lang()}", lambda: _ranking(rec))


def _ranking(rec: TournamentRecord) -> dict[str, Any]:
    """The ranking as the ranking page shows it, one detail text per place."""
    data = ranking_data(rec)
    rows = []
    machine = API.of(rec.family).places(rec)
    for r, places in zip(data["rows"], machine, strict=True):
        if "prize" in r:
            detail = str(r["prize"] or "")
        else:
            detail = " · ".join(x for x in (str(r.get("stage_title", "")),
                                            str(r.get("values", ""))) if x)  # fmt: skip
        rows.append({"place": r["place"], "name": str(r["name"]), "detail": detail} | places)
    return {"title": data["title"], "final": bool(data["finished"]), "rows": rows}


def seasons() -> list[dict[str, Any]]:
    """Every season, the newest first."""
    return [
        {"id": s.pk, "name": s.name, "date_from": s.date_from, "date_to": s.date_to}
        for s in Season.objects.all()
    ]


def season(found: Season) -> dict[str, Any]:
    """A season's table (no rows while none of its tournaments is over)."""
    view = season_view(found)
    rows = []
    if view.table is not None:
        rows = [{"place": r.place, "person": str(r.person), "name": r.name,
                 "total": number(r.total), "points": float(r.total),
                 "evenings": r.evenings} for r in view.table.rows]  # fmt: skip
    return {"id": found.pk, "name": found.name, "date_from": found.date_from,
            "date_to": found.date_to, "rows": rows}  # fmt: skip


def ratings() -> list[dict[str, Any]]:
    """Every game family's ratings, best first."""
    data = club()
    return [
        {"family": family_name(family), "family_key": family,
         "rows": [{"rank": rank, "person": str(r.person), "name": name,
                   "value": str(r.shown()), "rating": float(r.shown()), "games": r.games}
                  for rank, name, r in data.ratings.table(family)]}
        for family in data.ratings.ratings.families()
    ]  # fmt: skip
