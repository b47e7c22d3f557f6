"""The organisers' side of the online sign-up: open or close it, the places and a club code,
the sign-ups with e-mail and note (only here), and the no-shows removed in one click."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.safestring import mark_safe

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import whole_number
from tafelrunde.i18n import Message, msg
from tafelrunde.web.club.tournament_people import player_rows
from tafelrunde.web.core import mailer
from tafelrunde.web.core.common import audit, organiser, record_of, text_of
from tafelrunde.web.core.frame import page
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.qr import link_base, qr_svg
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.player import signups
from tafelrunde.web.player.arrival import arrived
from tafelrunde.web.player.family_parts import PLAYER
from tafelrunde.web.player.models import SignUp, SignUpDesk

MAX_PLACES = 5000


@organiser
def sign_up_desk(request: HttpRequest, pk: int) -> HttpResponse:
    """Show the online sign-up and its settings; take a change (a refused one stays in the
    form with its reason)."""
    rec = record_of(pk)
    desk, errors = signups.desk_of(rec), {}
    typed = {"capacity": _number(desk.capacity), "waiting": _number(desk.waiting)}
    if request.method == "POST":
        try:
            said = _act(request, rec)
        except RuleError as err:
            if request.POST.get("action") == "no-shows":
                messages.error(request, text_of(err))
                return redirect("sign-up-desk", pk)
            errors = {err.field or "capacity": text_of(err)}
            typed = {k: request.POST.get(k, "")[:20] for k in ("capacity", "waiting")}
            desk = SignUpDesk(tournament=rec, open=request.POST.get("open") == "on",
                              club_code=request.POST.get("club_code", "")[:40])  # fmt: skip
        else:
            audit(request, rec, said)
            messages.success(request, translated(said))
            if (over := _over(rec)) is not None:
                messages.warning(request, translated(over))
            return redirect("sign-up-desk", pk)
    return page(request, rec, "orga/sign_up_desk.html", _shown(request, rec, desk) | {
        "errors": errors, "typed": typed})  # fmt: skip


def _number(value: int | None) -> str:
    """A number as the form shows it (empty: none)."""
    return "" if value is None else str(value)


def _shown(request: HttpRequest, rec: TournamentRecord, desk: SignUpDesk) -> dict[str, Any]:
    """What the page shows: the form's address, who plays and waits, their persons."""
    wl = signups.waitlist_of(rec)
    here = arrived(rec)
    persons = {r.id: r for r in player_rows(rec)}
    rows = [
        {"name": s.name, "email": s.email, "note": s.note, "status": s.status,
         "place": wl.place(str(s.pk)) if s.status == SignUp.WAITING else None,
         "here": s.status == SignUp.PLAYING and s.player in here,
         "person": persons.get(s.player) if s.status == SignUp.PLAYING else None}
        for s in SignUp.objects.filter(tournament=rec)
    ]  # fmt: skip
    address = link_base(request)[0] + f"/turniere/{rec.pk}/mitspielen/"
    mailer.kick()  # a mail left waiting by a server that stopped goes out now
    return {
        "desk": desk, "rows": rows, "address": address, "open_now": signups.still_open(rec),
        "in_time": PLAYER.of(rec.family).entry.open(rec),
        "qr": mark_safe(qr_svg(address, translated(msg("Online sign-up")))),
        "playing": len(wl.playing), "waiting": len(wl.waiting), "room": wl.room,
        "certain": sum(1 for r in persons.values() if r.certain is not None),
        "undelivered": [(m, mailer.link_of(m)) for m in mailer.undelivered(rec)],
    }  # fmt: skip


def _over(rec: TournamentRecord) -> Message | None:
    """A warning when more play already than the places allow (nobody is removed for it)."""
    capacity = signups.desk_of(rec).capacity
    players = len(signups.entered(record_of(rec.pk)))
    if capacity is None or players <= capacity:
        return None
    return msg(
        "{n} players are entered already, more than the {places} places: nobody is "
        "removed; new sign-ups go to the waiting list.",
        n=players,
        places=capacity,
    )


def _act(request: HttpRequest, rec: TournamentRecord) -> Message:
    """One of the page's buttons: the settings, the no-shows, or the mails once more."""
    if request.POST.get("action") == "mails-again":
        return msg("Mails sent once more: {n}", n=mailer.again(rec))
    if request.POST.get("action") == "no-shows":
        count, moved = signups.remove_no_shows(rec, request.user)
        return msg("No-shows removed: {n}; moved up (here): {names}", n=count,
                   names=", ".join(s.name for s in moved) or "–")  # fmt: skip
    text = request.POST.get("capacity", "").strip()
    capacity = whole_number(text, field="capacity", low=1, high=MAX_PLACES) if text else None
    text = request.POST.get("waiting", "").strip()
    room = whole_number(text, field="waiting", low=0, high=MAX_PLACES) if text else None
    code = request.POST.get("club_code", "").strip()[:40]
    moved = signups.set_desk(
        rec, open_=request.POST.get("open") == "on", capacity=capacity, room=room, code=code
    )
    if moved:
        return msg("Online sign-up saved; moved up from the waiting list: {names}",
                   names=", ".join(s.name for s in moved))  # fmt: skip
    return msg("Online sign-up saved.")
