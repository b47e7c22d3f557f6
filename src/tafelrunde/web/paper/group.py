"""The group family on paper: its table cards, standings and certificates."""

from __future__ import annotations

from django.http import HttpRequest

from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.board import current_tables
from tafelrunde.web.core.domain.store import group_read
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import stage_tables
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.paper.cards_data import Card
from tafelrunde.web.paper.certificates import PLACES
from tafelrunde.web.paper.family_parts import Certificate, PaperPart, Placed, Sheets
from tafelrunde.web.paper.parts import Part
from tafelrunde.web.paper.sheets_group import group_sheets


def group_cards(rec: TournamentRecord) -> list[Card]:
    """The cards of the running stage's current tables (formats A–C)."""
    state = group_read(rec)[1]
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


def _group_placed(rec: TournamentRecord) -> Placed:
    """Everybody ranked (no prizes), the places printed unless asked otherwise, no kings."""
    state = group_read(rec)[1]
    name = state.tournament.name_of
    rows = [Certificate(place=r.place, name=name(r.player), prize=None) for r in state.overall()]
    return rows, PLACES, []


def standings_part(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """Every stage's standing as on the screen page, the newest first, each on its own page."""
    state = group_read(rec)[1]
    empty = translated(msg("Nothing drawn yet: the standings are printed once a game is drawn."))
    return [Part("paper/part_standings.html", {"stages": stage_tables(rec, state),
                                               "empty": empty})]  # fmt: skip


PAPER = PaperPart(
    group_cards,
    Sheets(
        "paper/part_sheets_group.html",
        lambda rec: group_sheets(group_read(rec)[1]),
        msg("No table is playing now: score sheets are printed once a game is drawn."),
    ),
    _group_placed,
)
