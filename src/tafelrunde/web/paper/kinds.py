"""Every kind of print page, in the order of the print menu; and what "everything" prints."""

from __future__ import annotations

from tafelrunde.i18n import msg
from tafelrunde.web.paper.cards import cards_part
from tafelrunde.web.paper.parts import Kind
from tafelrunde.web.paper.sheets import sheets_part

KINDS: tuple[Kind, ...] = (
    Kind("tischkarten", msg("Table cards"),
         msg("One card per table of the current game or round: the table number large, who sits "
             "where, the start player and the QR code of the table link."),
         cards_part),
    Kind("spielzettel", msg("Score sheets"),
         msg("One sheet per table of the current game or round to write the results on by hand: "
             "a row per game, what is already known filled in; in format D the chips to cross "
             "off, the order of leaving and the referee's initials."),
         sheets_part),
)  # fmt: skip
BY_SLUG = {k.slug: k for k in KINDS}
# what one click prints for the current game or round, in this order
EVERYTHING = ("tischkarten", "spielzettel", "wer-sitzt-wo")


def kinds_for(fmt: str) -> list[Kind]:
    """The print pages a tournament of this format has."""
    return [k for k in KINDS if k.fits(fmt)]
