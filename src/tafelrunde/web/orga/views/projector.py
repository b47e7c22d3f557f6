"""The projector's settings, for the organisers: which slides rotate, how fast, which colours."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse

from tafelrunde.i18n import msg
from tafelrunde.web.core.common import audit, organiser, record_of
from tafelrunde.web.core.frame import page
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.live.projector_choice import choice_of, keep_choice
from tafelrunde.web.orga.forms_projector import ProjectorForm


@organiser
def projector_settings(request: HttpRequest, pk: int) -> HttpResponse:
    """Show and change the projector's settings; an open projector takes them at once."""
    rec = record_of(pk)
    if request.method == "POST":
        form = ProjectorForm(rec.family, request.POST)
        if form.is_valid():
            keep_choice(rec, form.choice())
            audit(request, rec, msg("Projector settings changed"))  # the projector hears it
            messages.success(request, translated(msg("Saved: the projector shows it at once.")))
            return redirect("projector-settings", rec.pk)
        status = 400
    else:
        now = choice_of(rec)
        initial = {"kinds": list(now.kinds), "seconds": now.seconds, "theme": now.theme}
        form = ProjectorForm(rec.family, initial=initial)
        status = 200
    address = request.build_absolute_uri(reverse("projector", args=[rec.pk]))
    response = page(request, rec, "orga/projector.html", {"form": form, "address": address})
    response.status_code = status
    return response
