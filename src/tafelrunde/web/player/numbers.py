"""Player numbers are never given twice in a tournament: a player taken out before the first
draw leaves their number behind (a check-in, a pass, a phone, a person, a sign-up may still
name it), so the next one added gets a number none of them names."""

from __future__ import annotations

from collections.abc import Iterable

from tafelrunde.web.club.models import PlayerLink
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.player.models import Arrival, PlayerPass, SignUp
from tafelrunde.web.table.models import PhoneBinding


def _number(player: str) -> int:
    """The number of an id like p007 (0 for any other id)."""
    return int(player[1:]) if player[:1] == "p" and player[1:].isdigit() else 0


def next_number(rec: TournamentRecord, players: Iterable[dict[str, str]]) -> int:
    """The first number after every one the players and the records about them use."""
    named = [p["id"] for p in players]
    for model in (SignUp, PlayerPass, Arrival, PhoneBinding, PlayerLink):
        found = model.objects.filter(tournament_id=rec.pk).values_list("player", flat=True)
        named += list(found.distinct())
    return 1 + max((_number(p) for p in named), default=0)
