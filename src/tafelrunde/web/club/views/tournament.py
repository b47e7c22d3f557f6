"""A tournament's players and the club's persons: link, unlink, a new person, all certain."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import msg, msg_n
from tafelrunde.web.club.models import Person
from tafelrunde.web.club.people import link, number, player_name, unlink
from tafelrunde.web.club.tournament_people import link_certain, player_rows
from tafelrunde.web.core.common import audit, organiser, record_of, text_of
from tafelrunde.web.core.frame import page
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated


@organiser
def tournament_persons(request: HttpRequest, pk: int) -> HttpResponse:
    """Every player of the tournament with its person, or the persons it may be."""
    rec = record_of(pk)
    rows = player_rows(rec)
    context = {
        "rows": rows,
        "certain": sum(1 for r in rows if r.certain is not None),
        "linked": sum(1 for r in rows if r.person is not None),
    }
    return page(request, rec, "club/tournament_persons.html", context)


def _back(request: HttpRequest, rec: TournamentRecord) -> HttpResponse:
    """Back to the page the form was on: the online sign-ups, or this one."""
    if request.POST.get("back") == "sign-ups":
        return redirect("sign-up-desk", rec.pk)
    return redirect("tournament-persons", rec.pk)


def _player(request: HttpRequest) -> str:
    """The player id sent by the form ('' when none)."""
    return request.POST.get("player", "")[:40]


@organiser
@require_POST
def person_link(request: HttpRequest, pk: int) -> HttpResponse:
    """Link a player to a chosen person."""
    rec = record_of(pk)
    sent = request.POST.get("person", "")
    person_pk = number(sent)
    person = Person.objects.filter(pk=person_pk).first() if person_pk else None
    try:
        if person is None:
            raise RuleError(msg("This person does not exist (any more)."), field="person")
        name = player_name(rec, _player(request))
        link(rec, _player(request), person)
    except RuleError as err:
        messages.error(request, text_of(err))
    else:
        audit(
            request,
            rec,
            msg("Player {player} linked to the person {name}", player=name, name=person.name),
        )
        messages.success(
            request, translated(msg("{player} is {name}.", player=name, name=person.name))
        )
    return _back(request, rec)


@organiser
@require_POST
def person_from_player(request: HttpRequest, pk: int) -> HttpResponse:
    """Create a person (a guest) of the player's name and link the player to it."""
    rec = record_of(pk)
    try:
        name = player_name(rec, _player(request))
        with transaction.atomic():
            person = Person.objects.create(name=name[:100], member=False)
            link(rec, _player(request), person)
    except RuleError as err:
        messages.error(request, text_of(err))
    else:
        audit(request, rec, msg("Person added for the player {name}", name=name))
        messages.success(request, translated(msg("{name} added as a guest and linked.", name=name)))
    return _back(request, rec)


@organiser
@require_POST
def person_unlink(request: HttpRequest, pk: int) -> HttpResponse:
    """Take back a player's link (the person stays)."""
    rec = record_of(pk)
    person = unlink(rec, _player(request))
    if person is None:
        messages.error(request, translated(msg("This player is not linked.")))
    else:
        audit(
            request, rec, msg("Link of a player to the person {name} taken back", name=person.name)
        )
        messages.success(request, translated(msg("Link to {name} taken back.", name=person.name)))
    return _back(request, rec)


@organiser
@require_POST
def link_all_certain(request: HttpRequest, pk: int) -> HttpResponse:
    """Link every player whose name is that of exactly one person."""
    rec = record_of(pk)
    done = link_certain(rec)
    if done:
        names = ", ".join(name for name, _ in done)
        audit(
            request,
            rec,
            msg_n(
                "Player linked to a person: {names}",
                "Players linked to persons: {names}",
                len(done),
                names=names,
            ),
        )
    messages.success(
        request,
        translated(msg_n("{n} player linked.", "{n} players linked.", len(done), n=len(done))),
    )
    return _back(request, rec)
