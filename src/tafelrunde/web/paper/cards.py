"""Table cards of the current game or round: the table number large, who sits where, the start
player, the QR code of the table link and the stage's notes."""

from __future__ import annotations

from dataclasses import replace

from django.http import HttpRequest
from django.utils.safestring import mark_safe

from tafelrunde.i18n import msg
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.qr import link_base, qr_svg
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.paper.cards_data import Card
from tafelrunde.web.paper.family_parts import PAPER
from tafelrunde.web.paper.parts import Part, Refusal
from tafelrunde.web.table.links import addresses


def cards_of(request: HttpRequest, rec: TournamentRecord) -> list[Card]:
    """Every card of the current game or round, each with its table link and QR code."""
    found = PAPER.of(rec.family).cards(rec)
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
