"""Format D entries by the organisers and referees: each POST records facts through the
engine, all or none."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
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
from tafelrunde.web.core.faces import Part, part_of
from tafelrunde.web.core.frame import stamp
from tafelrunde.web.core.roles import is_organiser, referee_undo
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.orga.forms import PlayersForm
from tafelrunde.web.orga.views import ko_forms as kf
from tafelrunde.web.orga.views.knockout import players_page, tables_page
from tafelrunde.web.orga.views.tournaments import upload_text

Data = dict[str, Any]
Build = Callable[["Asked", KnockoutTournament, KnockoutState], list[KnockoutFact]]
PAGES = {"ko-players": players_page, "ko-tables": tables_page}


@dataclass(frozen=True)
class Asked:
    """What a POST asks for: the request, its valid form's data, the address's arguments."""

    request: HttpRequest
    form: forms.Form
    data: Data
    args: Mapping[str, Any]


@dataclass(frozen=True)
class Action:
    """One format-D entry of the organisers or referees: who may, the part of the pages it
    belongs to, its form, the form's key on the page, the facts it builds, where it leads."""

    who: Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]  # organiser, staff
    part: Part
    form: Callable[[HttpRequest, int, Mapping[str, Any]], forms.Form]
    key: str  # formatted with the address's arguments: "lost-{table}"
    build: Build
    back: str
    fields: Mapping[str, str] | None = None  # the form's field for an engine's refusal
    fresh: bool = True  # refused when the tournament changed since the form was made


def view(action: Action, doc: str) -> Callable[..., HttpResponse]:
    """The view of an entry: POST only, for those who may, of the knockout's part."""

    def act(request: HttpRequest, pk: int, **args: Any) -> HttpResponse:
        form = action.form(request, pk, args)

        def build(tour: KnockoutTournament, state: KnockoutState, d: Data) -> list[KnockoutFact]:
            return action.build(Asked(request, form, d, args), tour, state)

        fields = dict(action.fields or {})
        key = action.key.format(**args)
        return _act(request, pk, form, key, build, back=action.back, fields=fields,
                    fresh=action.fresh)  # fmt: skip

    act.__doc__ = doc
    return action.who(require_POST(part_of(KNOCKOUT, action.part)(act)))


