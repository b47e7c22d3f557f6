"""Which player a phone is in a tournament: bound by the first name it taps at a table link
or by opening the player's pass; another player, or a name another phone is bound to already,
only when the organisers allow it (a phone that asks for a name first is nobody meanwhile)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone

from tafelrunde.web.core.domain.store import touch
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.phones import phone_of
from tafelrunde.web.table.models import PhoneBinding

TABLE = "table"  # identity: a table link and a tapped name
PASS = "pass"  # identity: only players' passes (and the staff)
IDENTITIES = (TABLE, PASS)
KEPT = "phone-of-{pk}"  # in the session: [player, by pass, asked] of the binding as last read
CLAIMED = "pass-of-{pk}"  # in the session: the player whose pass this phone opened


def claim(request: HttpRequest, rec: TournamentRecord, player: str) -> PhoneBinding | None:
    """Note that this phone opened the player's pass (no write: a link preview or a scanner
    that keeps no cookie binds nothing); the phone is bound once it opens a table, or its
    browser says it shows the pass (`seen`). Return
    the phone's binding as known (None: none yet)."""
    if request.session.get(CLAIMED.format(pk=rec.pk)) != player:
        request.session[CLAIMED.format(pk=rec.pk)] = player
    phone_of(request)  # its key made now: later requests, even many at once, are one phone
    if request.session.session_key is None:
        return None  # a first visit: no phone of this session was ever bound
    return bound_here(request, rec, fresh=False)


def claimed(
    request: HttpRequest, rec: TournamentRecord, binding: PhoneBinding | None
) -> PhoneBinding | None:
    """The phone's binding once the pass it opened counts: a pass binds a phone that is not
    bound yet, and outranks a tapped name; a phone bound by another player's pass stays
    theirs (None: no pass opened and not bound)."""
    player = request.session.get(CLAIMED.format(pk=rec.pk))
    if not isinstance(player, str) or not player:
        return binding
    if binding is not None and (binding.by_pass or (binding.player == player and binding.by_pass)):
        return binding
    phone = phone_of(request)
    found = bound(rec, phone)
    if found is not None and not found.by_pass:
        found.player, found.by_pass, found.asked, found.asked_at = player, True, "", None
        found.save(update_fields=["player", "by_pass", "asked", "asked_at"])
    elif found is None:
        found = bind(rec, phone, player, by_pass=True)
    remember(request, rec, found)
    return found


def bound_here(request: HttpRequest, rec: TournamentRecord, *, fresh: bool) -> PhoneBinding | None:
    """This phone's binding: on a page view the session's copy while no request to the
    organisers is open (a phone's pages cost no query for it), else (`fresh`: before
    anything is written) read from the database, and the copy kept up to date."""
    kept = request.session.get(KEPT.format(pk=rec.pk))
    if not fresh and isinstance(kept, list) and len(kept) == 3 and not kept[2]:
        return PhoneBinding(tournament=rec, player=str(kept[0]), by_pass=bool(kept[1]))
    binding = bound(rec, phone_of(request))
    remember(request, rec, binding)
    return binding


def remember(request: HttpRequest, rec: TournamentRecord, binding: PhoneBinding | None) -> None:
    """Keep the session's copy of the phone's binding (written only when it changed)."""
    value = [binding.player, binding.by_pass, binding.asked] if binding is not None else None
    if request.session.get(KEPT.format(pk=rec.pk)) != value:
        request.session[KEPT.format(pk=rec.pk)] = value


def bound(rec: TournamentRecord, phone: str) -> PhoneBinding | None:
    """The player this phone is bound to in the tournament (None: not bound yet)."""
    return PhoneBinding.objects.filter(tournament=rec, phone=phone).first()


def acts_as(rec: TournamentRecord, binding: PhoneBinding | None) -> str:
    """Who the phone may enter and confirm for: its player (with identity "pass" only if it
    was bound by the pass), else nobody ("")."""
    if binding is None or (rec.identity == PASS and not binding.by_pass):
        return ""
    return binding.player


