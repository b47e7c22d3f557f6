"""Passes on paper: player slips (name, tournament, QR; 21 per A4) and member cards (credit
card size with the club's name and logo; 10 per A4), each QR code the player's pass."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.http import HttpRequest
from django.utils.safestring import SafeString, mark_safe

from tafelrunde.i18n import msg
from tafelrunde.web.club.models import Person
from tafelrunde.web.club.roster import players_of
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.qr import link_base, qr_svg
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.paper.parts import Part
from tafelrunde.web.player import passes

SLIPS_PER_SHEET = 21  # 3 × 7 on A4
CARDS_PER_SHEET = 10  # 2 × 5 on A4


@dataclass(frozen=True)
class Slip:
    """One pass on paper: whose, and its QR code and address."""

    name: str
    address: str
    qr: SafeString


def pass_address(request: HttpRequest, token: str) -> str:
    """The full address of a pass (reachable by phones when the server is public)."""
    return f"{link_base(request)[0]}/pass/{token}/"


def _slip(request: HttpRequest, name: str, token: str) -> Slip:
    """A pass's slip or card."""
    address = pass_address(request, token)
    title = translated(msg("Pass of {name}", name=name))
    return Slip(name, address, mark_safe(qr_svg(address, title)))


def _sheets(items: list[Slip], per: int) -> list[list[Slip]]:
    """The items in pages of `per`."""
    return [items[k : k + per] for k in range(0, len(items), per)]


def slips_part(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """A slip per player of the tournament (guests' and members' passes alike)."""
    players = players_of(rec)
    tokens = passes.tokens_for(rec, [p for p, _ in players])
    slips = [_slip(request, name, tokens[p]) for p, name in players]
    empty = translated(msg("No players yet: slips are printed once players are registered."))
    return [Part("player/part_slips.html", _context(request, slips, SLIPS_PER_SHEET, empty),
                 blank=not slips)]  # fmt: skip


def member_cards_part(request: HttpRequest, rec: TournamentRecord) -> list[Part]:
    """A member card per club member among the tournament's players."""
    members = passes.members_of(rec)
    return [cards_part(request, members.values())]


def cards_part(request: HttpRequest, persons: Iterable[Person]) -> Part:
    """Member cards of these persons."""
    cards = [_slip(request, p.name, passes.token_for_person(p)) for p in persons]
    empty = translated(
        msg("No club members among the players: link the players to the club's persons first.")
    )
    return Part("player/part_member_cards.html", _context(request, cards, CARDS_PER_SHEET, empty),
                blank=not cards)  # fmt: skip


def _context(request: HttpRequest, items: list[Slip], per: int, empty: str) -> dict[str, object]:
    """What a part of slips or cards shows."""
    return {"sheets": _sheets(items, per), "empty": empty, "reachable": link_base(request)[1]}
