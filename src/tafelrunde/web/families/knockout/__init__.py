"""The knockout family (format D, Schocken knockout) on the web."""

from __future__ import annotations

from tafelrunde.engine.families import KNOCKOUT
from tafelrunde.web.api.family_parts import API
from tafelrunde.web.club.family_parts import CLUB
from tafelrunde.web.core.faces import FACE
from tafelrunde.web.families.knockout import api, club, core, live, public
from tafelrunde.web.live import slide_kinds
from tafelrunde.web.live.slides_common import FINAL
from tafelrunde.web.orga import knockout as orga
from tafelrunde.web.orga.family_parts import ORGA
from tafelrunde.web.paper import knockout as paper
from tafelrunde.web.paper.family_parts import PAPER
from tafelrunde.web.player import knockout as player
from tafelrunde.web.player.family_parts import PLAYER
from tafelrunde.web.public.family_parts import PUBLIC
from tafelrunde.web.table import ko as table
from tafelrunde.web.table.family_parts import TABLE


def register() -> None:
    """Add the knockout family's answer to every app's concern."""
    FACE.add(KNOCKOUT, core.FACE)
    PUBLIC.add(KNOCKOUT, public.PUBLIC)
    TABLE.add(KNOCKOUT, table.TABLE)
    FINAL.add(KNOCKOUT, live.final)
    PAPER.add(KNOCKOUT, paper.PAPER)
    CLUB.add(KNOCKOUT, club.CLUB)
    API.add(KNOCKOUT, api.API)
    PLAYER.add(KNOCKOUT, player.PLAYER)
    ORGA.add(KNOCKOUT, orga.PART)
    for kind in live.SLIDE_KINDS:
        slide_kinds.register(kind)
