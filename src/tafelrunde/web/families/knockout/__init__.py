"""The knockout family (format D, Schocken knockout) on the web."""

from __future__ import annotations

from tafelrunde.engine.families import KNOCKOUT
from tafelrunde.web.families.knockout import api, club, core, live, public
from tafelrunde.web.families.web_family import WebFamily
from tafelrunde.web.orga import knockout as orga
from tafelrunde.web.paper import knockout as paper
from tafelrunde.web.player import knockout as player
from tafelrunde.web.table import ko as table

WEB = WebFamily(
    KNOCKOUT,
    core.FACE,
    public.PUBLIC,
    table.TABLE,
    live.final,
    paper.PAPER,
    club.CLUB,
    api.API,
    player.PLAYER,
    orga.PART,
    slide_kinds=live.SLIDE_KINDS,
)


def register() -> None:
    """Add the knockout family's answer to every app's concern."""
    WEB.add()
