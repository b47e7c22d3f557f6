"""The group family (formats A–C and a club's own rulesets of that shape) on the web."""

from __future__ import annotations

from tafelrunde.engine.families import GROUP
from tafelrunde.web.api.family_parts import API
from tafelrunde.web.club.family_parts import CLUB
from tafelrunde.web.core.faces import FACE
from tafelrunde.web.families.group import api, club, core, live, public
from tafelrunde.web.live import slide_kinds
from tafelrunde.web.live.slides_common import FINAL
from tafelrunde.web.orga import group as orga
from tafelrunde.web.orga.family_parts import ORGA
from tafelrunde.web.paper import group as paper
from tafelrunde.web.paper.family_parts import PAPER
from tafelrunde.web.player import group as player
from tafelrunde.web.player.family_parts import PLAYER
from tafelrunde.web.public.family_parts import PUBLIC
from tafelrunde.web.table import group as table
from tafelrunde.web.table.family_parts import TABLE


def register() -> None:
    """Add the group family's answer to every app's concern."""
    FACE.add(GROUP, core.FACE)
    PUBLIC.add(GROUP, public.PUBLIC)
    TABLE.add(GROUP, table.TABLE)
    FINAL.add(GROUP, live.final)
    PAPER.add(GROUP, paper.PAPER)
    CLUB.add(GROUP, club.CLUB)
    API.add(GROUP, api.API)
    PLAYER.add(GROUP, player.PLAYER)
    ORGA.add(GROUP, orga.PART)
    for kind in live.SLIDE_KINDS:
        slide_kinds.register(kind)
