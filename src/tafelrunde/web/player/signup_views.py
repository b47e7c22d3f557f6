"""The public sign-up form of a tournament (`/turniere/<pk>/mitspielen/`): name, e-mail
(optional, for the organisers only), a note; a hidden field, a limit per address and an
optional club code keep spam out. The answer is the registrant's pass."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import NAME_LENGTH, checked_text
from tafelrunde.i18n import msg
from tafelrunde.web.core import rates
from tafelrunde.web.core.common import record_of
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.phones import phone_of
from tafelrunde.web.core.qr import link_base
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.player import signups
from tafelrunde.web.player.models import SignUpDesk


class SignUpForm(forms.Form):
    """What a registrant types."""

    name = forms.CharField(label=_("Name to sign up with"), max_length=100,
                           error_messages={"required": _("Please fill in your name.")})  # fmt: skip
    email = forms.EmailField(label=_("E-mail (optional, only the organisers see it)"),
                             required=False, max_length=254)  # fmt: skip
    note = forms.CharField(label=_("Note to the organisers (optional)"), required=False,
                           max_length=200, widget=forms.Textarea(attrs={"rows": 2}))  # fmt: skip
    code = forms.CharField(label=_("Club code"), required=False, max_length=80)
    website = forms.CharField(required=False, max_length=200)  # hidden: only robots fill it

    def clean_name(self) -> str:
        """One printable line of at most 100 characters."""
        try:
            return checked_text(self.cleaned_data["name"], field="name", length=NAME_LENGTH,
                                empty=False, what=gettext("Name")).strip()  # fmt: skip
        except RuleError as err:
            raise forms.ValidationError(translated(err.msg)) from err

    def clean_note(self) -> str:
        """At most 200 printable characters (or none)."""
        if not self.cleaned_data["note"]:
            return ""
        try:
            return checked_text(self.cleaned_data["note"], field="note", length=200, lines=True,
                                what=gettext("Note")).strip()  # fmt: skip
        except RuleError as err:
            raise forms.ValidationError(translated(err.msg)) from err


def _limited(request: HttpRequest, *, count: bool) -> bool:
    """Say whether this address sent too many sign-ups (`count`: this one counts too)."""
    key = ("sign-up", rates.address_of(request))
    allowed = rates.take if count else rates.within
    return not allowed(settings.SIGN_UP_RATE, *key)


def _plain(code: str) -> str:
    """A club code as compared: any case, any spacing (as a phone's keyboard types it)."""
    return " ".join(code.split()).casefold()


def sign_up_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The form, and a sign-up sent with it."""
    rec = record_of(pk)
    desk = signups.desk_of(rec)
    open_now = signups.still_open(rec)
    form = SignUpForm(request.POST if request.method == "POST" and open_now else None)
    if request.method == "POST" and open_now:
        valid = form.is_valid()  # a form with a mistake in a field stores nothing: not counted
        if _limited(request, count=valid):
            said = msg("Too many sign-ups from here just now; please try again later.")
            form.add_error(None, translated(said))
        elif valid:
            answer = _taken(request, rec, desk, form)
            if answer is not None:
                return answer
    wl = signups.waitlist_of(rec)
    free = None if wl.capacity is None else max(0, wl.capacity - len(wl.playing))
    context = {"rec": rec, "form": form, "open": open_now, "free": free,
               "waiting": len(wl.waiting), "code": bool(desk.club_code),
               "full": wl.closed(), "room": wl.room}  # fmt: skip
    return render(request, "player/sign_up.html", context, status=200)


def _taken(
    request: HttpRequest, rec: TournamentRecord, desk: SignUpDesk, form: SignUpForm
) -> HttpResponse | None:
    """Store a valid form's sign-up and answer with its pass (None: refused at a field)."""
    data = form.cleaned_data
    if data["website"]:  # a robot: nothing stored, nothing said
        form.add_error(None, translated(msg("The sign-up could not be taken.")))
        return None
    if desk.club_code and not data["code"].strip():
        form.add_error("code", translated(msg("Please enter the club code.")))
        return None
    if desk.club_code and _plain(data["code"]) != _plain(desk.club_code):
        form.add_error("code", translated(msg("This club code is not right.")))
        return None
    try:
        made, place = signups.sign_up(rec, data["name"], data["email"], data["note"],
                                      phone_of(request), link_base(request)[0])  # fmt: skip
    except RuleError as err:
        form.add_error("name" if err.field == "name" else None, translated(err.msg))
        return None
    token = signups.token_of(made)
    said = (msg("You are signed up. This is your pass: keep this page (or its address).")
            if place == 0 else
            msg("Every place is taken: you are on the waiting list, place {n}. This is your pass.",
                n=place))  # fmt: skip
    messages.success(request, translated(said))
    return redirect(reverse("player-pass", args=[token]))
