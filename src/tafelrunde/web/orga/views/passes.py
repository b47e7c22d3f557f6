"""The players' passes at the desk: each pass's QR large to scan, who has arrived, phones that
ask to be another player, renewing passes, and who may enter at the tables (`identity`)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.safestring import mark_safe

from tafelrunde.i18n import Message, msg
from tafelrunde.web.club.models import PlayerLink
from tafelrunde.web.club.roster import players_of
from tafelrunde.web.core.common import audit, record_of, staff, turned_away
from tafelrunde.web.core.frame import page
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.qr import qr_svg
from tafelrunde.web.core.roles import is_organiser
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.player import passes
from tafelrunde.web.player.arrival import arrive, arrived, leave
from tafelrunde.web.player.prints import pass_address
from tafelrunde.web.table import bindings
from tafelrunde.web.table.models import PhoneBinding

PER_PAGE = 100  # rows of players per page of the list
IDENTITY_SAID = {
    bindings.TABLE: msg("From now on a table link and a tapped name enter and confirm."),
    bindings.PASS: msg("From now on only players' passes (and the staff) enter and confirm."),
}


@staff
def passes_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The passes and who is here; the organisers change them, the staff check players in."""
    rec = record_of(pk)
    if request.method == "POST":
        return _act(request, rec)
    players = players_of(rec)
    names = dict(players)
    wanted = request.GET.get("suche", "").strip().casefold()[:100]
    shown = [(p, n) for p, n in players if wanted in n.casefold()] if wanted else players
    here = arrived(rec)
    phones: dict[str, int] = {}
    for b in PhoneBinding.objects.filter(tournament=rec).only("player"):
        phones[b.player] = phones.get(b.player, 0) + 1
    members = passes.members_of(rec)
    rows = [
        {
            "id": p,
            "name": n,
            "member": p in members,
            "here": here.get(p),
            "phones": phones.get(p, 0),
        }
        for p, n in shown[:PER_PAGE]
    ]
    big = _big(request, rec, names)
    asks = [
        {"pk": b.pk, "player": names.get(b.player, b.player), "asked": names.get(b.asked, b.asked)}
        for b in bindings.asked(rec)
    ]  # (a phone that is nobody yet asks for a name another phone is bound to: no "player")
    linked = PlayerLink.objects.filter(tournament=rec).count()
    context = {
        "unlinked": max(0, len(players) - linked),
        "rows": rows, "more": max(0, len(shown) - PER_PAGE), "wanted": wanted, "big": big,
        "asks": asks, "count_here": len(here.keys() & names), "count": len(players),
        "identity": rec.identity, "members": len(members),
    }  # fmt: skip
    return page(request, rec, "orga/passes.html", context)


def _big(request: HttpRequest, rec: TournamentRecord, names: dict[str, str]) -> dict[str, Any]:
    """The pass shown large (?qr=player) to scan at the desk, or {}."""
    player = request.GET.get("qr", "")
    if player not in names:
        return {}
    token = passes.tokens_for(rec, [player])[player]
    address = pass_address(request, token)
    title = translated(msg("Pass of {name}", name=names[player]))
    return {"id": player, "name": names[player], "address": address,
            "qr": mark_safe(qr_svg(address, title))}  # fmt: skip


def _act(request: HttpRequest, rec: TournamentRecord) -> HttpResponse:
    """Take one of the page's buttons; only check-ins are the referees' too."""
    action = request.POST.get("action", "")
    names = dict(players_of(rec))
    player = request.POST.get("player", "")
    back = redirect(reverse("passes", args=[rec.pk]) + _query(request))
    if action == "here" and player in names:
        arrive(rec, player, desk=True, user=request.user, by="")
        _said(request, rec, msg("{name} is here (checked in at the desk).", name=names[player]))
        return back
    if action == "gone" and player in names:
        if leave(rec, player):
            _said(request, rec, msg("{name} is not here after all.", name=names[player]))
        return back
    if (away := turned_away(request, is_organiser)) is not None:
        return away
    if action == "identity" and request.POST.get("identity") in bindings.IDENTITIES:
        with transaction.atomic():  # the log line's new revision tells the tables' pages
            rec.identity = request.POST["identity"]
            rec.save(update_fields=["identity"])
            _said(request, rec, IDENTITY_SAID[rec.identity])
    elif action == "renew" and player in names:
        passes.renew(rec, player)
        _said(
            request, rec, msg("New pass for {name}; the old one stops working.", name=names[player])
        )
    elif action == "renew-all":
        count = passes.renew_all(rec, members=request.POST.get("members") == "on")
        _said(request, rec, msg("Passes renewed ({count} old ones stop working).", count=count))
    elif action == "release" and player in names:
        count = bindings.release(rec, player)
        _said(request, rec, msg("{name}'s phones are free again ({count}).", name=names[player],
                                count=count))  # fmt: skip
    elif action in ("allow", "refuse"):
        _decide(request, rec, action, names)
    else:
        messages.error(request, translated(msg("This button does not fit the page any more.")))
    return back


def _decide(
    request: HttpRequest, rec: TournamentRecord, action: str, names: dict[str, str]
) -> None:
    """Allow or refuse a phone's request to be another player."""
    try:
        pk = int(request.POST.get("binding", ""))
    except ValueError:
        pk = 0
    if action == "allow":
        allowed = bindings.allow(rec, pk)
        done, freed = allowed if allowed is not None else (None, 0)
    else:
        done, freed = bindings.refuse(rec, pk), 0
    if done is None:
        messages.error(request, translated(msg("This request was decided already.")))
        return
    name = names.get(done.player or done.asked, done.player or done.asked)
    if action == "allow" and freed:
        said = msg("The phone is now {name}'s; the phone that was {name}'s is free again.",
                   name=name)  # fmt: skip
    elif action == "allow":
        said = msg("The phone is now {name}'s.", name=name)
    elif done.player:
        said = msg("Request refused: the phone stays {name}'s.", name=name)
    else:
        said = msg("Request refused: the new phone is not {name}'s.", name=name)
    _said(request, rec, said)


def _said(request: HttpRequest, rec: TournamentRecord, said: Message) -> None:
    """Tell the organiser and write it in the log."""
    audit(request, rec, said)
    messages.success(request, translated(said))


def _query(request: HttpRequest) -> str:
    """The list's search, kept after a button."""
    wanted = request.POST.get("suche", "")[:100]
    return "?" + urlencode({"suche": wanted}) if wanted else ""