def bind(rec: TournamentRecord, phone: str, player: str, *, by_pass: bool) -> PhoneBinding:
    """Bind an unbound phone to a player (a phone bound already keeps its player; a pass
    makes a binding by a tapped name count as the pass's, for the same player)."""
    try:
        with transaction.atomic():
            made, _ = PhoneBinding.objects.get_or_create(
                tournament=rec, phone=phone, defaults={"player": player, "by_pass": by_pass}
            )
    except IntegrityError:  # the same phone at the same moment in another request
        made = PhoneBinding.objects.get(tournament=rec, phone=phone)
    if by_pass and made.player == player and not made.by_pass:
        made.by_pass = True
        made.save(update_fields=["by_pass"])
    return made


def tap(rec: TournamentRecord, phone: str, player: str) -> PhoneBinding:
    """A phone that is nobody yet taps a name: it becomes that player, unless another phone is
    that player already; then it asks the organisers (and stays nobody until they allow it)."""
    with transaction.atomic():  # one tap of the tournament at a time: a name is taken once
        TournamentRecord.objects.select_for_update().only("pk").get(pk=rec.pk)
        others = PhoneBinding.objects.filter(tournament=rec, player=player).exclude(phone=phone)
        taken = others.exists()
        found, _ = PhoneBinding.objects.get_or_create(
            tournament=rec, phone=phone, defaults={"player": "" if taken else player}
        )
        if found.player == player:
            return found
        asks = taken or bool(found.player)  # (a phone bound meanwhile keeps its player)
        found.player = found.player if asks else player
        found.asked, found.asked_at = (player, timezone.now()) if asks else ("", None)
        found.save(update_fields=["player", "asked", "asked_at"])
        if asks:
            touch(rec.pk)  # the organisers' open pages show the request
    return found


def ask(binding: PhoneBinding, player: str) -> None:
    """Note that the phone asks to be another player (the organisers decide)."""
    binding.asked, binding.asked_at = player, timezone.now()
    binding.save(update_fields=["asked", "asked_at"])
    touch(binding.tournament_id)  # the organisers' open pages show the request


def asked(rec: TournamentRecord) -> list[PhoneBinding]:
    """The phones that ask to be another player, the oldest request first."""
    return list(
        PhoneBinding.objects.filter(tournament=rec).exclude(asked="").order_by("asked_at", "pk")
    )


def allow(rec: TournamentRecord, pk: int) -> tuple[PhoneBinding, int] | None:
    """Let a phone become the player it asked for; the phones that were that player are
    free again (how many). None: no such request any more."""
    with transaction.atomic():  # under the tournament's lock, as a tap: a name is given once
        TournamentRecord.objects.select_for_update().only("pk").get(pk=rec.pk)
        found = PhoneBinding.objects.filter(tournament=rec, pk=pk).exclude(asked="").first()
        if found is None:
            return None
        others = PhoneBinding.objects.filter(tournament=rec, player=found.asked)
        freed = others.exclude(pk=found.pk).delete()[0]
        found.player, found.asked, found.asked_at, found.by_pass = found.asked, "", None, True
        found.save(update_fields=["player", "asked", "asked_at", "by_pass"])
        touch(rec.pk)  # the phones' open pages learn it
    return found, freed


def refuse(rec: TournamentRecord, pk: int) -> PhoneBinding | None:
    """Refuse a phone's request (it stays its player, or nobody)."""
    found = PhoneBinding.objects.filter(tournament=rec, pk=pk).exclude(asked="").first()
    if found is not None:
        if found.player:
            found.asked, found.asked_at = "", None
            found.save(update_fields=["asked", "asked_at"])
        else:
            found.delete()
        touch(rec.pk)
    return found


def release(rec: TournamentRecord, player: str) -> int:
    """Free every phone bound to a player (it may tap a name afresh)."""
    count = PhoneBinding.objects.filter(tournament=rec, player=player).delete()[0]
    if count:
        touch(rec.pk)
    return count
