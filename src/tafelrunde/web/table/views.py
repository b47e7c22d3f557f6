"""The table page behind a table's secret link: players enter and confirm their result.

Anyone holding the link can use it, so everything here is treated as hostile: a token that
opens nothing reveals nothing, a link writes only its own table's current game, posting is
rate-limited per link and per address, and a double tap stores once.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache

from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.phones import phone_of
from tafelrunde.web.core.roles import role_of
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.core.writes import unlocked
from tafelrunde.web.table.bindings import (
    PASS,
    acts_as,
    ask,
    bound,
    bound_here,
    claimed,
    remember,
    tap,
)
from tafelrunde.web.table.family_parts import TABLE
from tafelrunde.web.table.limits import too_often
from tafelrunde.web.table.links import find
from tafelrunde.web.table.models import TableLink
from tafelrunde.web.table.now_at import name_of, sits_now

ME = "table-me-{pk}"  # the session key of who holds the phone at this link's table


def gone(request: HttpRequest) -> HttpResponse:
    """The page of a link that opens nothing: the same for wrong, old and renewed tokens."""
    return render(request, "table/gone.html", status=404)


@dataclass(frozen=True)
class Bond:
    """Who this phone is at a link's table: staff (any name, as before), or the player it is
    bound to in the tournament, and whether that player sits here."""

    staff: bool
    player: str = ""  # the bound player ("": not bound)
    name: str = ""
    here: bool = False  # the bound player sits at this table
    counts: bool = False  # the binding lets the phone act (identity "pass": only a pass's)
    asked: str = ""  # the name of the player the phone asked to become
    pass_only: bool = False  # identity "pass": only passes and staff enter and confirm
    sits: str = ""  # where the bound player sits now, when not here ("Du sitzt jetzt …")
    sits_url: str = ""  # that table's link
    choosing: bool = False  # the phone asked to see the other names ("Nicht du?")


@unlocked  # the hall's hot path: each write decides under the tournament's lock in the
@never_cache  # function that stores it (append, tap), not through the whole view
def table(request: HttpRequest, token: str) -> HttpResponse:
    """Show the table; take a name tap, an entered result or a confirmation."""
    link = find(token)
    if link is None:
        return gone(request)
    rec = link.tournament
    shown = TABLE.of(rec.family)
    seats = shown.seats(link)
    if seats is None:
        return gone(request)
    bond, me = _bond(request, link, seats)
    request.bond = bond  # type: ignore[attr-defined]  # read by the page's "who are you?"
    if request.method == "POST":
        if too_often(request, "table-link", link.digest):
            return render(request, "table/limited.html", status=429)
        if request.POST.get("action", "") == "me":
            _tapped(request, link, seats, bond)
            return redirect(request.path)
        if not me:
            messages.error(request, translated(_why_not(bond)))
            return redirect(request.path)
    return shown.answer(request, link, me)


def _bond(request: HttpRequest, link: TableLink, seats: tuple[str, ...]) -> tuple[Bond, str]:
    """Who the phone is here, and who it may enter and confirm for ("": nobody)."""
    rec = link.tournament
    if role_of(request.user) is not None:  # the staff: any name of the table, per link
        me = request.session.get(ME.format(pk=link.pk), "")
        return Bond(staff=True), (me if me in seats else "")
    binding = claimed(request, rec, bound_here(request, rec, fresh=request.method == "POST"))
    pass_only = rec.identity == PASS
    if binding is None or not binding.player:  # nobody yet (perhaps asking for a name)
        asked = name_of(rec, binding.asked) if binding is not None else ""
        return Bond(staff=False, pass_only=pass_only, asked=asked), ""
    acting = acts_as(rec, binding)
    sits, url = ("", "") if binding.player in seats else sits_now(rec, binding.player)
    bond = Bond(
        staff=False, player=binding.player, name=name_of(rec, binding.player),
        here=binding.player in seats, counts=bool(acting), pass_only=pass_only,
        asked=name_of(rec, binding.asked) if binding.asked else "", sits=sits, sits_url=url,
        choosing=request.GET.get("anderer") == "1",
    )  # fmt: skip
    return bond, (acting if acting in seats else "")


def _tapped(request: HttpRequest, link: TableLink, seats: tuple[str, ...], bond: Bond) -> None:
    """Take a tapped name: the staff's for this link; a phone's first binds it to that player
    (not where only passes enter); another name asks the organisers."""
    chosen = request.POST.get("player", "")
    if bond.staff:
        if chosen in seats:
            request.session[ME.format(pk=link.pk)] = chosen
        else:
            request.session.pop(ME.format(pk=link.pk), None)
        return
    if chosen not in seats:
        return
    rec = link.tournament
    phone = phone_of(request)
    if not bond.player:
        if bond.pass_only:
            messages.error(request, translated(_why_not(bond)))
            return
        tapped = tap(rec, phone, chosen)
        remember(request, rec, tapped)
        if tapped.player == chosen:
            said = msg("This phone is now {name}'s for this tournament.", name=name_of(rec, chosen))
            messages.success(request, translated(said))
        else:  # the name is another phone's: only the organisers give it to this one
            messages.warning(request, translated(_taken(name_of(rec, chosen))))
        return
    if chosen == bond.player:
        return
    binding = bound(rec, phone)
    if binding is not None:
        ask(binding, chosen)
        remember(request, rec, binding)
    said = msg(
        "This phone belongs to {name}. The organisers were asked whether it may be {other}.",
        name=bond.name, other=name_of(rec, chosen),
    )  # fmt: skip
    messages.warning(request, translated(said))


def _taken(name: str) -> Message:
    """Why a name another phone is bound to is not this phone's yet."""
    return msg("{name} is bound to another phone already; the organisers must agree.", name=name)


def _why_not(bond: Bond) -> Message:
    """Why this phone may not enter or confirm here."""
    if not bond.player and bond.asked:
        return _taken(bond.asked)
    if bond.pass_only and not bond.counts:
        return msg("Here only players' passes enter and confirm: open your pass (its QR code).")
    if bond.player and not bond.here:
        return msg("This phone belongs to {name}, who does not sit at this table.", name=bond.name)
    return msg("Please tap your name first.")
