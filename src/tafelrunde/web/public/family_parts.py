"""What the public pages ask of a format family: its next steps and its facts in words."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from tafelrunde.i18n import Message
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.parts import Parts


class NextStep(Protocol):
    """A step the organisers or referees take next: its kind and its text."""

    @property
    def kind(self) -> str:
        """What kind of step (e.g. 'result', 'draw', 'finished')."""

    @property
    def text(self) -> Message:
        """The step in words."""


@dataclass(frozen=True)
class PublicPart:
    """A family's answers to the overview and the log."""

    steps: Callable[[TournamentRecord], Sequence[NextStep]]  # what comes next
    words: Callable[[TournamentRecord], Callable[[int], str]]  # a fact (by number) in words
    undone: Callable[[TournamentRecord], set[int]]  # the numbers of the facts taken back
    at_tables: Callable[[TournamentRecord], set[int]]  # those a player made at a table link


PUBLIC: Parts[PublicPart] = Parts("public pages")
