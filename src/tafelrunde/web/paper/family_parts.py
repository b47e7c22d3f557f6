"""What the print pages ask of a format family: its table cards, its score sheets and who
gets a certificate."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypedDict

from tafelrunde.i18n import Message
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.parts import Parts
from tafelrunde.web.paper.cards_data import Card


class Certificate(TypedDict):
    """One place's certificate: the place, the name, the prize (None: no prize)."""

    place: int
    name: str
    prize: object


class Crown(TypedDict):
    """The Schock-Aus-König's certificate: the name and how many Schock aus."""

    name: str
    count: int


Placed = tuple[list[Certificate], int, list[Crown]]
# everybody ranked, the places printed unless asked otherwise, the kings


@dataclass(frozen=True)
class Sheets:
    """A family's score sheets: their template, the sheets now, what an empty print says."""

    template: str
    make: Callable[[TournamentRecord], Sequence[object]]
    empty: Message


@dataclass(frozen=True)
class PaperPart:
    """A family's answers to the print pages."""

    cards: Callable[[TournamentRecord], list[Card]]  # each table's card now
    sheets: Sheets
    placed: Callable[[TournamentRecord], Placed]  # the certificates, once it is over


PAPER: Parts[PaperPart] = Parts("print pages")
