"""What every page needs: the tournament from the address, refusals at the field, the log."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django import forms
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import Message
from tafelrunde.web.core.domain.store import Logged, write_log
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated

V = TypeVar("V", bound=Callable[..., HttpResponse])


def text_of(err: RuleError) -> str:
    """The refusal's message in the active language."""
    return translated(err.msg)


def organiser(view: V) -> V:
    """Let only logged-in organisers through; everybody else goes to the login page."""

    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return view(request, *args, **kwargs)

    return guarded  # type: ignore[return-value]


def record_of(pk: int) -> TournamentRecord:
    """The tournament with this number, or 404 (its ruleset and players are read when used)."""
    return get_object_or_404(TournamentRecord.objects.defer("players", "ruleset"), pk=pk)


def refuse(form: forms.Form, err: RuleError, fields: dict[str, str] | None = None) -> None:
    """Show a refusal at its field (engine field names mapped by `fields`), else above the form."""
    name = (fields or {}).get(err.field or "", err.field or "")
    if name not in form.fields:
        name = "__all__"
    form.add_error(None if name == "__all__" else name, text_of(err))


def audit(
    request: HttpRequest, rec: TournamentRecord | None, message: Message, fact: int | None = None
) -> None:
    """Write one line of the audit log (inside the caller's transaction)."""
    write_log(rec, request.user, Logged(message, fact=fact))
