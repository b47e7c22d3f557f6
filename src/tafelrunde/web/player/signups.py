"""Online sign-up: a public form adds a player to the tournament (formats A–C: to its players
before the first draw; format D: a registration, before the deadline) or, once every place
is taken, to the waiting list; the registrant gets their pass at once; a cancellation frees
the place for the first who waits. The order is `waitlist.Waitlist`'s."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.name_match import name_keys
from tafelrunde.engine.seat_list import Where as At
from tafelrunde.i18n import msg
from tafelrunde.web.club.roster import players_of
from tafelrunde.web.core.domain.store import touch
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import seating_of
from tafelrunde.web.core.writes import locked
from tafelrunde.web.player import passes, signup_mail
from tafelrunde.web.player.family_parts import PLAYER
from tafelrunde.web.player.models import Arrival, PlayerPass, SignUp, SignUpDesk
from tafelrunde.web.player.waitlist import Waitlist

CLOSED = RuleError(msg("The online sign-up of this tournament is closed."), field="name")
FULL = RuleError(
    msg("Every place is taken and the waiting list is full; please try again later: a "
        "cancellation frees a place."),
    field="name",
)  # fmt: skip


def desk_of(rec: TournamentRecord) -> SignUpDesk:
    """The tournament's sign-up settings (closed until the organisers open it)."""
    return SignUpDesk.objects.filter(tournament=rec).first() or SignUpDesk(tournament=rec)


def waitlist_of(rec: TournamentRecord) -> Waitlist:
    """Who plays and who waits now, with the desk's places and waiting places."""
    desk = desk_of(rec)
    return waitlist(rec, desk.capacity, desk.waiting_room())


def waitlist(rec: TournamentRecord, capacity: int | None, room: int | None = None) -> Waitlist:
    """Who plays and who waits now, from the sign-ups in the order they came; the places
    are the tournament's in all (the players the organisers entered take theirs first);
    `room`: the places on the waiting list (None: no bound)."""
    found = list(SignUp.objects.filter(tournament=rec).exclude(status__in=SignUp.GONE))
    if capacity is not None:
        online = {s.player for s in found if s.status == SignUp.PLAYING}
        capacity = max(0, capacity - len(entered(rec) - online))
    wl = Waitlist(capacity, room)
    for s in found:
        (wl.playing if s.status == SignUp.PLAYING else wl.waiting).append(str(s.pk))
    return wl


def entered(rec: TournamentRecord) -> set[str]:
    """The players who take a place now (entered by hand or online; not withdrawn)."""
    return {r.player for r in seating_of(rec).rows if r.where is not At.WITHDRAWN}


def still_open(rec: TournamentRecord) -> bool:
    """Say whether players may still sign up (the organisers opened it; before the start or
    the deadline)."""
    return desk_of(rec).open and PLAYER.of(rec.family).entry.open(rec)


# -- signing up and cancelling (each under the tournament's lock, in one transaction) -------


def _same(name: str, names: Iterable[str]) -> str | None:
    """The name of `names` that is `name` in other spelling (case, spacing, accents, ä as
    ae), if any."""
    keys = set(name_keys(name))
    return next((n for n in names if keys & set(name_keys(n))), None)


def sign_up(
    rec: TournamentRecord, name: str, email: str, note: str, browser: str, base: str = ""
) -> tuple[SignUp, int]:
    """Take a sign-up (that came by the address `base`): a player now, or on the waiting
    list; it gets its pass, and its mail when an address is known. The sign-up and its place
    on the waiting list as it was taken (0: it plays)."""
    name = " ".join(name.split())
    with locked(rec.pk) as now:
        if now is None or not still_open(now):
            raise CLOSED
        taken = SignUp.objects.filter(tournament=now).exclude(status__in=SignUp.GONE)
        known = [*(s.name for s in taken), *(n for _, n in players_of(now))]
        if (same := _same(name, known)) is not None:
            said = msg("'{name}' is signed up already.", name=name) if same == name else msg(
                "'{name}' is signed up already (as '{same}').", name=name, same=same)  # fmt: skip
            raise RuleError(said, field="name")
        if browser and taken.filter(browser=browser).count() >= 3:
            raise RuleError(msg("This device signed up three players already."), field="")
        wl = waitlist_of(now)
        if wl.closed():
            raise FULL
        made = SignUp.objects.create(tournament=now, name=name, email=email, note=note,
                                     browser=browser, base=base[:300])  # fmt: skip
        place = wl.sign_up(str(made.pk))
        if place == 0:
            made.player, made.status = PLAYER.of(now.family).entry.add(now, name), SignUp.PLAYING
            made.save(update_fields=["player", "status"])
        _pass(now, made)
        signup_mail.taken(now, made, place)
    return made, place


