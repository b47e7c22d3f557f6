"""The group family (formats A–C and a club's own rulesets of that shape) on the web."""

from __future__ import annotations

from tafelrunde.engine.families import GROUP
from tafelrunde.web.families.group import api, club, core, live, public
from tafelrunde.web.families.web_family import WebFamily
from tafelrunde.web.orga import group as orga
from tafelrunde.web.paper import group as paper
from tafelrunde.web.player import group as player
from tafelrunde.web.table import group as table

WEB = WebFamily(
    GROUP,
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
    """Add the group family's answer to every app's concern."""
    WEB.add()
