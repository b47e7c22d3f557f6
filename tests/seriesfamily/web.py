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
from tafelrunde.web.api.family_parts import ApiPart
from tafelrunde.web.club.family_parts import ClubPart, Summary
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.faces import OVERVIEW, SEATS, Column, Face
from tafelrunde.web.core.frame import page
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.families.web_family import WebFamily
from tafelrunde.web.live.slide import Slide, paged
from tafelrunde.web.live.slide_kinds import SlideKind
from tafelrunde.web.orga.family_parts import OrgaPart
from tafelrunde.web.paper.family_parts import Certificate, PaperPart, Sheets
from tafelrunde.web.paper.parts import Kind, Part
from tafelrunde.web.player.family_parts import Entry, PlayerPart
from tafelrunde.web.public.family_parts import PublicPart
from tafelrunde.web.table.family_parts import TablePart

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
PRINT_KIND = Kind("punkte", msg("Points"), msg("Everybody's points so far."), points_print,
                  families=(SERIES,), staff_only=False)  # fmt: skip
SLIDE_KIND = SlideKind("series_points", msg("Points"), points_slides, 35, (SERIES,))
WEB = WebFamily(
    SERIES,
    FACE_OF_SERIES,
    PublicPart(lambda rec: [], lambda rec: lambda n: "", lambda rec: set(), lambda rec: set()),
    TablePart(lambda link: None, lambda request, link, me: HttpResponse(status=410),
              lambda rec, row: None),
    final_slides,
    PaperPart(lambda rec: [], Sheets("paper/part_sheets_group.html", lambda rec: [],
                                     msg("Nothing drawn yet.")),
              lambda rec: ([Certificate(place=p, name=n, prize=None) for p, n, _ in rows(rec)],
                           3, [])),
    ClubPart(
        lambda rec, tag: Summary(rated_games(state_of(rec), tournament=tag, key=""),
                                 {p: place for place, p, _ in state_of(rec).ranking()},
                                 {p.id: p.name for p in state_of(rec).tournament.players}),
        lambda rec: {"ranking": ranking(rec)},
        lambda rec: [(p.id, p.name) for p in state_of(rec).tournament.players]),
    ApiPart(lambda rec: [], lambda rec: bool(state_of(rec).tournament.facts), lambda rec: [],
            lambda rec: [{"player": p, "stage_key": None, "stage_rank": None}
                         for _, p, _ in state_of(rec).ranking()]),
    PlayerPart(Entry(lambda rec: False, _closed, _closed, RuleError(msg(
        "After the first draw only the organisers can take a player out; please tell them."),
        field="")), lambda rec, player: False, lambda *_: None, lambda rec, player, shown: None),
    OrgaPart(lambda rec: ([], Counter(), "Runde"), lambda rec: [], _closed,
             lambda rec: {"rows": [], "stages": [], "title": rec.name, "note": ""}),
    slide_kinds=(SLIDE_KIND,),
    print_kinds=(PRINT_KIND,),
)  # fmt: skip


def register() -> None:
    """Add the series' answers to every app, its print kind and its slide kind."""
    WEB.add()


def unregister() -> None:
    """Take them out again."""
    WEB.remove()
