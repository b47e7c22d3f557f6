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
from tafelrunde.web.core.common import audit, organiser, record_of, text_of
from tafelrunde.web.core.domain.store import touch
from tafelrunde.web.core.frame import page
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.player import signups
from tafelrunde.web.player.arrival import arrived
from tafelrunde.web.player.models import SignUp, SignUpDesk
from tafelrunde.web.table.board import link_base, qr_svg

MAX_PLACES = 5000


@organiser
def sign_up_desk(request: HttpRequest, pk: int) -> HttpResponse:
    """Show the online sign-up and its settings; take a change."""
    rec = record_of(pk)
    if request.method == "POST":
        try:
            said = _act(request, rec)
        except RuleError as err:
            messages.error(request, text_of(err))
        else:
            audit(request, rec, said)
            messages.success(request, translated(said))
        return redirect("sign-up-desk", pk)
    desk = signups.desk_of(rec)
    wl = signups.waitlist(rec, desk.capacity)
    here = arrived(rec)
    rows = [
        {"name": s.name, "email": s.email, "note": s.note, "status": s.status,
         "place": wl.place(str(s.pk)) if s.status != SignUp.CANCELLED else None,
         "here": s.player in here}
        for s in SignUp.objects.filter(tournament=rec)
    ]  # fmt: skip
    address = link_base(request)[0] + f"/turniere/{rec.pk}/mitspielen/"
    context: dict[str, Any] = {
        "desk": desk, "rows": rows, "address": address, "open_now": signups.still_open(rec),
        "qr": mark_safe(qr_svg(address, translated(msg("Sign up")))),
        "playing": len(wl.playing), "waiting": len(wl.waiting),
    }  # fmt: skip
    return page(request, rec, "orga/sign_up_desk.html", context)


def _act(request: HttpRequest, rec: TournamentRecord) -> Message:
    """One of the page's buttons: the settings, or the no-shows."""
    if request.POST.get("action") == "no-shows":
        here = arrived(rec)
        gone = [s for s in SignUp.objects.filter(tournament=rec, status=SignUp.PLAYING)
                if s.player not in here]  # fmt: skip
        if not signups.FAMILIES[rec.family.key][0](rec):
            raise RuleError(msg("After the first draw nobody is removed here."), field="")
        for s in gone:
            signups.cancel(s, move_up=False)
        moved = signups.fill(rec, here_only=True)  # who waits and is here moves up
        return msg("No-shows removed: {n}; moved up (here): {names}", n=len(gone),
                   names=", ".join(s.name for s in moved) or "–")  # fmt: skip
    text = request.POST.get("capacity", "").strip()
    capacity = whole_number(text, field="capacity", low=1, high=MAX_PLACES) if text else None
    code = request.POST.get("club_code", "").strip()[:40]
    SignUpDesk.objects.update_or_create(
        tournament=rec,
        defaults={
            "open": request.POST.get("open") == "on",
            "capacity": capacity,
            "club_code": code,
        },
    )
    moved = signups.fill(rec)
    touch(rec.pk)  # the tournament's pages show the form's link, or no more
    if moved:
        return msg("Online sign-up saved; moved up from the waiting list: {names}",
                   names=", ".join(s.name for s in moved))  # fmt: skip
    return msg("Online sign-up saved.")
