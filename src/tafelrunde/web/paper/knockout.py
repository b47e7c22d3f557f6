"""The knockout family on paper: its table cards, registration list, Schock aus and certificates."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from tafelrunde.engine.knockout import Bracket, KnockoutState, fees_total
from tafelrunde.engine.knockout.overall_ranking import knockout_ranking_rows
from tafelrunde.engine.knockout.results import (
    donation_total,
    schock_out_counts,
    schock_out_kings,
    schock_outs_unpaid,
)
from tafelrunde.engine.knockout.views_data import bracket_name, player_rows
from tafelrunde.engine.name_match import sort_key
from tafelrunde.i18n import msg
from tafelrunde.web.core import ko_board
from tafelrunde.web.core.domain.knockout import knockout_read
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.paper.cards_data import Card
from tafelrunde.web.paper.family_parts import Certificate, Crown, PaperPart, Placed, Sheets
from tafelrunde.web.paper.parts import Part
from tafelrunde.web.paper.sheets_knockout import knockout_sheets

LATE_LINES = 8  # empty numbered lines for late registrations


def knockout_cards(rec: TournamentRecord) -> list[Card]:
    """The cards of every open table (format D): bracket, players, chips and lives."""
    state = knockout_read(rec)[1]
    rules = state.rules
    cards = []
    for table in sorted(state.open_tables(), key=lambda t: t.place or t.number):
        grand = table.bracket is Bracket.GRAND_FINAL
        chips = rules.chips(table.bracket)
        notes = [translated(msg("Every player starts at this table with {n} chips.", n=chips)),
                 translated(msg("The code stays valid all evening: it opens the table playing "
                                "here now."))]  # fmt: skip
        if not grand or rules.sharp_in_final:
            notes.append(translated(msg(
                "Sharp play: {minutes} minutes after the table opened, each new game is played "
                "over a single half.", minutes=rules.sharp_after_minutes)))  # fmt: skip
        if rules.donation:
            notes.append(translated(msg(
                "Schock aus in one throw: hand {euro} € to the referees so that it counts for "
                "the Schock-Aus-König.", euro=rules.donation)))  # fmt: skip
        players = state.players
        cards.append(Card(
            table.place or table.number, translated(bracket_name(table.bracket)),
            tuple(players[p].name for p in table.players), "none", ko_board.hall_where(table.place),
            tuple(notes), chips,
            tuple(None if grand else players[p].lives for p in table.players),
        ))  # fmt: skip
    return cards + free_hall_cards(state)


def free_hall_cards(state: KnockoutState) -> list[Card]:
    """A card for each table of the hall nobody plays at now (when the hall's size is set):
    its code opens whichever table is opened there later, so the whole hall is printed
    once before the evening."""
    if not state.hall_tables:
        return []
    used = {t.place for t in state.open_tables()}
    notes = (
        translated(msg("The code stays valid all evening: it opens the table playing here now.")),
        translated(msg("Who plays here is shown on the phone once the table is opened.")),
    )
    hall = translated(msg("Hall table"))
    return [
        Card(
            place,
            hall,
            (),
            "none",
            ko_board.hall_where(place),
            notes,
            state.rules.chips(Bracket.MAIN),
        )
        for place in range(1, state.hall_tables + 1)
        if place not in used
    ]


def _knockout_placed(rec: TournamentRecord) -> Placed:
    """Everybody ranked with their prize, how many places have one, the Schock-Aus-König."""
    state = knockout_read(rec)[1]
    counts = schock_out_counts(state)
    kings = [Crown(name=state.players[p].name, count=counts[p]) for p in schock_out_kings(state)]
    rows = [
        Certificate(place=r["place"], name=r["name"], prize=r["prize"])
        for r in knockout_ranking_rows(state)
    ]
    return rows, len(state.rules.prizes), kings


def kings_part(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """Format D: each player's Schock aus (counted with donation, not yet paid), most first;
    the king(s) marked; the donation total."""
    state = knockout_read(rec)[1]
    counted, unpaid = schock_out_counts(state), schock_outs_unpaid(state)
    kings = set(schock_out_kings(state))
    players = state.players
    rows: list[dict[str, Any]] = [
        {"name": players[p].name, "counted": counted.get(p, 0), "unpaid": unpaid.get(p, 0),
         "king": p in kings}
        for p in set(counted) | set(unpaid)
    ]  # fmt: skip
    rows.sort(key=lambda r: (-r["counted"], -r["unpaid"], *sort_key(r["name"])))
    context = {
        "rows": rows,
        "kings": [players[p].name for p in sorted(kings)],
        "donation": state.rules.donation,
        "donations": len(state.donations),
        "total": donation_total(state),
        "finished": state.finished,
    }
    return [Part("paper/part_kings.html", context)]


def registration_part(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """Format D: every registered player with a number, the entry fee, paid or an empty box,
    room to sign; empty lines for late registrations; the totals."""
    state = knockout_read(rec)[1]
    rows = sorted(player_rows(state), key=lambda r: (*sort_key(r["name"]), r["id"]))
    start = len(rows) + 1
    context = {
        "rows": rows,
        "late": range(start, start + LATE_LINES),
        "fee": state.rules.entry_fee,
        "paid": sum(1 for r in rows if r["paid"]),
        "fees": fees_total(state),
        "day": rec.day,
    }
    return [Part("paper/part_registration.html", context)]


PAPER = PaperPart(
    knockout_cards,
    Sheets(
        "paper/part_sheets_knockout.html",
        lambda rec: knockout_sheets(knockout_read(rec)[1]),
        msg("No table is open now: score sheets are printed once a table is opened."),
    ),
    _knockout_placed,
)
