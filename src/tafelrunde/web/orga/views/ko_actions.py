"""Format D entries by the organisers and referees: each POST records facts through the
engine, all or none."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import KNOCKOUT
from tafelrunde.engine.knockout import (
    Bracket,
    CheckIn,
    Donation,
    HallTables,
    KnockoutFact,
    KnockoutState,
    KnockoutTournament,
    PayFee,
    SchockOut,
    TakeBackFee,
    Undo,
    Withdraw,
)
from tafelrunde.engine.knockout.actions import hand_table, tables_to_open, undo_target
from tafelrunde.engine.knockout.checks import known_table
from tafelrunde.engine.knockout.entry import pay_all, player_id, registrations
from tafelrunde.engine.knockout.staff_entry import corrected_loser, staff_loser
from tafelrunde.engine.limits import MAX_LIST_BYTES
from tafelrunde.engine.players import parse_player_names
from tafelrunde.i18n import msg
from tafelrunde.web.core.common import ko_record, organiser, record_of, refuse, staff
from tafelrunde.web.core.domain.knockout import enter, explain, same_table
from tafelrunde.web.core.faces import part_of
from tafelrunde.web.core.frame import stamp
from tafelrunde.web.core.roles import is_organiser, referee_undo
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.orga.forms import PlayersForm
from tafelrunde.web.orga.views import ko_forms as kf
from tafelrunde.web.orga.views.knockout import players_page, tables_page
from tafelrunde.web.orga.views.tournaments import upload_text

Data = dict[str, Any]
Build = Callable[[KnockoutTournament, KnockoutState, Data], list[KnockoutFact]]
PAGES = {"ko-players": players_page, "ko-tables": tables_page}


def _act(
    request: HttpRequest,
    pk: int,
    form: forms.Form,
    key: str,
    build: Build,
    *,
    back: str,
    fields: dict[str, str] | None = None,
    fresh: bool = True,
) -> HttpResponse:
    """Record what a valid form asks for; a refusal is shown at the form, nothing saved."""
    rec, _ = ko_record(pk)
    if form.is_valid():
        data = form.cleaned_data
        try:
            done = enter(
                rec.pk,
                lambda tour, state: build(tour, state, data),
                expected=data.get("version") if fresh else None,
                user=request.user,
                at=stamp(),
            )
        except RuleError as err:
            refuse(form, err, fields)
        else:
            messages.success(request, "; ".join(translated(line) for line in done.lines))
            return redirect(back, rec.pk)
    assert isinstance(form.data, QueryDict)  # the request's copy: it may be changed
    form.data["version"] = str(record_of(pk).version)
    return PAGES[back](request, pk, {key: form})


@organiser
@require_POST
@part_of(KNOCKOUT, "players")
def register(request: HttpRequest, pk: int) -> HttpResponse:
    """Register players from typed names or a CSV file."""
    form = PlayersForm(request.POST.copy(), request.FILES or None)

    def build(tour: KnockoutTournament, state: KnockoutState, d: Data) -> list[KnockoutFact]:
        text = upload_text(form, "file", MAX_LIST_BYTES) or d["names"]
        names = parse_player_names(text)
        if not names:
            raise RuleError(msg("Please enter names."), field="names")
        return registrations(tour, names, late=d["late"], paid=d["paid"])

    fields = {"players": "names", "name": "names", "player": "names", "at": "late"}
    return _act(request, pk, form, "register", build, back="ko-players", fields=fields)


MARKS: dict[str, type[PayFee | CheckIn | Withdraw | TakeBackFee]] = {
    "pay": PayFee,
    "checkin": CheckIn,
    "withdraw": Withdraw,
    "unpay": TakeBackFee,
}


@organiser
@require_POST
@part_of(KNOCKOUT, "players")
def mark(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """Mark a player's entry fee paid (or take the mark back), check in, or withdraw."""
    if kind not in MARKS:
        raise Http404(kind)
    fact = MARKS[kind]

    def build(tour: KnockoutTournament, state: KnockoutState, d: Data) -> list[KnockoutFact]:
        return [fact(n=0, at=0, player=player_id(state, d["player"]))]

    form = kf.PlayerForm(request.POST.copy())
    return _act(request, pk, form, "mark", build, back="ko-players")


@organiser
@require_POST
@part_of(KNOCKOUT, "players")
def pay_everybody(request: HttpRequest, pk: int) -> HttpResponse:
    """Mark the entry fee of every present player paid, as one entry (the page asked first)."""

    def build(tour: KnockoutTournament, state: KnockoutState, d: Data) -> list[KnockoutFact]:
        return [pay_all(state)]

    form = kf.VersionForm(request.POST.copy())
    return _act(request, pk, form, "pay-all", build, back="ko-players")


