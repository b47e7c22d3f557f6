"""The page behind a player's pass, "Mein Platz": where I sit, what I do now, my results.

Anyone holding a pass can open it, so it is treated as hostile like a table link: a token
that opens nothing reveals nothing (the same page for wrong, renewed and foreign passes),
posting is rate-limited per pass and per address, and a pass shows only its own player.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache

from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import msg
from tafelrunde.web.core.roles import role_of
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.core.writes import locked, unlocked
from tafelrunde.web.player import passes, signups
from tafelrunde.web.player.arrival import arrive, has_arrived, may_arrive
from tafelrunde.web.player.family_parts import PLAYER
from tafelrunde.web.player.mine import mine
from tafelrunde.web.player.models import PlayerPass, SignUp
from tafelrunde.web.table.bindings import claim, claimed
from tafelrunde.web.table.limits import too_often
from tafelrunde.web.table.now_at import name_of
from tafelrunde.web.table.sent import Told, once


def gone(request: HttpRequest) -> HttpResponse:
    """The page of a pass that opens nothing: the same for wrong, renewed and removed ones."""
    return render(request, "player/gone.html", status=404)


def _chosen(request: HttpRequest, held: list[passes.Holder]) -> passes.Holder:
    """The tournament asked for (?turnier=), else the newest."""
    asked = request.GET.get("turnier", "")
    return next((h for h in held if str(h.rec.pk) == asked), held[0])


@unlocked  # as a table link: each write decides under the tournament's lock in the function
@never_cache  # that stores it (arrive, cancel), not through the whole view
@never_cache
def pass_page(request: HttpRequest, token: str) -> HttpResponse:
    """Show "Mein Platz"; bind this phone to the player; take "Ich bin da"."""
    kept = passes.find(token)
    if kept is None:
        return gone(request)
    if kept.sign_up_id is not None:
        answer = _signed_up(request, kept)
        if answer is not None:
            return answer
    held = passes.holders(kept)
    if not held:
        if kept.person_id is None or kept.person is None or not kept.person.member:
            return gone(request)
        return render(request, "player/no_tournament.html", {"person": kept.person})
    holder = _chosen(request, held)
    rec, staff = holder.rec, role_of(request.user) is not None
    if request.method == "POST":
        if too_often(request, "player-pass", kept.digest):
            return render(request, "table/limited.html", status=429)
        if request.POST.get("action") == "seen":
            return _seen(request, holder, staff)
        _arrive(request, holder, staff)
        return redirect(request.get_full_path())
    binding = None if staff else claim(request, rec, holder.player)
    context = {
        "rec": rec,
        "holder": holder,
        "others": [h for h in held if h is not holder],
        "mine": mine(rec, holder.player),
        "staff": staff,
        "other_player": (
            name_of(rec, binding.player)
            if binding is not None and binding.by_pass and binding.player != holder.player
            else ""
        ),
        "signed_up": kept.sign_up_id is not None,
        "may_cancel": kept.sign_up_id is not None and signups.still_open(rec),
        "may_arrive": may_arrive(rec, holder.player),
        "arrived": has_arrived(rec, holder.player),
        "unbound": not staff and binding is None,
    }
    key = _key(context, request)
    if request.headers.get("X-Tafelrunde-Seen") == key and not messages.get_messages(request):
        return HttpResponse(status=204)  # a live refresh: nothing this page shows changed
    return render(request, "player/pass.html", context | {"live_key": key})


def _seen(request: HttpRequest, holder: passes.Holder, staff: bool) -> HttpResponse:
    """A browser opened the pass (a link's preview runs no script and never says so): the
    phone is bound to the player now, so the desk counts it."""
    if not staff:
        with locked(holder.rec.pk) as rec:
            if rec is not None:
                claim(request, rec, holder.player)
                claimed(request, rec, None)
    return HttpResponse(status=204)


def _key(context: dict[str, Any], request: HttpRequest) -> str:
    """A digest of what the page shows (in the active language), to answer a live refresh
    with "nothing changed" without making the page."""
    shown = {k: v for k, v in context.items() if k not in ("rec", "holder", "others")}
    others = [h.rec.pk for h in context["others"]]
    words = repr((sorted(shown.items()), context["rec"].name, others, get_language()))
    return hashlib.sha256(words.encode()).hexdigest()[:24]


def _arrive(request: HttpRequest, holder: passes.Holder, staff: bool) -> None:
    """Take "Ich bin da" (the player, before the deadline) or the desk's check-in."""
    if request.POST.get("action", "") != "here":
        return
    rec = holder.rec

    def write() -> Told:
        if not staff and not may_arrive(rec, holder.player):
            raise RuleError(msg("Checking in is over; please go to the desk."), field="action")
        by = translated(msg("Pass · {name}", name=holder.name))
        arrive(rec, holder.player, desk=staff, user=request.user, by=by)
        return Told(messages.SUCCESS, msg("{name} is here.", name=holder.name))

    try:
        once(request, rec.pk, write).tell(request)
    except RuleError as err:
        messages.error(request, translated(err.msg))


def _signed_up(request: HttpRequest, kept: PlayerPass) -> HttpResponse | None:
    """An online sign-up's pass: cancel it, or show its place on the waiting list (None: a
    player's pass like any other)."""
    made = kept.sign_up
    assert made is not None
    rec = made.tournament
    if request.method == "POST" and request.POST.get("action") == "cancel":
        if too_often(request, "player-pass", kept.digest):
            return render(request, "table/limited.html", status=429)
        try:
            signups.cancel(made)
        except RuleError as err:
            messages.error(request, translated(err.msg))
            return redirect(request.get_full_path())
        messages.success(request, translated(msg("Your sign-up is cancelled.")))
        return redirect("tournament", rec.pk)
    if made.status != SignUp.WAITING:
        return None
    marked = signups.waiting_id(made)
    if request.method == "POST" and request.POST.get("action") == "here":
        if too_often(request, "player-pass", kept.digest):
            return render(request, "table/limited.html", status=429)
        staff = role_of(request.user) is not None
        if staff or PLAYER.of(rec.family).entry.open(rec):
            arrive(rec, marked, desk=staff, user=request.user, by=made.name)
            messages.success(request, translated(msg("{name} is here.", name=made.name)))
        return redirect(request.get_full_path())
    place = signups.waitlist_of(rec).place(str(made.pk))
    staff = role_of(request.user) is not None
    context = {"rec": rec, "made": made, "place": place, "may_cancel": True, "staff": staff,
               "arrived": has_arrived(rec, marked)}  # fmt: skip
    return render(request, "player/waiting.html", context)
