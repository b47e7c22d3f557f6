"""The read-only JSON API, `/api/v1/` (django-ninja): the club's events, tournaments with their
standings and rankings, seasons and ratings; its OpenAPI 3 document at `/api/v1/openapi.json`.
Everything here is public as the pages are, rate-limited per address, and kept per revision."""

from __future__ import annotations

import math
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language
from ninja import NinjaAPI
from ninja.errors import HttpError, Throttled, ValidationError
from ninja.throttling import BaseThrottle
from pydantic import TypeAdapter

from tafelrunde.i18n import msg
from tafelrunde.web.api import data
from tafelrunde.web.api.schemas import (
    EventOut,
    Problem,
    RankingOut,
    RatingsOut,
    SeasonOut,
    SeasonRef,
    StageOut,
    TournamentItem,
    TournamentOut,
)
from tafelrunde.web.club.club_mark import club_mark
from tafelrunde.web.club.models import Season
from tafelrunde.web.core import rates
from tafelrunde.web.core.conditional import fresh, tagged
from tafelrunde.web.core.domain.kept import Kept
from tafelrunde.web.core.models import Event, TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated

MAX_ID = 2**31 - 1  # a larger number names nothing
# the finished answers, by address, language and the mark of what they show: a crowd asking
# while nothing changes costs one answer made (the schema checks it as it is made)
_ANSWERS: Kept[tuple[Any, ...], tuple[bytes, str]] = Kept(512)
SHAPES: dict[Any, TypeAdapter[Any]] = {}


def _kept(request: HttpRequest, mark: Any, shape: Any, make: Any) -> HttpResponse:
    """The answer kept for this address while its mark holds, else made (checked against its
    schema) and kept."""
    adapter = SHAPES.get(shape) or SHAPES.setdefault(shape, TypeAdapter(shape))
    key = (request.path, get_language(), mark)
    made = _ANSWERS.get(key, lambda: tagged(adapter.dump_json(adapter.validate_python(make()))),
                        alone=True)  # fmt: skip
    body, etag = made
    answer = HttpResponse(body, content_type="application/json; charset=utf-8")
    return fresh(request, answer, etag, max_age=60)


def _listed() -> tuple[Any, ...]:
    """The mark of the lists of events and tournaments (what they show of each)."""
    return (
        tuple(TournamentRecord.objects.order_by("pk").values_list("pk", "name", "day",
                                                                  "event_id", "format")),
        tuple(Event.objects.order_by("pk").values_list("pk", "name", "date", "kind")),
    )  # fmt: skip


class AddressThrottle(BaseThrottle):
    """At most `API_RATE` requests per address (the one the server trusts, never a header)."""

    def allow_request(self, request: HttpRequest) -> bool:
        """Count the request; say whether it is within the rate."""
        return rates.take(settings.API_RATE, "api", rates.address_of(request))

    def wait(self) -> float | None:
        """Seconds until this address may ask again."""
        return rates.wait()


api = NinjaAPI(
    title="Tafelrunde",
    version="1",
    description="The club's events, tournaments, standings, rankings, seasons and ratings "
    "(names and results only), read-only.",
    urls_namespace="api",
    docs_url=None,  # no documentation page that loads scripts from elsewhere: the JSON only
    throttle=[AddressThrottle()],
)


LIMITED: dict[int, Any] = {429: Problem}  # too many requests from this address
REFUSED: dict[int, Any] = {404: Problem, 422: Problem, **LIMITED}  # no such id, a malformed one


@api.exception_handler(ValidationError)
def _refused(request: HttpRequest, exc: ValidationError) -> Any:
    """A malformed address or parameter: 422 with the reason (never a traceback)."""
    return api.create_response(request, {"detail": "malformed request"}, status=422)


@api.exception_handler(Throttled)
def _throttled(request: HttpRequest, exc: Throttled) -> Any:
    """Too many requests from this address: 429, saying when to ask again (Retry-After)."""
    said = msg("Too many requests from this address; please try again in {seconds} s.",
               seconds=math.ceil(exc.wait or 60))  # fmt: skip
    return api.create_response(request, {"detail": translated(said)}, status=429)


def _tournament(pk: int) -> TournamentRecord:
    """The tournament of an address, or 404."""
    found = TournamentRecord.objects.filter(pk=pk).first() if 0 < pk <= MAX_ID else None
    if found is None:
        raise HttpError(404, "no such tournament")
    return found


@api.get(
    "/events", response={200: list[EventOut], **LIMITED}, tags=["events"], operation_id="listEvents"
)
def events(request: HttpRequest) -> Any:
    """The club's events, dated ones first; `date` null: not fixed yet."""
    return _kept(request, _listed(), list[EventOut], data.events)


@api.get(
    "/tournaments",
    response={200: list[TournamentItem], **LIMITED},
    tags=["tournaments"],
    operation_id="listTournaments",
)
def tournaments(request: HttpRequest) -> Any:
    """Every tournament, the newest first."""
    return _kept(request, _listed(), list[TournamentItem], data.tournaments)


@api.get(
    "/tournaments/{pk}",
    response={200: TournamentOut, **REFUSED},
    tags=["tournaments"],
    operation_id="getTournament",
)
def tournament(request: HttpRequest, pk: int) -> Any:
    """One tournament."""
    rec = _tournament(pk)
    mark = (rec.revision, rec.name, rec.day, rec.event_id)
    return _kept(request, mark, TournamentOut, lambda: data.tournament(rec))


@api.get(
    "/tournaments/{pk}/standings", response={200: list[StageOut], **REFUSED},
    tags=["tournaments"], operation_id="getTournamentStandings",
)  # fmt: skip
def standings(request: HttpRequest, pk: int) -> Any:
    """Each stage's standing, the newest first (formats A–C; format D has none: its ranking)."""
    rec = _tournament(pk)
    return _kept(request, rec.revision, list[StageOut], lambda: data.standings(rec))


@api.get(
    "/tournaments/{pk}/ranking",
    response={200: RankingOut, **REFUSED},
    tags=["tournaments"],
    operation_id="getTournamentRanking",
)
def ranking(request: HttpRequest, pk: int) -> Any:
    """The overall ranking; `final` once the tournament is over."""
    rec = _tournament(pk)
    return _kept(request, rec.revision, RankingOut, lambda: data.ranking(rec))


@api.get(
    "/seasons",
    response={200: list[SeasonRef], **LIMITED},
    tags=["seasons"],
    operation_id="listSeasons",
)
def seasons(request: HttpRequest) -> Any:
    """Every season ranking."""
    return _kept(request, club_mark(), list[SeasonRef], data.seasons)


@api.get(
    "/seasons/{pk}",
    response={200: SeasonOut, **REFUSED},
    tags=["seasons"],
    operation_id="getSeason",
)
def season(request: HttpRequest, pk: int) -> Any:
    """A season's table."""
    found = Season.objects.filter(pk=pk).first() if 0 < pk <= MAX_ID else None
    if found is None:
        raise HttpError(404, "no such season")
    return _kept(request, club_mark(), SeasonOut, lambda: data.season(found))


@api.get(
    "/ratings",
    response={200: list[RatingsOut], **LIMITED},
    tags=["ratings"],
    operation_id="listRatings",
)
def ratings(request: HttpRequest) -> Any:
    """Every game family's ratings, best first (never an official ranking)."""
    return _kept(request, club_mark(), list[RatingsOut], data.ratings)
