"""Every kind of print page, in the order of the print menu; and what "everything" prints."""

from __future__ import annotations

from tafelrunde.engine.families import GROUP, KNOCKOUT, Family
from tafelrunde.i18n import msg
from tafelrunde.web.paper.cards import cards_part
from tafelrunde.web.paper.certificates import certificates_part
from tafelrunde.web.paper.group import standings_part
from tafelrunde.web.paper.knockout import kings_part, registration_part
from tafelrunde.web.paper.lists import seating_part
from tafelrunde.web.paper.parts import Kind
from tafelrunde.web.paper.rankings import ranking_part
from tafelrunde.web.paper.sheets import sheets_part

KINDS: list[Kind] = [
    Kind("tischkarten", msg("Table cards"),
         msg("One card per table of the current game or round: the table number large, who sits "
             "where, the start player and the QR code of the table link."),
         cards_part),
    Kind("spielzettel", msg("Score sheets"),
         msg("One sheet per table of the current game or round to write the results on by hand: "
             "a row per game, what is already known filled in; in format D the chips to cross "
             "off, the order of leaving and the referee's initials."),
         sheets_part),
    Kind("wer-sitzt-wo", msg("Who sits where"),
         msg("Everybody alphabetically with table and seat, the start player marked, in two "
             "columns: to hang up at the entrance."),
         seating_part, staff_only=False),
    Kind("anmeldeliste", msg("Registration list"),
         msg("Every registered player with a number, the entry fee, whether it is paid and a "
             "column to sign; empty lines for late registrations."),
         registration_part, families=(KNOCKOUT,)),
    Kind("stand", msg("Standings"),
         msg("Each stage's standing with every tie-break, the deciding one and who goes on; "
             "the newest stage first, each on its own page."),
         standings_part, families=(GROUP,), staff_only=False),
    Kind("endstand", msg("Final ranking"),
         msg("The overall ranking with points and tie-breaks (format D: with the prizes); "
             "marked as provisional until the tournament is over."),
         ranking_part, staff_only=False),
    Kind("schock-aus-koenig", msg("Schock-Aus-König"),
         msg("Each player's Schock aus, counted (donation handed in) or not yet paid, most "
             "first; the king marked and the donations."),
         kings_part, families=(KNOCKOUT,), staff_only=False),
    Kind("urkunden", msg("Certificates"),
         msg("One certificate per prize place, once the tournament is over: the club, the "
             "tournament, the place, the name and the prize."),
         certificates_part),
]  # fmt: skip
BY_SLUG = {k.slug: k for k in KINDS}
# what one click prints for the current game or round, in this order
EVERYTHING = ("tischkarten", "spielzettel", "wer-sitzt-wo")


def register(kind: Kind) -> None:
    """Add a print page of an app above this one (e.g. the players' passes), once."""
    if kind.slug not in BY_SLUG:
        KINDS.append(kind)
        BY_SLUG[kind.slug] = kind


def unregister(*kinds: Kind) -> None:
    """Take print pages out again (a family registered for a while, as in the tests)."""
    KINDS[:] = [k for k in KINDS if k not in kinds]
    for kind in kinds:
        BY_SLUG.pop(kind.slug, None)


def kinds_for(family: Family) -> list[Kind]:
    """The print pages a tournament of this format family has."""
    return [k for k in KINDS if k.fits(family)]