def _pass(rec: TournamentRecord, made: SignUp) -> None:
    """The sign-up's pass: its player's, or a waiting one's (moves up with it)."""
    player = made.player or waiting_id(made)
    kept = PlayerPass.objects.filter(tournament=rec, player=player).first()
    if kept is None:
        passes.tokens_for(rec, [player])  # makes it
        kept = PlayerPass.objects.get(tournament=rec, player=player)
    kept.sign_up = made
    kept.save(update_fields=["sign_up"])


def token_of(made: SignUp) -> str:
    """The pass token of a sign-up."""
    kept = PlayerPass.objects.get(sign_up=made)
    return passes.token_of(kept) or ""


def cancel(made: SignUp, *, move_up: bool = True, by: Any = None) -> list[SignUp]:
    """Cancel a sign-up (or, `by` the organisers, take out a no-show); who waits moves up
    into the freed place in the order they came (returned; not with `move_up` False: the
    desk then fills the places with who is here). Cancelled already: nothing happens."""
    with locked(made.tournament_id) as rec:
        now = SignUp.objects.filter(pk=made.pk).first()
        if rec is None or now is None or now.status in SignUp.GONE:
            return []
        playing = now.status == SignUp.PLAYING and now.player
        if playing and by is None and not PLAYER.of(rec.family).entry.open(rec):
            raise PLAYER.of(rec.family).entry.too_late
        if playing:
            PLAYER.of(rec.family).entry.remove(rec, now.player, by)
        now.status = SignUp.CANCELLED if by is None else SignUp.NO_SHOW
        now.save(update_fields=["status"])
        PlayerPass.objects.filter(sign_up=now).delete()
        Arrival.objects.filter(tournament=rec, player=waiting_id(now)).delete()
        return fill(rec) if move_up else []


def remove_no_shows(rec: TournamentRecord, by: Any) -> tuple[int, list[SignUp]]:
    """Take out everybody signed up online who has not arrived (before the first draw); who
    waits and is here moves up, in the order they came. How many went, who moved up."""
    with locked(rec.pk) as now:
        if now is None or not PLAYER.of(now.family).entry.open(now):
            raise RuleError(msg("After the first draw nobody is removed here."), field="")
        here = set(Arrival.objects.filter(tournament=now).values_list("player", flat=True))
        gone = [s for s in SignUp.objects.filter(tournament=now, status=SignUp.PLAYING)
                if s.player not in here]  # fmt: skip
        for s in gone:
            cancel(s, move_up=False, by=by)
        return len(gone), fill(now, here_only=True)


def set_desk(rec: TournamentRecord, *, open_: bool, capacity: int | None, room: int | None,
             code: str) -> list[SignUp]:  # fmt: skip
    """Save the sign-up's settings; who waits moves up into places added (returned)."""
    with locked(rec.pk) as now:
        if now is None:
            return []
        SignUpDesk.objects.update_or_create(
            tournament=now,
            defaults={"open": open_, "capacity": capacity, "waiting": room, "club_code": code},
        )
        moved = fill(now)
        touch(now.pk)  # the tournament's pages show the form's link, or no more
        return moved


def _move_up(rec: TournamentRecord, pk: str) -> SignUp:
    """The sign-up that moved up: now a player, its pass now the player's; it is mailed."""
    up = SignUp.objects.get(pk=int(pk))
    up.player, up.status = PLAYER.of(rec.family).entry.add(rec, up.name), SignUp.PLAYING
    up.save(update_fields=["player", "status"])
    PlayerPass.objects.filter(sign_up=up).update(player=up.player)
    Arrival.objects.filter(tournament=rec, player=waiting_id(up)).update(player=up.player)
    signup_mail.moved_up(rec, up)
    return up


def waiting_id(made: SignUp) -> str:
    """The mark a waiting sign-up's pass and arrival carry until it is a player."""
    return f"w{made.pk}"


def fill(rec: TournamentRecord, *, here_only: bool = False) -> list[SignUp]:
    """Move up who waits into places freed (more places, or players removed), in the order
    they came; `here_only`: only those who have arrived (the others keep waiting)."""
    with locked(rec.pk) as now:
        if now is None:
            return []
        wl = waitlist_of(now)
        here = set(Arrival.objects.filter(tournament=now).values_list("player", flat=True))
        moved = []
        for pk in list(wl.waiting):
            if wl.full():
                break
            if here_only and f"w{pk}" not in here:
                continue
            wl.waiting.remove(pk)
            wl.playing.append(pk)
            moved.append(_move_up(now, pk))
        return moved
