"""The list of persons (search, counts of members and guests), a new person, a changed one."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib import messages
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from tafelrunde.engine.name_match import NameIndex, sort_key
from tafelrunde.i18n import msg
from tafelrunde.web.club.forms import PersonForm
from tafelrunde.web.club.models import Person
from tafelrunde.web.club.people import Suggester
from tafelrunde.web.club.tournament_people import not_linked
from tafelrunde.web.club.views.merge import undoable
from tafelrunde.web.core.common import audit, organiser
from tafelrunde.web.core.templatetags.tafel import translated

SHOWN = 200  # persons listed at once; a search narrows the list


@organiser
def persons(request: HttpRequest) -> HttpResponse:
    """Every person (or those found by the search), with how many members and guests."""
    query = request.GET.get("q", "")[:100].strip()
    people = alphabetical(Person.objects.annotate(played=Count("links")))
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


def alphabetical(people: Iterable[Person]) -> list[Person]:
    """Persons by name as a German list has them (case ignored, umlauts by their vowel, ß as
    ss), the same on every database."""
    return sorted(people, key=lambda p: (sort_key(p.name), p.pk))


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
    context: dict[str, object] = {"person": person}
    if request.method != "POST":
        initial = {"member": "1"}
        if person is not None:
            initial = {
                "name": person.name,
                "member": "1" if person.member else "0",
                "email": person.email or person.bad_email,  # a flagged address, to correct
                "note": person.note,
            }
        return render(
            request, "club/person_form.html", context | {"form": PersonForm(initial=initial)}
        )
    form = PersonForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        alike = [p for p in Suggester().suggest(data["name"]) if p != person]
        renamed = person is None or person.name != data["name"]
        if alike and renamed and not data["same_name"]:
            form.warn(alike)
        else:
            said = Said(data["name"], data["member"] == "1", data["email"], data["note"])
            return _stored(request, person, said)
    return render(request, "club/person_form.html", context | {"form": form}, status=400)


@dataclass(frozen=True)
class Said:
    """What the person form says about a person."""

    name: str
    member: bool
    email: str
    note: str


def _stored(request: HttpRequest, person: Person | None, said: Said) -> HttpResponse:
    """Store the person (a flagged address is corrected by then), log it, back to the list."""
    name = said.name
    if person is None:
        person = Person.objects.create(
            name=name, member=said.member, email=said.email, note=said.note
        )
        audit(request, None, msg("Person added: {name}", name=name))
        messages.success(request, translated(msg("{name} added.", name=name)))
    else:
        old = person.name
        person.name, person.member, person.email = name, said.member, said.email
        person.note, person.bad_email = said.note, ""
        person.save()
        audit(request, None, msg("Person changed: {old} → {name}", old=old, name=name))
        messages.success(request, translated(msg("{name} saved.", name=name)))
    return redirect("persons")
