"""What every page needs: the tournament from the address, refusals at the field, the log."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any, TypeVar

from django import forms
from django.contrib.auth.views import redirect_to_login
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import KnockoutTournament
from tafelrunde.i18n import Message
from tafelrunde.web.core.domain.knockout import knockout_of
from tafelrunde.web.core.domain.store import Logged, engine_tournament, touch, write_log
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.roles import is_organiser, is_staff
from tafelrunde.web.core.templatetags.tafel import translated

V = TypeVar("V", bound=Callable[..., HttpResponse])


def text_of(err: RuleError) -> str:
    """The refusal's message in the active language."""
    return translated(err.msg)


def refused(request: HttpRequest) -> HttpResponse:
    """The answer to a login whose role may not do this: 403, in words, with the way back."""
    match = request.resolver_match
    pk = (match.kwargs.get("pk") if match else None) if _in_tournament(request) else None
    back = reverse("tournament", args=[pk]) if pk else reverse("home")
    context = {"back": back, "in_tournament": bool(pk)}
    return render(request, "core/refused.html", context, status=403)


def _in_tournament(request: HttpRequest) -> bool:
    """Say whether the address is one of a tournament's (turniere/<pk>/...)."""
    match = request.resolver_match
    return match is not None and str(match.route).startswith("turniere/<int:pk>/")


def turned_away(request: HttpRequest, allowed: Callable[[Any], bool]) -> HttpResponse | None:
    """None when the login may go on; else the login page (nobody logged in) or the refusal."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not allowed(request.user):
        return refused(request)
    return None


def _guard(view: V, allowed: Callable[[Any], bool]) -> V:
    """The view, behind the check of who is logged in."""

    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return turned_away(request, allowed) or view(request, *args, **kwargs)

    return guarded  # type: ignore[return-value]


def organiser(view: V) -> V:
    """Let only the organisers (Turnierleitung) through; a referee is refused (403), and
    somebody not logged in goes to the login page."""
    return _guard(view, is_organiser)


def staff(view: V) -> V:
    """Let the organisers and the referees through; somebody not logged in goes to the login."""
    return _guard(view, is_staff)


# a record just read for this request (by the family check), for the view's first record_of
_HANDED: ContextVar[TournamentRecord | None] = ContextVar("handed", default=None)


def record_of(pk: int) -> TournamentRecord:
    """The tournament with this number, or 404 (its ruleset and players are read when used);
    the record handed on by the check before the view is taken once instead of read again."""
    handed = _HANDED.get()
    if handed is not None:
        _HANDED.set(None)  # later calls read afresh (the view may have changed the tournament)
        if handed.pk == pk:
            return handed
    return get_object_or_404(TournamentRecord.objects.defer("players", "ruleset"), pk=pk)


@contextmanager
def handed_on(rec: TournamentRecord) -> Iterator[None]:
    """Inside this block the next record_of of this tournament takes `rec` (read a moment
    ago for the same request) instead of a second query."""
    token = _HANDED.set(rec)
    try:
        yield
    finally:
        _HANDED.reset(token)


def ko_record(pk: int) -> tuple[TournamentRecord, KnockoutTournament]:
    """The format-D tournament with this number and its engine tournament, or 404."""
    rec = record_of(pk)
    try:
        return rec, knockout_of(engine_tournament(rec))
    except RuleError:
        raise Http404("format D only") from None


def refuse(form: forms.Form, err: RuleError, fields: dict[str, str] | None = None) -> None:
    """Show a refusal at its field (engine field names mapped by `fields`), else above the form."""
    name = (fields or {}).get(err.field or "", err.field or "")
    if name not in form.fields:
        name = "__all__"
    form.add_error(None if name == "__all__" else name, text_of(err))


def audit(
    request: HttpRequest, rec: TournamentRecord | None, message: Message, fact: int | None = None
) -> None:
    """Write one line of the audit log (inside the caller's transaction); a tournament's log
    and file show it at once, as its new revision tells every page."""
    with transaction.atomic():
        write_log(rec, request.user, Logged(message, fact=fact))
        if rec is not None:
            touch(rec.pk)
