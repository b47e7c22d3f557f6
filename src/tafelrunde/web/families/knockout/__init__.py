"""The knockout family (format D, Schocken knockout) on the web."""

from __future__ import annotations

from tafelrunde.engine.families import KNOCKOUT
from tafelrunde.web.core.faces import FACE
from tafelrunde.web.families.knockout import core, public
from tafelrunde.web.public.family_parts import PUBLIC
from tafelrunde.web.table import ko as table
from tafelrunde.web.table.family_parts import TABLE


def register() -> None:
    """Add the knockout family's answer to every app's concern."""
    FACE.add(KNOCKOUT, core.FACE)
    PUBLIC.add(KNOCKOUT, public.PUBLIC)
    TABLE.add(KNOCKOUT, table.TABLE)
