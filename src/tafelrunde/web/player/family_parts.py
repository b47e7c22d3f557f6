"""What the players' pages ask of a format family: until when and how it takes sign-ups,
who may still say "Ich bin da", a check-in, and what the pass shows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser

from tafelrunde.engine.errors import RuleError
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.parts import Parts
from tafelrunde.web.player.mine_data import Mine

Someone = AbstractBaseUser | AnonymousUser | None  # who did it (None: the registrant online)


@dataclass(frozen=True)
class Entry:
    """How a family takes sign-ups: until when, how a player is added and taken out, and
    what a registrant is told who cancels too late."""

    open: Callable[[TournamentRecord], bool]
    add: Callable[[TournamentRecord, str], str]  # the new player's id
    remove: Callable[[TournamentRecord, str, Someone], None]
    too_late: RuleError


@dataclass(frozen=True)
class PlayerPart:
    """A family's answers to the players' pages."""

    entry: Entry
    may_arrive: Callable[[TournamentRecord, str], bool]  # "Ich bin da" still possible
    check_in: Callable[[TournamentRecord, str, Someone, str], None]  # on arrival (by whom)
    mine: Callable[[TournamentRecord, str, Mine], None]  # fill in the pass's own part


PLAYER: Parts[PlayerPart] = Parts("players' pages")
