"""Format D in the browser: registration, queues, tables with chips, lives, Schock aus."""

from __future__ import annotations

import contextlib
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.utils.translation import ngettext

from tafelrunde.engine.clock import clock_text, is_late, seconds
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import KNOCKOUT
from tafelrunde.engine.knockout import (
    KnockoutState,
    KnockoutTournament,
    StepKind,
    donation_total,
    fees_total,
    next_steps,
    schock_out_counts,
    schock_out_kings,
)
from tafelrunde.engine.knockout.actions import last_loss, table_token, tables_to_open, undo_target
from tafelrunde.engine.knockout.entry import present_unpaid, roster
from tafelrunde.engine.knockout.rules import Bracket
from tafelrunde.engine.knockout.situation import BRACKETS
from tafelrunde.engine.knockout.views_data import (
    bracket_name,
    clock_of,
    fact_line,
    hall_numbers,
    player_rows,
    table_rows,
)
from tafelrunde.engine.limits import MAX_HALL_TABLES
from tafelrunde.web.core.common import ko_record
from tafelrunde.web.core.faces import part_of
from tafelrunde.web.core.frame import page, stamp
from tafelrunde.web.core.roles import is_organiser, is_staff, referee_may_undo
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.orga.forms import PlayersForm

Bound = dict[str, forms.Form]


def players_page(request: HttpRequest, pk: int, bound: Bound | None = None) -> HttpResponse:
    """The registration page (with a refused form, when given)."""
    rec, tour = ko_record(pk)
    state = tour.state()
    rules = state.rules
    form = (bound or {}).get("register") or PlayersForm(initial={"version": rec.version})
    rows = player_rows(state)
    to_pay = [state.players[p].name for p in present_unpaid(state)]
    for row in rows:
        p = state.players[row["id"]]
        open_ = row["status"] in ("registered", "waiting") and not p.seated_ever
        row |= {
            "can_pay": not p.paid and row["status"] != "withdrawn",
            "can_check_in": rules.check_in and not p.checked_in and row["status"] != "withdrawn",
            "can_withdraw": open_,
            "can_take_back": p.paid and not p.seated_ever and not state.finished,
            "status_text": translated(row["status_text"]),
            "bracket_name": translated(bracket_name(p.bracket)) if p.bracket else "",
        }
    context = {
        "rows": rows,
        "form": form,
        "mark_form": (bound or {}).get("mark"),
        "check_in": rules.check_in,
        "deadline": clock_text(rules.deadline),
        "admission": clock_text(rules.admission),
        "start": clock_text(rules.start),
        "late": is_late(stamp(), rules.deadline, tour.day),
        "entry_fee": rules.entry_fee,
        "fees_total": fees_total(state),
        "paid": sum(1 for p in state.players.values() if p.paid),
        "day": tour.day,
        "to_pay": to_pay,
        "pay_all_question": ngettext(
            "Mark the entry fee of %(n)s present player as paid: %(names)s?",
            "Mark the entry fee of all %(n)s present players as paid: %(names)s?",
            len(to_pay),
        )
        % {"n": len(to_pay), "names": ", ".join(to_pay)},
        "pay_all_form": (bound or {}).get("pay-all"),
    }
    return page(request, rec, "orga/ko_players.html", context)


@part_of(KNOCKOUT, "players")
def players(request: HttpRequest, pk: int) -> HttpResponse:
    """Registration: add, pay, check in, withdraw."""
    return players_page(request, pk)


def _waiting(state: KnockoutState) -> list[tuple[str, str]]:
    """The players who can be seated by hand now, with their bracket."""
    out = [
        (pid, f"{state.players[pid].name} ({translated(bracket_name(b))})")
        for b in BRACKETS
        for pid in state.queues[b]
    ]
    if state.grand_final_ready():
        final = translated(bracket_name(Bracket.GRAND_FINAL))
        out += [(pid, f"{state.players[pid].name} ({final})") for pid in state.finalists]
    return out


