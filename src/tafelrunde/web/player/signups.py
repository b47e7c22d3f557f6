"""Online sign-up: a public form adds a player to the tournament (formats A–C: to its players
before the first draw; format D: a registration, before the deadline) or, once every place
is taken, to the waiting list; the registrant gets their pass at once; a cancellation frees
the place for the first who waits. The order is `waitlist.Waitlist`'s."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.db import transaction

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import GROUP, KNOCKOUT
from tafelrunde.engine.knockout import KnockoutState, Register, Status, Withdraw
from tafelrunde.engine.knockout.clock import is_late
from tafelrunde.engine.knockout.entry import registrations
from tafelrunde.engine.name_match import name_keys
from tafelrunde.engine.seat_list import Where as At
from tafelrunde.i18n import msg
from tafelrunde.web.club.roster import players_of
from tafelrunde.web.core.domain import setup
from tafelrunde.web.core.domain.knockout import enter, knockout_of
from tafelrunde.web.core.domain.store import Logged, read_only
from tafelrunde.web.core.frame import stamp
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import seating_of
from tafelrunde.web.player import passes
from tafelrunde.web.player.models import Arrival, PlayerPass, SignUp, SignUpDesk
from tafelrunde.web.player.numbers import forget, next_number, numbered
from tafelrunde.web.player.waitlist import Waitlist

CLOSED = RuleError(msg("The online sign-up of this tournament is closed."), field="name")


def desk_of(rec: TournamentRecord) -> SignUpDesk:
    """The tournament's sign-up settings (closed until the organisers open it)."""
    return SignUpDesk.objects.filter(tournament=rec).first() or SignUpDesk(tournament=rec)


def waitlist(rec: TournamentRecord, capacity: int | None) -> Waitlist:
    """Who plays and who waits now, from the sign-ups in the order they came; the places
    are the tournament's in all (the players the organisers entered take theirs first)."""
    found = list(SignUp.objects.filter(tournament=rec).exclude(status__in=SignUp.GONE))
    if capacity is not None:
        online = {s.player for s in found if s.status == SignUp.PLAYING}
        capacity = max(0, capacity - len(entered(rec) - online))
    wl = Waitlist(capacity)
    for s in found:
        (wl.playing if s.status == SignUp.PLAYING else wl.waiting).append(str(s.pk))
    return wl


def entered(rec: TournamentRecord) -> set[str]:
    """The players who take a place now (entered by hand or online; not withdrawn)."""
    return {r.player for r in seating_of(rec).rows if r.where is not At.WITHDRAWN}


# -- the players of each family ------------------------------------------------------------


def _group_open(rec: TournamentRecord) -> bool:
    """Formats A–C: players are added until the first draw."""
    return not setup.started(rec)


def _group_add(rec: TournamentRecord, name: str) -> str:
    """Formats A–C: add the player (as the players page does); their id."""
    made: list[str] = []

    def change(locked: TournamentRecord) -> list[str]:
        if name.casefold() in {p["name"].casefold() for p in locked.players}:
            raise RuleError(msg("'{name}' is registered already.", name=name), field="name")
        new = setup.numbered_players([name], next_number(locked, locked.players))[0]
        locked.players = [*locked.players, {"id": new.id, "name": new.name}]
        made.append(new.id)
        return numbered(locked, [new.id])

    fresh = TournamentRecord.objects.only("version").get(pk=rec.pk)
    setup.edit_before_start(
        rec.pk, fresh.version, CLOSED, change, user=None,
        log=lambda: Logged(msg("Signed up online: {name}", name=name)),
    )  # fmt: skip
    return made[0]


def _group_remove(rec: TournamentRecord, player: str, by: Any) -> None:
    """Formats A–C: take the player out again (before the first draw): cancelled by the
    registrant (`by` None), or taken out by the organisers `by` as not here."""
    gone: list[str] = []

    def change(locked: TournamentRecord) -> list[str]:
        gone.extend(p["name"] for p in locked.players if p["id"] == player)
        locked.players = [p for p in locked.players if p["id"] != player]
        return numbered(locked, [player])

    def log() -> Logged:
        name = ", ".join(gone)
        if by is None:
            return Logged(msg("Online sign-up cancelled: {name}", name=name))
        return Logged(msg("Not here, taken out before the first draw: {name}", name=name))

    fresh = TournamentRecord.objects.only("version").get(pk=rec.pk)
    setup.edit_before_start(rec.pk, fresh.version, CLOSED, change, user=by, log=log)
    forget(rec, player)


def _knockout_open(rec: TournamentRecord) -> bool:
    """Format D: until the registration deadline of the rules."""
    state = read_only(rec)[1]
    assert isinstance(state, KnockoutState)
    return not is_late(stamp(), state.rules.deadline, state.day)


def _knockout_add(rec: TournamentRecord, name: str) -> str:
    """Format D: register the player (the fee is paid at the desk); their id."""
    done = enter(
        rec.pk, lambda tour, _s: registrations(knockout_of(tour), [name]),
        expected=None, user=None, at=stamp(), by=str(msg("Online sign-up").text("de")),
    )  # fmt: skip
    first = done.facts[0]
    assert isinstance(first, Register)
    return first.player


