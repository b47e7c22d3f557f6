"""Merging two records of one person: choose the other by name, see what moves, confirm."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.name_match import NameIndex
from tafelrunde.i18n import msg
from tafelrunde.web.club.models import Person
from tafelrunde.web.club.people import Merged, clashes, merge, number, unmerge
from tafelrunde.web.club.roster import players_of
from tafelrunde.web.core.common import audit, organiser, text_of
from tafelrunde.web.core.templatetags.tafel import translated

FOUND = 20  # persons offered for a search
UNDO = "merge_undo"  # the session's latest merge, which „Rückgängig“ takes back


@organiser
def person_merge(request: HttpRequest, person: int) -> HttpResponse:
    """Keep this person; take over the other one's players (asked first), then delete it."""
    keep = get_object_or_404(Person, pk=person)
    other_id = request.POST.get("other") or request.GET.get("other") or ""
    other_pk = number(other_id)
    other = Person.objects.filter(pk=other_pk).first() if other_pk else None
    if request.method == "POST":
        if other is None:
            messages.error(request, translated(msg("Please choose another person to merge with.")))
            return redirect("person-merge", keep.pk)
        gone = {"name": other.name, "member": other.member, "email": other.email, "pk": other.pk}
        try:
            done = merge(keep, other)
        except RuleError as err:
            messages.error(request, text_of(err))
            return redirect("person-merge", keep.pk)
        said = msg(
            "Persons merged: {gone} into {keep} ({n} players moved)",
            gone=other.name,
            keep=keep.name,
            n=len(done.moved),
        )
        audit(request, None, said)
        request.session[UNDO] = gone | {"keep": keep.pk, "moved": done.moved,
                                        "email_taken": done.email_taken}  # fmt: skip
        messages.success(
            request, translated(msg("{gone} merged into {keep}.", gone=other.name, keep=keep.name))
        )
        return redirect("persons")
    query = request.GET.get("q", "")[:100].strip()
    found: list[Person] = []
    if query and other is None:
        people = list(Person.objects.exclude(pk=keep.pk))
        index = NameIndex(tuple(p.name for p in people))
        found = [people[i] for i in index.find(query)[:FOUND]]
    context = {
        "keep": keep,
        "query": query,
        "found": found,
        "other": other if other != keep else None,
    }
    if other is not None and other != keep:
        context |= {"moving": _moving(other), "clash": ", ".join(clashes(keep, other))}
    return render(request, "club/merge.html", context)


def _moving(person: Person) -> list[tuple[str, str]]:
    """The person's players that would move: the tournament and the player's name."""
    rows = []
    for link in person.links.select_related("tournament").order_by("tournament__pk", "player"):
        names = dict(players_of(link.tournament))
        rows.append((link.tournament.name, names.get(link.player, link.player)))
    return rows


def undoable(request: HttpRequest) -> dict[str, Any] | None:
    """The session's latest merge, if its kept person still exists."""
    said = request.session.get(UNDO)
    if not isinstance(said, dict) or not Person.objects.filter(pk=said.get("keep", 0)).exists():
        return None
    return said


@organiser
@require_POST
def person_unmerge(request: HttpRequest) -> HttpResponse:
    """Take back the session's latest merge."""
    said = undoable(request)
    request.session.pop(UNDO, None)
    if said is None:
        messages.error(request, translated(msg("There is no merge to take back.")))
        return redirect("persons")
    keep = Person.objects.get(pk=said["keep"])
    moved = [(int(t), str(p)) for t, p in said["moved"]]
    old_pk = said.get("pk")
    try:
        back = unmerge(keep, str(said["name"]), bool(said["member"]), str(said["email"]),
                       Merged(moved, bool(said["email_taken"])),
                       old_pk if isinstance(old_pk, int) else None)  # fmt: skip
    except RuleError as err:  # a double click or a replayed request: once is enough
        messages.error(request, text_of(err))
        return redirect("persons")
    audit(request, None, msg("Merge taken back: {gone} split off from {keep} again",
                             gone=back.name, keep=keep.name))  # fmt: skip
    messages.success(request, translated(msg("{gone} is a record of its own again.",
                                             gone=back.name)))  # fmt: skip
    return redirect("persons")
