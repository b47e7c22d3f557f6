"""Players during the evening (formats A–C): withdraw after the draw, let a late player join."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import GROUP
from tafelrunde.engine.groups.actions import record
from tafelrunde.engine.groups.facts import LateJoined, Withdrawn
from tafelrunde.engine.groups.presence import (
    late_entry,
    late_join_refusal,
    status,
    withdrawal,
    withdrawal_note,
    withdrawal_refusal,
)
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.i18n import msg
from tafelrunde.web.core.common import organiser, record_of, refuse, text_of
from tafelrunde.web.core.domain.store import Logged, append, group_read, group_state
from tafelrunde.web.core.faces import part_of
from tafelrunde.web.core.forms_play import LateForm, VersionForm
from tafelrunde.web.core.frame import page, stamp
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated


def roster(rec: TournamentRecord, late_form: LateForm | None = None) -> dict[str, Any]:
    """The players page after the first draw: everybody with their situation, who may
    withdraw (with the question to confirm), and whether a late player can join now."""
    tour, state = group_read(rec)
    rows, finished = [], state.finished
    for p in [*tour.players, *tour.late_players()]:
        said = status(state, p.id)
        may = withdrawal_refusal(state, p.id, finished=finished) is None
        rows.append({"id": p.id, "name": p.name, "status": translated(said) if said else "",
                     "withdrawn": p.id in state.withdrawn,
                     "confirm": _question(state, p.id, p.name) if may else None})  # fmt: skip
    refusal = late_join_refusal(state)
    return {
        "roster": rows,
        "late_allowed": tour.ruleset.late_join,
        "late_refusal": text_of(refusal) if refusal and tour.ruleset.late_join else "",
        "late_form": late_form or LateForm(initial={"version": rec.version}),
    }


def _question(state: TournamentState, player: str, name: str) -> str:
    """The question before a withdrawal, with what it means for a table still playing."""
    question = msg(
        "Withdraw {name}? The results so far stay; later games and who goes on are "
        "without {name}. This can be undone.",
        name=name,
    )
    note = withdrawal_note(state, player)
    return translated(question) + (" " + translated(note) if note else "")


@organiser
@require_POST
@part_of(GROUP, "players")
def withdraw(request: HttpRequest, pk: int, pid: str) -> HttpResponse:
    """Withdraw a player after the draw (the form knew the current state)."""
    rec = record_of(pk)
    form = VersionForm(request.POST)
    if not form.is_valid():
        raise Http404("version")  # the hidden field of the page was changed by hand
    by = request.user.get_username()

    def change(tour: Any) -> tuple[Withdrawn, str]:
        state = group_state(tour)
        fact = record(state, withdrawal(state, pid), at=stamp(), by=by)
        assert isinstance(fact, Withdrawn)
        return fact, tour.name_of(pid)

    def log(done: tuple[Withdrawn, str]) -> Logged:
        return Logged(msg("Withdrawn: {name}", name=done[1]), fact=done[0].n)

    try:
        _, name = append(
            rec.pk, change, expected=form.cleaned_data["version"], user=request.user, log=log
        )
    except RuleError as err:
        messages.error(request, text_of(err))
    else:
        messages.success(request, translated(msg("{name} is withdrawn.", name=name)))
    return redirect("players", rec.pk)


@organiser
@require_POST
@part_of(GROUP, "players")
def join(request: HttpRequest, pk: int) -> HttpResponse:
    """Let a late player join before the next newly drawn game (where the ruleset allows)."""
    rec = record_of(pk)
    form = LateForm(request.POST)
    if form.is_valid():
        by = request.user.get_username()

        def change(tour: Any) -> LateJoined:
            state = group_state(tour)
            fact = record(state, late_entry(state, form.cleaned_data["name"]), at=stamp(), by=by)
            assert isinstance(fact, LateJoined)
            return fact

        def log(fact: LateJoined) -> Logged:
            return Logged(msg("Joined late: {name}", name=fact.name), fact=fact.n)

        try:
            fact = append(
                rec.pk, change, expected=form.cleaned_data["version"], user=request.user, log=log
            )
        except RuleError as err:
            refuse(form, err, {"player": "name", "version": "__all__"})
        else:
            said = msg("{name} joins late (0 points so far).", name=fact.name)
            messages.success(request, translated(said))
            return redirect("players", rec.pk)
    context = {"players": rec.players, "fixed": True} | roster(rec, form)
    return page(request, rec, "orga/players.html", context)
