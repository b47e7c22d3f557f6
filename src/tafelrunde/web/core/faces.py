"""Each format family's face on the web: its own pages, and the page that plays each part.

The engine's registry (`engine.families`) says what a family is; this says which pages show
it. A view of one family's part is marked with `part_of`: a tournament of another family is
sent to its own page of that part (an old bookmark or a typed address never ends in a 404).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import wraps
from typing import Any, Literal, TypeVar

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from tafelrunde.engine.families import Family
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.common import handed_on, record_of
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.parts import Parts
from tafelrunde.web.core.templatetags.tafel import link, translated

Part = Literal["players", "tables", "standings"]
PageView = Callable[[HttpRequest, TournamentRecord], HttpResponse]  # a family's own page
FAMILY_PAGE = "family-page"  # the address of a family's own pages: /turniere/<pk>/seite/<slug>/
V = TypeVar("V", bound=Callable[..., HttpResponse])

OVERVIEW = ("tournament", msg("Overview"))
SEATS = ("seats", msg("Where do I sit?"))
SHARED = (  # the pages every family has, after its own
    ("ranking", msg("Ranking & prizes")),
    ("rules", msg("Rules")),
    ("print-menu", msg("Print")),
    ("log", msg("Log")),
)


@dataclass(frozen=True)
class Column:
    """A column of a family's overall ranking: the key of its rows, its head, its styles."""

    key: str
    label: Message
    head: str = ""  # the head cell's classes ("key": a column to read first)
    cell: str = ""  # each row's cell's classes


@dataclass(frozen=True)
class Face:
    """A family's pages: its tabs (address name, label) and the page of each part."""

    family: Family
    pages: tuple[tuple[str, Message], ...]  # its own tabs between the overview and the shared
    parts: Mapping[Part, str]  # the address name of the page that plays each part
    steps: Mapping[str, str]  # where a next step is done, by its kind (else: the tables)
    ranking: Callable[[TournamentRecord], dict[str, object]]  # the overall ranking's data
    columns: tuple[Column, ...] = ()  # its overall ranking's columns after place and name
    views: Mapping[str, PageView] = field(default_factory=dict)  # its own pages, by slug

    def tabs(self, pk: int) -> list[tuple[str, str, str]]:
        """Every tab of a tournament of this family: its key, its label in the active
        language, its address (a page of its own at `family-page`)."""
        return [
            (
                key,
                translated(label),
                link(FAMILY_PAGE, pk, key) if key in self.views else link(key, pk),
            )
            for key, label in (*self.pages, *SHARED)
        ]


FACE: Parts[Face] = Parts("face")  # each family's, added by its web package


def face_of(rec: TournamentRecord) -> Face:
    """The face of the tournament's family."""
    return FACE.of(rec.family)


def part_of(family: Family, part: Part) -> Callable[[V], V]:
    """Mark a view as the family's page (or action) of one part; a tournament of another
    family is sent to its own page of that part."""

    def mark(view: V) -> V:
        @wraps(view)
        def shown(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
            rec = record_of(pk)
            if rec.family is not family:
                return redirect(face_of(rec).parts[part], pk)
            with handed_on(rec):  # the view's own record_of takes it: one query, not two
                return view(request, pk, *args, **kwargs)

        return shown  # type: ignore[return-value]

    return mark
