"""The series family on the web: its answer to every app's concern, one page of its own,
one print kind and one slide kind."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.http import HttpRequest, HttpResponse

from seriesfamily.engine import SERIES, SeriesState
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.rating_games import rated_games
from tafelrunde.i18n import msg
from tafelrunde.web.api.family_parts import API, ApiPart
from tafelrunde.web.club.family_parts import CLUB, ClubPart, Summary
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.faces import FACE, OVERVIEW, SEATS, Column, Face
from tafelrunde.web.core.frame import page
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.live import slide_kinds
from tafelrunde.web.live.slide import Slide, paged
from tafelrunde.web.live.slide_kinds import SlideKind
from tafelrunde.web.live.slides_common import FINAL
from tafelrunde.web.orga.family_parts import ORGA, OrgaPart
from tafelrunde.web.paper import kinds as print_kinds
from tafelrunde.web.paper.family_parts import PAPER, Certificate, PaperPart, Sheets
from tafelrunde.web.paper.parts import Kind, Part
from tafelrunde.web.player.family_parts import PLAYER, Entry, PlayerPart
from tafelrunde.web.public.family_parts import PUBLIC, PublicPart
from tafelrunde.web.table.family_parts import TABLE, TablePart

PAGE = "punkte"  # its own page: /turniere/<pk>/seite/punkte/


def state_of(rec: TournamentRecord) -> SeriesState:
    """The series' state as the pages share it."""
    state = read_only(rec)[1]
    assert isinstance(state, SeriesState)
    return state


def rows(rec: TournamentRecord) -> list[tuple[int, str, int]]:
    """(place, name, points) of everybody."""
    state = state_of(rec)
    return [(place, state.name_of(p), total) for place, p, total in state.ranking()]


def points_page(request: HttpRequest, rec: TournamentRecord) -> HttpResponse:
    """The series' own page: everybody's points."""
    return page(request, rec, "seriesfamily/points.html", {"rows": rows(rec)})


def ranking(rec: TournamentRecord) -> dict[str, object]:
    """The overall ranking as the ranking page shows it."""
    state = state_of(rec)
    found = [{"place": place, "name": name, "points": total} for place, name, total in rows(rec)]
    return {"finished": state.finished, "rows": found, "prizes": False}


def final_slides(rec: TournamentRecord, title: str) -> list[Slide]:
    """The final ranking on the projector."""
    lines = [[(place, "n"), (name, "name"), (str(total), "")] for place, name, total in rows(rec)]
    return paged("ranking", title, "live/slide_ranking.html", lines, 12, prizes=False)


def points_slides(rec: TournamentRecord, now: float) -> list[Slide]:
    """Its own slide kind: the points so far."""
    lines = [[(place, "n"), (name, "name"), (str(total), "")] for place, name, total in rows(rec)]
    return paged("series_points", "Punkte", "live/slide_ranking.html", lines, 12, prizes=False)


def points_print(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """Its own print kind: the points so far, as on its page."""
    return [Part("seriesfamily/points_part.html", {"rows": rows(rec)})]


def _closed(*_: Any) -> Any:
    """No sign-up online, no check-in: the organisers list the players."""
    raise RuleError(msg("The online sign-up of this tournament is closed."), field="name")


FACE_OF_SERIES = Face(
    SERIES,
    (OVERVIEW, SEATS, (PAGE, msg("Points"))),
    {"players": "tournament", "tables": "tournament", "standings": "tournament"},
    {},
    ranking,
    (Column("points", msg("Points"), "key", "n"),),
    {PAGE: points_page},
)
ANSWERS: list[tuple[Any, Any]] = [
    (FACE, FACE_OF_SERIES),
    (PUBLIC, PublicPart(lambda rec: [], lambda rec: lambda n: "", lambda rec: set(),
                        lambda rec: set())),
    (TABLE, TablePart(lambda link: None, lambda request, link, me: HttpResponse(status=410),
                      lambda rec, row: None)),
    (FINAL, final_slides),
    (PAPER, PaperPart(lambda rec: [], Sheets("paper/part_sheets_group.html", lambda rec: [],
                                             msg("Nothing drawn yet.")),
                      lambda rec: ([Certificate(place=p, name=n, prize=None)
                                    for p, n, _ in rows(rec)], 3, []))),
    (CLUB, ClubPart(
        lambda rec, tag: Summary(rated_games(state_of(rec), tournament=tag, key=""),
                                 {p: place for place, p, _ in state_of(rec).ranking()},
                                 {p.id: p.name for p in state_of(rec).tournament.players}),
        lambda rec: {"ranking": ranking(rec)},
        lambda rec: [(p.id, p.name) for p in state_of(rec).tournament.players])),
    (API, ApiPart(lambda rec: [], lambda rec: bool(state_of(rec).tournament.facts),
                  lambda rec: [],
                  lambda rec: [{"player": p, "stage_key": None, "stage_rank": None}
                               for _, p, _ in state_of(rec).ranking()])),
    (PLAYER, PlayerPart(Entry(lambda rec: False, _closed, _closed, RuleError(msg(
        "After the first draw only the organisers can take a player out; please tell them."),
        field="")), lambda rec, player: False, lambda *_: None, lambda rec, player, shown: None)),
    (ORGA, OrgaPart(lambda rec: ([], Counter(), "Runde"), lambda rec: [],
                    _closed, lambda rec: {"rows": [], "stages": [], "title": rec.name,
                                          "note": ""})),
]  # fmt: skip
PRINT_KIND = Kind("punkte", msg("Points"), msg("Everybody's points so far."), points_print,
                  families=(SERIES,), staff_only=False)  # fmt: skip
SLIDE_KIND = SlideKind("series_points", msg("Points"), points_slides, 35, (SERIES,))


def register() -> None:
    """Add the series' answers to every app, its print kind and its slide kind."""
    for parts, answer in ANSWERS:
        parts.add(SERIES, answer)
    print_kinds.register(PRINT_KIND)
    slide_kinds.register(SLIDE_KIND)


def unregister() -> None:
    """Take them out again."""
    for parts, _ in ANSWERS:
        parts.remove(SERIES)
    print_kinds.KINDS[:] = [k for k in print_kinds.KINDS if k is not PRINT_KIND]
    print_kinds.BY_SLUG.pop(PRINT_KIND.slug, None)
    slide_kinds.SLIDE_KINDS[:] = [k for k in slide_kinds.SLIDE_KINDS if k is not SLIDE_KIND]
