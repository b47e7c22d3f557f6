"""Player numbers are never given twice in a tournament: a player taken out before the first
draw leaves no trace behind (check-in, pass, phones, person), and the next one added gets a
number above every number given so far (a phone may still remember the old one)."""

from __future__ import annotations

from collections.abc import Iterable

from tafelrunde.web.club.models import PlayerLink
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.player import passes
from tafelrunde.web.player.models import Arrival, PlayerPass, SignUp
from tafelrunde.web.table import bindings
from tafelrunde.web.table.models import PhoneBinding


def _number(player: str) -> int:
    """The number of an id like p007 (0 for any other id)."""
    return int(player[1:]) if player[:1] == "p" and player[1:].isdigit() else 0


def next_number(rec: TournamentRecord, players: Iterable[dict[str, str]]) -> int:
    """The first number after every one given so far (kept with the tournament; the players
    and the records about them are read too, for tournaments stored before it was kept)."""
    named = [p["id"] for p in players]
    for model in (SignUp, PlayerPass, Arrival, PhoneBinding, PlayerLink):
        found = model.objects.filter(tournament_id=rec.pk).values_list("player", flat=True)
        named += list(found.distinct())
    return 1 + max([rec.numbered, *(_number(p) for p in named)])


def numbered(locked: TournamentRecord, ids: Iterable[str]) -> list[str]:
    """Keep the highest number given with the tournament; the fields to save."""
    locked.numbered = max([locked.numbered, *(_number(p) for p in ids)])
    return ["players", "numbered"]


def forget(rec: TournamentRecord, player: str) -> None:
    """A player taken out before the first draw: their check-in, pass, phones and person
    link go with them."""
    PlayerLink.objects.filter(tournament_id=rec.pk, player=player).delete()
    Arrival.objects.filter(tournament_id=rec.pk, player=player).delete()
    passes.forget_guest(rec, player)
    bindings.release(rec, player)
