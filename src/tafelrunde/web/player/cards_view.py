"""Member cards for the club: every member's card (or one person's), printed once; a
person's pass renewed from the person's page."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from tafelrunde.i18n import msg
from tafelrunde.web.club.models import Person
from tafelrunde.web.core.common import organiser
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.paper.look_store import look_context
from tafelrunde.web.player.models import PlayerPass
from tafelrunde.web.player.prints import cards_part


@require_safe
@organiser
def member_cards(request: HttpRequest) -> HttpResponse:
    """The member cards of every club member, or of one person (?person=)."""
    persons = Person.objects.filter(member=True)
    wanted = request.GET.get("person", "")
    if wanted:
        if not wanted.isdigit() or len(wanted) > 12:
            raise Http404("person")
        persons = persons.filter(pk=int(wanted))
    look = look_context()
    context = {
        "rec": {"name": look["club_name"] or translated(msg("Member cards"))},
        "title": translated(msg("Member cards")),
        "parts": [cards_part(request, persons)],
        "error": "",
        "look": look,
        "back": reverse("persons"),
        "back_label": translated(msg("Back to the people")),
    }
    return render(request, "paper/page.html", context)


@require_POST
@organiser
def renew_card(request: HttpRequest, person: int) -> HttpResponse:
    """Make a member's pass stop working (a lost card); a new one is made when printed."""
    found = Person.objects.filter(pk=person).first()
    if found is None:
        raise Http404("person")
    PlayerPass.objects.filter(person=found).delete()
    said = msg("New pass for {name}; the old member card stops working.", name=found.name)
    messages.success(request, translated(said))
    return redirect("person", found.pk)
