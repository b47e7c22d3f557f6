"""What a print page is made of: parts, each a template with its data, one after the other."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest

from tafelrunde.engine.families import Family
from tafelrunde.i18n import Message
from tafelrunde.web.core.models import TournamentRecord


@dataclass(frozen=True)
class Part:
    """A piece of a print page: a template (under paper/) and what it shows."""

    template: str
    context: dict[str, Any] = field(default_factory=dict)
    blank: bool = False  # nothing to print: the part only says why (left out of "everything")


class Refusal(Exception):
    """A print page's option that cannot be used, in words (the field and the reason)."""

    def __init__(self, said: Message) -> None:
        """Keep what to tell the reader."""
        super().__init__(str(said))
        self.said = said


Maker = Callable[[HttpRequest, TournamentRecord], list[Part]]


@dataclass(frozen=True)
class Kind:
    """One kind of print page: its address, name, what it is for, who may print it."""

    slug: str
    name: Message
    about: Message
    make: Maker
    families: tuple[Family, ...] = ()  # none named: every family has it
    staff_only: bool = True  # it shows table links or money: only for organisers and referees

    def fits(self, family: Family) -> bool:
        """Say whether a tournament of this format family has this page."""
        return not self.families or family in self.families
