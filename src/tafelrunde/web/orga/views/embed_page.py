"""„Auf der Vereinsseite zeigen“: the embeds for the club's website, each with the `<iframe>`
code to copy and a preview, and the websites that may show them."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import msg
from tafelrunde.web.club.models import Season
from tafelrunde.web.core.common import audit, organiser, text_of
from tafelrunde.web.core.embedding import origins, save
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.qr import link_base
from tafelrunde.web.core.templatetags.tafel import translated

RECENT = 10  # the newest tournaments offered


def _embeds(base: str) -> list[dict[str, str]]:
    """Every embed on offer: what it shows and its address."""
    out = [{"what": translated(msg("Next dates")), "url": base + reverse("embed-dates")}]
    for rec in TournamentRecord.objects.defer("ruleset", "players").order_by("-pk")[:RECENT]:
        out.append({"what": translated(msg("{name}: standings (live)", name=rec.name)),
                    "url": base + reverse("embed-standings", args=[rec.pk])})  # fmt: skip
        out.append({"what": translated(msg("{name}: ranking", name=rec.name)),
                    "url": base + reverse("embed-ranking", args=[rec.pk])})  # fmt: skip
    for s in Season.objects.all():
        out.append({"what": translated(msg("Season: {name}", name=s.name)),
                    "url": base + reverse("embed-season", args=[s.pk])})  # fmt: skip
    return out


@organiser
def embed_page(request: HttpRequest) -> HttpResponse:
    """Show the embeds and their code; take the list of websites."""
    error = ""
    typed = "\n".join(origins())
    if request.method == "POST":
        typed = request.POST.get("origins", "")[:4000]
        try:
            listed = save(typed)
        except RuleError as err:
            error = text_of(err)
        else:
            audit(request, None, msg("Websites that show the embeds: {sites}",
                                     sites=", ".join(listed) or "–"))  # fmt: skip
            messages.success(request, translated(msg("Saved.")))
            return redirect("embed-page")
    base = link_base(request)[0]
    embeds = _embeds(base)
    try:
        shown = int(request.GET.get("vorschau", "0"))
    except ValueError:
        shown = 0
    preview = embeds[shown] if 0 <= shown < len(embeds) else embeds[0]
    context: dict[str, Any] = {"embeds": embeds, "preview": preview, "typed": typed,
                               "error": error, "listed": origins()}  # fmt: skip
    return render(request, "orga/embed_page.html", context)
