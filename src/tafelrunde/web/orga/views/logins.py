"""The logins page (Zugänge), for the organisers: who may log in, with which role."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import msg
from tafelrunde.web.core.common import organiser, refuse, text_of
from tafelrunde.web.core.domain.logins import (
    add_login,
    change_role,
    login_log,
    login_rows,
    remove_login,
)
from tafelrunde.web.core.roles import ORGANISER, REFEREE
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.orga.forms_logins import RefereeForm, RoleForm


@organiser
def logins(request: HttpRequest) -> HttpResponse:
    """Every login with its role; add a referee."""
    form = RefereeForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        name = form.cleaned_data["name"]
        try:
            add_login(name, form.cleaned_data["password"], REFEREE, by=request.user)
        except RuleError as err:
            refuse(form, err)
        else:
            messages.success(request, translated(msg("Referee '{name}' added.", name=name)))
            return redirect("logins")
    rows = login_rows()
    for row in rows:  # one's own login keeps its role (so an organiser is always left)
        row["me"] = row["pk"] == request.user.pk
    context = {"rows": rows, "form": form, "log": login_log(), "organiser_role": ORGANISER}
    return render(request, "orga/logins.html", context)


@organiser
@require_POST
def role(request: HttpRequest, pk: int) -> HttpResponse:
    """Give a login another role."""
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, translated(msg("Please choose a role.")))
        return redirect("logins")
    try:
        user = change_role(pk, form.cleaned_data["role"], request.user)
    except RuleError as err:
        messages.error(request, text_of(err))
    else:
        name = user.get_username()
        if form.cleaned_data["role"] == REFEREE:
            said = msg("'{name}' is now a referee.", name=name)
        else:
            said = msg("'{name}' is now an organiser.", name=name)
        messages.success(request, translated(said))
    return redirect("logins")


@organiser
@require_POST
def remove(request: HttpRequest, pk: int) -> HttpResponse:
    """Remove a login (the page asked first)."""
    try:
        name = remove_login(pk, request.user)
    except RuleError as err:
        messages.error(request, text_of(err))
    else:
        messages.success(request, translated(msg("Login '{name}' removed.", name=name)))
    return redirect("logins")
