"""Who has arrived: a pass scanned at the desk or "Ich bin da" on one's own pass; in format D
it checks the player in where the ruleset asks for a check-in."""

from __future__ import annotations

from typing import Any

from tafelrunde.web.core.domain.store import touch
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.writes import locked
from tafelrunde.web.player.family_parts import PLAYER
from tafelrunde.web.player.models import Arrival


def may_arrive(rec: TournamentRecord, player: str) -> bool:
    """Say whether the player may still say "Ich bin da" on their pass."""
    return PLAYER.of(rec.family).may_arrive(rec, player)


def arrived(rec: TournamentRecord) -> dict[str, Arrival]:
    """Who has arrived, by player."""
    return {a.player: a for a in Arrival.objects.filter(tournament=rec)}


def has_arrived(rec: TournamentRecord, player: str) -> bool:
    """Say whether the player has arrived."""
    return Arrival.objects.filter(tournament=rec, player=player).exists()


def arrive(rec: TournamentRecord, player: str, *, desk: bool, user: Any, by: str) -> bool:
    """Note that the player is here (False: noted before); check in a format-D player where
    the ruleset asks for it. One transaction under the tournament's lock."""
    with locked(rec.pk) as now:
        if now is None:
            return False
        _, made = Arrival.objects.get_or_create(
            tournament=now, player=player, defaults={"at_desk": desk}
        )
        if made:
            touch(now.pk)  # the desk's open list counts them
        PLAYER.of(now.family).check_in(now, player, user, "" if desk else by)
        return made


def leave(rec: TournamentRecord, player: str) -> bool:
    """Take back that the player is here (a mistake at the desk); False: not noted. A
    format-D check-in stays in the registration (its log entry is undone there)."""
    with locked(rec.pk):
        gone = Arrival.objects.filter(tournament=rec, player=player).delete()[0] > 0
        if gone:
            touch(rec.pk)
        return gone
