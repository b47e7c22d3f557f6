"""The list of persons (search, counts of members and guests), a new person, a changed one."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from tafelrunde.engine.name_match import NameIndex
from tafelrunde.i18n import msg
from tafelrunde.web.club.forms import PersonForm
from tafelrunde.web.club.models import Person
from tafelrunde.web.club.people import Suggester
from tafelrunde.web.club.tournament_people import not_linked
from tafelrunde.web.club.views.merge import undoable
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.core.views.common import audit, organiser

SHOWN = 200  # persons listed at once; a search narrows the list


@organiser
def persons(request: HttpRequest) -> HttpResponse:
    """Every person (or those found by the search), with how many members and guests."""
    query = request.GET.get("q", "")[:100].strip()
    people = list(Person.objects.annotate(played=Count("links")))
    if query:
        index = NameIndex(tuple(p.name for p in people))
        people = [people[i] for i in index.find(query)]
    context = {
        "people": people[:SHOWN],
        "more": max(0, len(people) - SHOWN),
        "query": query,
        "members": Person.objects.filter(member=True).count(),
        "guests": Person.objects.filter(member=False).count(),
        "undo": undoable(request),
        "open": [] if query else not_linked(),
    }
    return render(request, "club/persons.html", context)


@organiser
def person_new(request: HttpRequest) -> HttpResponse:
    """Create a person (warned about a likely duplicate, which a tick lets through)."""
    return _person_form(request, None)


@organiser
def person_edit(request: HttpRequest, person: int) -> HttpResponse:
    """Change a person's name, member or guest, e-mail address."""
    return _person_form(request, get_object_or_404(Person, pk=person))


def _person_form(request: HttpRequest, person: Person | None) -> HttpResponse:
    """The person form: shown, refused at its field, or stored with a line in the log."""
    if request.method != "POST":
        initial = {"member": "1"}
        if person is not None:
            initial = {
                "name": person.name,
                "member": "1" if person.member else "0",
                "email": person.email,
            }
        form = PersonForm(initial=initial)
        return render(request, "club/person_form.html", {"form": form, "person": person})
    form = PersonForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        alike = [p for p in Suggester().suggest(data["name"]) if p != person]
        renamed = person is None or person.name != data["name"]
        if alike and renamed and not data["same_name"]:
            form.warn(alike)
        else:
            return _stored(request, person, data["name"], data["member"] == "1", data["email"])
    context = {"form": form, "person": person}
    return render(request, "club/person_form.html", context, status=400)


def _stored(
    request: HttpRequest, person: Person | None, name: str, member: bool, email: str
) -> HttpResponse:
    """Store the person, log it, and go back to the list."""
    if person is None:
        person = Person.objects.create(name=name, member=member, email=email)
        audit(request, None, msg("Person added: {name}", name=name))
        messages.success(request, translated(msg("{name} added.", name=name)))
    else:
        old = person.name
        person.name, person.member, person.email = name, member, email
        person.save()
        audit(request, None, msg("Person changed: {old} → {name}", old=old, name=name))
        messages.success(request, translated(msg("{name} saved.", name=name)))
    return redirect("persons")