def _act(
    request: HttpRequest,
    pk: int,
    form: forms.Form,
    key: str,
    build: Callable[[KnockoutTournament, KnockoutState, Data], list[KnockoutFact]],
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


def _posted(form: type[forms.Form]) -> Callable[[HttpRequest, int, Mapping[str, Any]], forms.Form]:
    """A form of the POST's copy."""
    return lambda request, _pk, _args: form(request.POST.copy())


# -- the players' registration ---------------------------------------------------------------


def _register(a: Asked, tour: KnockoutTournament, state: KnockoutState) -> list[KnockoutFact]:
    """Register players from typed names or a CSV file."""
    text = upload_text(a.form, "file", MAX_LIST_BYTES) or a.data["names"]
    names = parse_player_names(text)
    if not names:
        raise RuleError(msg("Please enter names."), field="names")
    return registrations(tour, names, late=a.data["late"], paid=a.data["paid"])


MARKS: dict[str, type[PayFee | CheckIn | Withdraw | TakeBackFee]] = {
    "pay": PayFee,
    "checkin": CheckIn,
    "withdraw": Withdraw,
    "unpay": TakeBackFee,
}


def _mark_form(request: HttpRequest, pk: int, args: Mapping[str, Any]) -> forms.Form:
    """The player's form of a known mark (else: no such address)."""
    if args["kind"] not in MARKS:
        raise Http404(args["kind"])
    return kf.PlayerForm(request.POST.copy())


def _mark(a: Asked, tour: KnockoutTournament, state: KnockoutState) -> list[KnockoutFact]:
    """The fee paid (or taken back), the check-in, or the withdrawal of one player."""
    return [MARKS[a.args["kind"]](n=0, at=0, player=player_id(state, a.data["player"]))]


# -- the tables ------------------------------------------------------------------------------


def _open(a: Asked, tour: KnockoutTournament, state: KnockoutState) -> list[KnockoutFact]:
    """The next suggested table, or all of them."""
    tables = tables_to_open(state)
    return list(tables if a.data["all"] else tables[:1])


def _bracket(word: str) -> Bracket | None:
    """The bracket chosen in a form (empty: none)."""
    try:
        return Bracket(word) if word else None
    except ValueError:
        raise RuleError(msg("'{word}' is no bracket.", word=word), field="bracket") from None


def _hand_form(request: HttpRequest, pk: int, _args: Mapping[str, Any]) -> forms.Form:
    """The form of a table opened by hand, offering every player."""
    state = ko_record(pk)[1].state()
    return kf.HandTableForm(request.POST.copy(), choices=[(p, p) for p in state.players])


def _by_hand(a: Asked, tour: KnockoutTournament, state: KnockoutState) -> list[KnockoutFact]:
    """A table with players chosen by hand."""
    ids = tuple(player_id(state, p) for p in a.data["players"])
    return [hand_table(state, ids, _bracket(a.data["bracket"]))]


def _lost(a: Asked, tour: KnockoutTournament, state: KnockoutState) -> list[KnockoutFact]:
    """The loser of a game at a table unchanged since the form was made."""
    table = a.args["table"]
    known_table(state, table)
    same_table(tour, state, table, a.data["state"], a.data["version"])
    return [staff_loser(state, table, player_id(state, a.data["player"]))]


def _correct(a: Asked, tour: KnockoutTournament, state: KnockoutState) -> list[KnockoutFact]:
    """Another loser of an earlier game at a table."""
    pid = player_id(state, a.data["player"])
    return [corrected_loser(tour.facts, a.data["corrects"], pid, a.args["table"])]


def _schock_out(a: Asked, tour: KnockoutTournament, state: KnockoutState) -> list[KnockoutFact]:
    """A Schock aus in one throw, and its donation when handed in at once."""
    pid = player_id(state, a.data["player"])
    facts: list[KnockoutFact] = [SchockOut(n=0, at=0, player=pid, table=state.players[pid].table)]
    if a.data["donated"]:
        facts.append(Donation(n=0, at=0, schock_out=tour.next_number()))
    return facts


def _undo(a: Asked, tour: KnockoutTournament, state: KnockoutState) -> list[KnockoutFact]:
    """The latest entry that counts taken back (the one the page showed)."""
    target = undo_target(tour)
    if not is_organiser(a.request.user):
        referee_undo(target, explain(tour, target))
    if target.n != a.data["target"]:
        raise RuleError(
            msg("The latest entry is now no. {n}; please reload.", n=target.n), field="target"
        )
    return [Undo(n=0, at=0, target=target.n)]


PLAYERS, TABLES = "ko-players", "ko-tables"
REGISTERED = {"players": "names", "name": "names", "player": "names", "at": "late"}
register = view(
    Action(
        organiser,
        "players",
        lambda request, _pk, _args: PlayersForm(request.POST.copy(), request.FILES or None),
        "register",
        _register,
        PLAYERS,
        REGISTERED,
    ),
    "Register players from typed names or a CSV file.",
)
mark = view(
    Action(organiser, "players", _mark_form, "mark", _mark, PLAYERS),
    "Mark a player's entry fee paid (or take the mark back), check in, or withdraw.",
)
pay_everybody = view(
    Action(
        organiser,
        "players",
        _posted(kf.VersionForm),
        "pay-all",
        lambda a, tour, state: [pay_all(state)],
        PLAYERS,
    ),
    "Mark the entry fee of every present player paid, as one entry.",
)
hall = view(
    Action(
        organiser,
        "tables",
        _posted(kf.HallForm),
        "hall",
        lambda a, tour, state: [HallTables(n=0, at=0, count=a.data["count"])],
        TABLES,
    ),
    "Set how many physical tables the hall has.",
)
open_suggested = view(
    Action(organiser, "tables", _posted(kf.OpenForm), "open", _open, TABLES),
    "Open the next suggested table, or all suggested tables.",
)
open_by_hand = view(
    Action(organiser, "tables", _hand_form, "hand", _by_hand, TABLES),
    "Open a table with players chosen by hand.",
)
lost = view(
    Action(staff, "tables", _posted(kf.LostForm), "lost-{table}", _lost, TABLES, fresh=False),
    "Record the loser of a game at a table that has not changed since the form was made.",
)
correct = view(
    Action(staff, "tables", _posted(kf.CorrectForm), "correct-{table}", _correct, TABLES),
    "Replace the loser of an earlier game at a table.",
)
schock_out = view(
    Action(staff, "tables", _posted(kf.SchockOutForm), "schock", _schock_out, TABLES),
    "Record a Schock aus in one throw, and its donation.",
)
donate = view(
    Action(
        staff,
        "tables",
        _posted(kf.DonationForm),
        "donation",
        lambda a, tour, state: [Donation(n=0, at=0, schock_out=a.data["schock_out"])],
        TABLES,
    ),
    "Record the donation for a recorded Schock aus.",
)
undo = view(Action(staff, "tables", _posted(kf.UndoForm), "undo", _undo, TABLES),
            "Take back the latest entry that counts (the one the page showed).")  # fmt: skip
