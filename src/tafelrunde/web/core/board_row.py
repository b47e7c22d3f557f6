"""One table as the results board and the links page show it: the keys their templates read
(`orga/board.html`, `orga/table_links.html`), whichever family fills them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from django.utils.safestring import SafeString

from tafelrunde.i18n import Message
from tafelrunde.web.core.seat import Where


class BoardRow(TypedDict, total=False):
    """One table on the board (a family fills what it has; a free table only its place)."""

    where: Where  # what its link is for
    table: int  # its number (a knockout: the hall's)
    game: int
    key: int | str  # its anchor on the page
    status: str  # open, entered, disputed, confirmed, decided
    table_status: str  # the result's own state, when a disputed roll-off marks the row
    said: str  # the state in words
    stage: str
    names: Sequence[str]  # who plays there
    disputed_rolloffs: list[dict[str, object]]  # the roll-offs the organisers decide there
    rolloffs: list[str]  # its open roll-offs in words
    versions: list[dict[str, object]]  # the entries waiting: their number, who, what
    settled: bool  # its result counts
    by_staff: bool  # the staff settled it
    mark: int  # its latest fact, to spot double taps
    fix: str  # where the organisers enter or correct it themselves
    fix_label: Message
    free: bool  # a table of the hall nobody plays at now
    address: str  # the links page: its link's address
    qr: SafeString  # and the link's QR code