@organiser
@require_POST
@part_of(KNOCKOUT, "tables")
def hall(request: HttpRequest, pk: int) -> HttpResponse:
    """Set how many physical tables the hall has."""

    def build(tour: KnockoutTournament, state: KnockoutState, d: Data) -> list[KnockoutFact]:
        return [HallTables(n=0, at=0, count=d["count"])]

    form = kf.HallForm(request.POST.copy())
    return _act(request, pk, form, "hall", build, back="ko-tables")


@organiser
@require_POST
@part_of(KNOCKOUT, "tables")
def open_suggested(request: HttpRequest, pk: int) -> HttpResponse:
    """Open the next suggested table, or all suggested tables."""

    def build(tour: KnockoutTournament, state: KnockoutState, d: Data) -> list[KnockoutFact]:
        tables = tables_to_open(state)
        return list(tables if d["all"] else tables[:1])

    form = kf.OpenForm(request.POST.copy())
    return _act(request, pk, form, "open", build, back="ko-tables")


def _bracket(word: str) -> Bracket | None:
    """The bracket chosen in a form (empty: none)."""
    try:
        return Bracket(word) if word else None
    except ValueError:
        raise RuleError(msg("'{word}' is no bracket.", word=word), field="bracket") from None


@organiser
@require_POST
@part_of(KNOCKOUT, "tables")
def open_by_hand(request: HttpRequest, pk: int) -> HttpResponse:
    """Open a table with players chosen by hand."""

    def build(tour: KnockoutTournament, state: KnockoutState, d: Data) -> list[KnockoutFact]:
        ids = tuple(player_id(state, p) for p in d["players"])
        return [hand_table(state, ids, _bracket(d["bracket"]))]

    _, tour = ko_record(pk)
    state = tour.state()
    choices = [(p, p) for p in state.players]
    form = kf.HandTableForm(request.POST.copy(), choices=choices)
    return _act(request, pk, form, "hand", build, back="ko-tables")


@staff
@require_POST
@part_of(KNOCKOUT, "tables")
def lost(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """Record the loser of a game at a table that has not changed since the form was made."""

    def build(tour: KnockoutTournament, state: KnockoutState, d: Data) -> list[KnockoutFact]:
        known_table(state, table)
        same_table(tour, state, table, d["state"], d["version"])
        return [staff_loser(state, table, player_id(state, d["player"]))]

    form = kf.LostForm(request.POST.copy())
    return _act(request, pk, form, f"lost-{table}", build, back="ko-tables", fresh=False)


@staff
@require_POST
@part_of(KNOCKOUT, "tables")
def correct(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """Replace the loser of an earlier game at a table."""

    def build(tour: KnockoutTournament, state: KnockoutState, d: Data) -> list[KnockoutFact]:
        pid = player_id(state, d["player"])
        return [corrected_loser(tour.facts, d["corrects"], pid, table)]

    form = kf.CorrectForm(request.POST.copy())
    return _act(request, pk, form, f"correct-{table}", build, back="ko-tables")


@staff
@require_POST
@part_of(KNOCKOUT, "tables")
def schock_out(request: HttpRequest, pk: int) -> HttpResponse:
    """Record a Schock aus in one throw, and its donation when handed in at once."""

    def build(tour: KnockoutTournament, state: KnockoutState, d: Data) -> list[KnockoutFact]:
        pid = player_id(state, d["player"])
        facts: list[KnockoutFact] = [
            SchockOut(n=0, at=0, player=pid, table=state.players[pid].table)
        ]
        if d["donated"]:
            facts.append(Donation(n=0, at=0, schock_out=tour.next_number()))
        return facts

    form = kf.SchockOutForm(request.POST.copy())
    return _act(request, pk, form, "schock", build, back="ko-tables")


@staff
@require_POST
@part_of(KNOCKOUT, "tables")
def donate(request: HttpRequest, pk: int) -> HttpResponse:
    """Record the donation for a recorded Schock aus."""

    def build(tour: KnockoutTournament, state: KnockoutState, d: Data) -> list[KnockoutFact]:
        return [Donation(n=0, at=0, schock_out=d["schock_out"])]

    form = kf.DonationForm(request.POST.copy())
    return _act(request, pk, form, "donation", build, back="ko-tables")


@staff
@require_POST
@part_of(KNOCKOUT, "tables")
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Take back the latest entry that counts (the one the page showed)."""

    everything = is_organiser(request.user)

    def build(tour: KnockoutTournament, state: KnockoutState, d: Data) -> list[KnockoutFact]:
        target = undo_target(tour)
        if not everything:
            referee_undo(target, explain(tour, target))
        if target.n != d["target"]:
            raise RuleError(
                msg("The latest entry is now no. {n}; please reload.", n=target.n),
                field="target",
            )
        return [Undo(n=0, at=0, target=target.n)]

    form = kf.UndoForm(request.POST.copy())
    return _act(request, pk, form, "undo", build, back="ko-tables")