def _cards(tour: KnockoutTournament, state: KnockoutState, bound: Bound) -> list[dict[str, Any]]:
    """Every table as a card: seats with chips and lives, clock, last loss, forms."""
    who = roster(tour)
    cards = []
    for row in table_rows(state, seconds(stamp())):
        n = row["table"]
        row["bracket_name"] = translated(row["bracket_name"])
        grand = row["bracket"] == str(Bracket.GRAND_FINAL)
        seats = [
            {
                "id": pid,
                "name": state.players[pid].name,
                "chips": row["chips"].get(pid),
                "lives": None if grand else state.players[pid].lives,
                "gone": pid not in row["chips"],
            }
            for pid in row["players"]
        ]
        loss = last_loss(tour, n, state)
        last = None if loss is None else {"n": loss.n, "text": translated(fact_line(who, loss))}
        cards.append(
            row
            | {
                "grand": grand,
                "seats": seats,
                "token": table_token(state, n),
                "last": last,
                "lost_form": bound.get(f"lost-{n}"),
                "correct_form": bound.get(f"correct-{n}"),
            }
        )
    return cards


def _suggested(state: KnockoutState) -> list[str]:
    """The suggested tables in words (empty when there is none to open)."""
    try:
        tables_to_open(state)
    except RuleError:
        return []
    kinds = (StepKind.OPEN_TABLE, StepKind.OPEN_GRAND_FINAL)
    return [translated(s.text) for s in next_steps(state) if s.kind in kinds]


def tables_page(request: HttpRequest, pk: int, bound: Bound | None = None) -> HttpResponse:
    """The tables page (with a refused form, when given)."""
    rec, tour = ko_record(pk)
    state = tour.state()
    bound = bound or {}
    cards = _cards(tour, state, bound)
    who, places = roster(tour), hall_numbers(state)
    undo = None
    with contextlib.suppress(RuleError):
        target = undo_target(tour)
        if is_organiser(request.user) or (is_staff(request.user) and referee_may_undo(target)):
            undo = {"n": target.n, "text": translated(fact_line(who, target))}
    counts = schock_out_counts(state)
    shown = {"open", "hand", "hall", "schock", "donation", "undo" if undo else ""}
    shown |= {f"{kind}-{c['table']}" for c in cards for kind in ("lost", "correct")}
    context = {
        "stray": [form for key, form in bound.items() if key not in shown],
        "queues": [
            (translated(bracket_name(b)), [state.players[p].name for p in state.queues[b]])
            for b in BRACKETS
        ],
        "finalists": [state.players[p].name for p in state.finalists],
        "suggested": _suggested(state),
        "steps": [translated(s.text) for s in next_steps(state)],
        "waiting": _waiting(state),
        "brackets": [(str(b), translated(bracket_name(b))) for b in Bracket],
        "open_cards": [c for c in cards if c["closed"] is None],
        "done_cards": [c for c in cards if c["closed"] is not None],
        "players": [
            (p.id, p.name) for p in state.players.values() if p.status.value != "withdrawn"
        ],
        "schock_outs": [  # named by player, table and time (the entry's number stays inside)
            (n, f"{translated(fact_line(who, f, places))}, {clock_of(seconds(f.at))}")
            for n, f in state.schock_outs.items()
            if n not in state.donations
        ],
        "kings": [state.players[p].name for p in schock_out_kings(state)],
        "king_count": max(counts.values(), default=0),
        "donation_total": donation_total(state),
        "donations": len(state.donations),
        "donation": state.rules.donation,
        "undo": undo,
        "winner": state.players[state.winner].name if state.winner else None,
        "bound": bound,
        "finished": state.finished,
        "hall_tables": state.hall_tables,
        "hall_most": MAX_HALL_TABLES,
        "in_use": len(state.places_in_use()),
    }
    return page(request, rec, "orga/ko_tables.html", context)


@part_of(KNOCKOUT, "tables")
def tables(request: HttpRequest, pk: int) -> HttpResponse:
    """Queues, open tables with chips and clock, game losers."""
    return tables_page(request, pk)
