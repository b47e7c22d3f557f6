"""Players' passes: a secret token per club member (every tournament they play) or per guest
(one tournament), derived from a nonce and the server's key like a table link and kept only
as a digest; renewed per player or all at once."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from tafelrunde.engine.seat_list import Where as At
from tafelrunde.web.club.models import Person, PlayerLink
from tafelrunde.web.club.roster import players_of
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.player.models import PlayerPass
from tafelrunde.web.table.links import digest_of, new_token, sealed_token, well_formed
from tafelrunde.web.table.now_at import row_of

SALT = "tafelrunde.player.pass"
# read only when the tournament is first loaded (the kept copy has them): not on every visit
_HEAVY = ("tournament__players", "tournament__ruleset")
RECENT = 8  # a member's pass shows their newest tournaments (each is read to show it)


@dataclass(frozen=True)
class Holder:
    """Who a pass is for in one tournament: the player, and the person if a member's."""

    rec: TournamentRecord
    player: str
    name: str
    person: Person | None = None


def token_of(kept: PlayerPass) -> str | None:
    """The pass's token (None: the server's key changed since it was made)."""
    return sealed_token(kept.sealed, kept.digest, SALT)


def find(token: str) -> PlayerPass | None:
    """The pass a token opens, or None (a malformed, guessed or renewed token)."""
    if not well_formed(token):
        return None
    found = PlayerPass.objects.select_related("person", "tournament").defer(*_HEAVY)
    return found.filter(digest=digest_of(token)).first()


def members_of(rec: TournamentRecord) -> dict[str, Person]:
    """The tournament's players who are club members, with their persons."""
    links = PlayerLink.objects.filter(tournament=rec, person__member=True).select_related("person")
    return {link.player: link.person for link in links}


def tokens_for(rec: TournamentRecord, players: Iterable[str]) -> dict[str, str]:
    """The pass tokens of these players (a member's is the person's); made when first asked."""
    players = list(dict.fromkeys(players))
    members = members_of(rec)
    persons = [members[p].pk for p in players if p in members]
    by_person = {k.person_id: k for k in PlayerPass.objects.filter(person_id__in=persons)}
    by_guest = {k.player: k for k in PlayerPass.objects.filter(tournament=rec, player__in=players)}
    out: dict[str, str] = {}
    for p in players:
        person = members.get(p)
        kept = by_person.get(person.pk) if person else by_guest.get(p)
        token = token_of(kept) if kept is not None else None
        out[p] = token or _make(rec, p, person, kept)
    return out


def token_for_person(person: Person) -> str:
    """A club member's pass token (made when first asked)."""
    kept = PlayerPass.objects.filter(person=person).first()
    token = token_of(kept) if kept is not None else None
    return token or _make(None, "", person, kept)


def _make(
    rec: TournamentRecord | None, player: str, person: Person | None, old: PlayerPass | None
) -> str:
    """Make a pass (replacing one whose token can no longer be shown)."""
    token, sealed = new_token(SALT)
    owner = {"person": person} if person else {"tournament": rec, "player": player}
    try:
        with transaction.atomic():
            if old is not None:
                old.delete()
            PlayerPass.objects.create(**owner, digest=digest_of(token), sealed=sealed)
    except IntegrityError:  # another page made it at the same moment: show that one
        return token_of(PlayerPass.objects.get(**owner)) or ""
    return token


def renew(rec: TournamentRecord, player: str) -> None:
    """Make a player's pass stop working (a new one is made when asked for)."""
    person = members_of(rec).get(player)
    if person is not None:
        PlayerPass.objects.filter(person=person).delete()
    PlayerPass.objects.filter(tournament=rec, player=player).delete()


def renew_all(rec: TournamentRecord, *, members: bool) -> int:
    """Make the guests' passes of a tournament stop working (and its members' too)."""
    count, _ = PlayerPass.objects.filter(tournament=rec).delete()
    if members:
        persons = [p.pk for p in members_of(rec).values()]
        count += PlayerPass.objects.filter(person_id__in=persons).delete()[0]
    return count


def forget_guest(rec: TournamentRecord, player: str) -> None:
    """A removed player's pass stops working."""
    PlayerPass.objects.filter(tournament=rec, player=player).delete()


def holders(kept: PlayerPass) -> list[Holder]:
    """Who the pass is in each tournament it works in, the newest tournament first."""
    if kept.person_id is None:
        rec = kept.tournament
        assert rec is not None
        name = dict(players_of(rec)).get(kept.player)
        return [Holder(rec, kept.player, name)] if name is not None else []
    links = PlayerLink.objects.filter(person_id=kept.person_id).select_related("tournament")
    newest = F("tournament__day").desc(nulls_last=True), F("tournament_id").desc()
    out = []
    for link in links.order_by(*newest)[:RECENT]:
        name = dict(players_of(link.tournament)).get(link.player)
        if name is not None and kept.person is not None and kept.person.member:
            out.append(Holder(link.tournament, link.player, name, kept.person))
    return sorted(out, key=_first)


def _first(holder: Holder) -> tuple[bool, bool, bool]:
    """Which tournament a member's pass opens first: one not over before one over, today's
    before another day's, one played now before one not yet begun (else the newest)."""
    over = read_only(holder.rec)[1].finished
    return over, holder.rec.day != timezone.localdate(), not playing(holder)


def playing(holder: Holder) -> bool:
    """Say whether the holder sits at a table or waits for one now (in a tournament not
    over)."""
    row = row_of(holder.rec, holder.player)
    over = read_only(holder.rec)[1].finished
    return not over and row is not None and row.where in (At.SEATED, At.WAITING)