def _knockout_remove(rec: TournamentRecord, player: str, by: Any) -> None:
    """Format D: withdraw the registration (never seated); by the registrant (`by` None) or
    the organisers."""
    state = read_only(rec)[1]
    assert isinstance(state, KnockoutState)
    p = state.players.get(player)
    if p is None or p.status is Status.WITHDRAWN:
        return
    said = str(msg("Online sign-up").text("de")) if by is None else by.get_username()
    enter(rec.pk, lambda _t, _s: [Withdraw(n=0, at=0, player=player)], expected=None,
          user=by, at=stamp(), by=said)  # fmt: skip


FAMILIES: dict[str, tuple[Callable[[Any], bool], Callable[[Any, str], str],
                          Callable[[Any, str, Any], None]]] = {
    GROUP.key: (_group_open, _group_add, _group_remove),
    KNOCKOUT.key: (_knockout_open, _knockout_add, _knockout_remove),
}  # fmt: skip


def still_open(rec: TournamentRecord) -> bool:
    """Say whether players may still sign up (the organisers opened it; before the start or
    the deadline)."""
    return desk_of(rec).open and FAMILIES[rec.family.key][0](rec)


# -- signing up and cancelling -------------------------------------------------------------


def _same(name: str, names: Iterable[str]) -> str | None:
    """The name of `names` that is `name` in other spelling (case, spacing, accents, ä as
    ae), if any."""
    keys = set(name_keys(name))
    return next((n for n in names if keys & set(name_keys(n))), None)


def sign_up(rec: TournamentRecord, name: str, email: str, note: str, browser: str) -> SignUp:
    """Take a sign-up: a player now, or on the waiting list; it gets its pass."""
    if not still_open(rec):
        raise CLOSED
    name = " ".join(name.split())
    taken = SignUp.objects.filter(tournament=rec).exclude(status__in=SignUp.GONE)
    known = [*(s.name for s in taken), *(n for _, n in players_of(rec))]
    if (same := _same(name, known)) is not None:
        said = msg("'{name}' is signed up already.", name=name) if same == name else msg(
            "'{name}' is signed up already (as '{same}').", name=name, same=same)  # fmt: skip
        raise RuleError(said, field="name")
    if browser and taken.filter(browser=browser).count() >= 3:
        raise RuleError(msg("This device signed up three players already."), field="")
    with transaction.atomic():
        desk = SignUpDesk.objects.select_for_update().get(pk=desk_of(rec).pk)
        made = SignUp.objects.create(tournament=rec, name=name, email=email, note=note,
                                     browser=browser)  # fmt: skip
        wl = waitlist(rec, desk.capacity)
        wl.waiting.remove(str(made.pk))  # (created as waiting: the list decides)
        if wl.sign_up(str(made.pk)) == 0:
            made.player, made.status = FAMILIES[rec.family.key][1](rec, name), SignUp.PLAYING
            made.save(update_fields=["player", "status"])
        _pass(rec, made)
    return made


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


def cancel(made: SignUp, *, move_up: bool = True, by: Any = None) -> SignUp | None:
    """Cancel a sign-up (or, `by` the organisers, take out a no-show); the first who waits
    moves up (returned, if any; not with `move_up` False: the desk then fills the places
    with who is here)."""
    rec = made.tournament
    if made.status in SignUp.GONE:
        return None
    with transaction.atomic():
        desk = SignUpDesk.objects.select_for_update().filter(tournament=rec).first()
        wl = waitlist(rec, desk.capacity if desk is not None else None)
        if made.status == SignUp.PLAYING and made.player:
            FAMILIES[rec.family.key][2](rec, made.player, by)
        made.status = SignUp.CANCELLED if by is None else SignUp.NO_SHOW
        made.save(update_fields=["status"])
        PlayerPass.objects.filter(sign_up=made).delete()
        moved = wl.cancel(str(made.pk)) if move_up else None
    return _move_up(rec, moved) if moved else None


def _move_up(rec: TournamentRecord, pk: str) -> SignUp:
    """The sign-up that moved up: now a player, its pass now the player's."""
    up = SignUp.objects.get(pk=int(pk))
    up.player, up.status = FAMILIES[rec.family.key][1](rec, up.name), SignUp.PLAYING
    up.save(update_fields=["player", "status"])
    PlayerPass.objects.filter(sign_up=up).update(player=up.player)
    Arrival.objects.filter(tournament=rec, player=waiting_id(up)).update(player=up.player)
    return up


def waiting_id(made: SignUp) -> str:
    """The mark a waiting sign-up's pass and arrival carry until it is a player."""
    return f"w{made.pk}"


def fill(rec: TournamentRecord, *, here_only: bool = False) -> list[SignUp]:
    """Move up who waits into places freed (more places, or players removed), in the order
    they came; `here_only`: only those who have arrived (the others keep waiting)."""
    rec = TournamentRecord.objects.get(pk=rec.pk)  # as it is now (players may have gone)
    wl = waitlist(rec, desk_of(rec).capacity)
    here = set(Arrival.objects.filter(tournament=rec).values_list("player", flat=True))
    moved = []
    for pk in list(wl.waiting):
        if wl.full():
            break
        if here_only and f"w{pk}" not in here:
            continue
        wl.waiting.remove(pk)
        wl.playing.append(pk)
        moved.append(_move_up(rec, pk))
    return moved
