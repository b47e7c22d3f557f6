"""Table cards of the current game or round: the table number large, who sits where, the start
player, the QR code of the table link and the stage's notes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from django.http import HttpRequest
from django.utils.safestring import SafeString, mark_safe

from tafelrunde.engine.families import GROUP, KNOCKOUT
from tafelrunde.engine.knockout import Bracket, KnockoutState
from tafelrunde.engine.knockout.views_data import bracket_name
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.paper.parts import Part, Refusal
from tafelrunde.web.table import ko_board
from tafelrunde.web.table.board import addresses, current_tables, link_base, qr_svg
from tafelrunde.web.table.links import Where


@dataclass(frozen=True)
class Card:
    """One table's card: what the players at it need on paper."""

    number: int  # the table's number in the hall
    heading: str  # the stage and the game ('Gruppenrunde · Durchgang 1')
    names: tuple[str, ...]  # in seat order, the start player first
    start: str  # "first": the first name starts; "later": told later; "none": no start player
    where: Where  # the table link's key
    notes: tuple[str, ...] = ()
    chips: int = 0  # format D: chips each player gets at this table (the scan enters losers)
    lives: tuple[int | None, ...] = ()  # format D: lives per seat (None: the grand final)
    address: str = ""
    qr: SafeString = field(default_factory=lambda: mark_safe(""))

    @property
    def seats(self) -> list[tuple[str, int | None]]:
        """Each seat's player and lives (None: lives do not count at this table)."""
        lives = self.lives or (None,) * len(self.names)
        return list(zip(self.names, lives, strict=True))


def group_cards(state: TournamentState) -> list[Card]:
    """The cards of the running stage's current tables (formats A–C)."""
    st = state.current
    if st is None:
        return []
    by_game = st.rule.reseat_each_game  # else a table keeps its number through the games
    rows = sorted(
        current_tables(state), key=lambda r: (r.seat.game if by_game else 0, r.seat.index)
    )
    word = st.rule.game_word()
    notes = tuple(n for n in (st.rule.note,) if n)
    cards = []
    for r in rows:
        view = r.seat.view
        game: Message = msg("{stage} · {word} {game}", stage=st.title(), word=word,
                            game=r.seat.game)  # fmt: skip
        heading = translated(game if st.rule.reseat_each_game else st.title())
        said = (translated(view.note),) if view.note else ()
        start = "first" if view.seats_known else "later"
        cards.append(Card(view.index, heading, view.names, start, r.where, said + notes))
    return cards


def knockout_cards(state: KnockoutState) -> list[Card]:
    """The cards of every open table (format D): bracket, players, chips and lives."""
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


CARDS: dict[str, Callable[[Any], list[Card]]] = {  # each family's table cards, by its key
    GROUP.key: group_cards,
    KNOCKOUT.key: knockout_cards,
}


def cards_of(request: HttpRequest, rec: TournamentRecord) -> list[Card]:
    """Every card of the current game or round, each with its table link and QR code."""
    found = CARDS[rec.family.key](read_only(rec)[1])
    links = addresses(request, rec, [c.where for c in found])
    out = []
    for c in found:
        address = links[c.where]
        title = translated(msg("Table {table}", table=c.number))
        out.append(replace(c, address=address, qr=mark_safe(qr_svg(address, title))))
    return out


LAYOUTS = ("a4", "a5")  # one card per A4 page, or two A5 cards on one A4 page


def cards_part(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """The table cards, one per page or two A5 on one A4 page (`?karten=a5`)."""
    layout = request.GET.get("karten", "a4")
    if layout not in LAYOUTS:
        raise Refusal(msg("Table cards: choose one card per A4 page or two A5 cards per page."))
    cards = cards_of(request, rec)
    per = 2 if layout == "a5" else 1
    sheets = [cards[k : k + per] for k in range(0, len(cards), per)]
    empty = translated(
        msg("No table is playing now: table cards are printed once a game is drawn.")
    )
    reachable = link_base(request)[1]  # else the codes lead to this computer only
    return [Part("paper/part_cards.html", {"cards": cards, "sheets": sheets, "two": per == 2,
                                           "empty": empty, "reachable": reachable},
                 blank=not cards)]  # fmt: skip
