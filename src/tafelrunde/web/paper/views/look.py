"""The club's look on paper, for the organisers: its name and logo; the logo as a picture."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_safe

from tafelrunde.i18n import msg
from tafelrunde.web.core.common import organiser
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.paper.forms import LookForm
from tafelrunde.web.paper.look_store import club_look, look_context
from tafelrunde.web.paper.models import ClubLook


@organiser
def settings(request: HttpRequest) -> HttpResponse:
    """Show and change the club's name and logo (they appear on cards and certificates)."""
    look = club_look()
    if request.method == "POST":
        form = LookForm(request.POST, request.FILES)
        if form.is_valid():
            look.club_name = form.cleaned_data["club_name"]
            if form.png:
                look.logo = form.png
            elif form.cleaned_data["remove_logo"]:
                look.logo = b""
            look.save()
            messages.success(request, translated(msg("Saved: the print pages show it at once.")))
            return redirect("print-look")
        status = 400
    else:
        form = LookForm(initial={"club_name": look.club_name})
        status = 200
    context = {"form": form, "look": look_context()}
    return render(request, "paper/look.html", context, status=status)


@require_safe
def logo(request: HttpRequest) -> HttpResponse:
    """The club logo as a PNG (404 when there is none)."""
    found = ClubLook.objects.filter(pk=1).values_list("logo", flat=True).first()
    if not found:
        raise Http404("no logo")
    response = HttpResponse(bytes(found), content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"
    return response
