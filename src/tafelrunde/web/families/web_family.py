"""A family's answers to every app, as one typed bundle: a family that leaves a concern out
does not type-check, and `add`/`remove` register them all at once."""

from __future__ import annotations

from dataclasses import dataclass

from tafelrunde.engine.families import Family
from tafelrunde.web.api.family_parts import API, ApiPart
from tafelrunde.web.club.family_parts import CLUB, ClubPart
from tafelrunde.web.core.faces import FACE, Face
from tafelrunde.web.live import slide_kinds
from tafelrunde.web.live.slide_kinds import SlideKind
from tafelrunde.web.live.slides_common import FINAL, Final
from tafelrunde.web.orga.family_parts import ORGA, OrgaPart
from tafelrunde.web.paper import kinds as print_kinds
from tafelrunde.web.paper.family_parts import PAPER, PaperPart
from tafelrunde.web.paper.parts import Kind
from tafelrunde.web.player.family_parts import PLAYER, PlayerPart
from tafelrunde.web.public.family_parts import PUBLIC, PublicPart
from tafelrunde.web.table.family_parts import TABLE, TablePart


@dataclass(frozen=True)
class WebFamily:
    """Everything the web apps ask of one family, and its own slide and print kinds."""

    family: Family
    face: Face
    public: PublicPart
    table: TablePart
    final: Final
    paper: PaperPart
    club: ClubPart
    api: ApiPart
    player: PlayerPart
    orga: OrgaPart
    slide_kinds: tuple[SlideKind, ...] = ()
    print_kinds: tuple[Kind, ...] = ()

    def add(self) -> None:
        """Register every answer with its app, and the family's own kinds."""
        f = self.family
        FACE.add(f, self.face)
        PUBLIC.add(f, self.public)
        TABLE.add(f, self.table)
        FINAL.add(f, self.final)
        PAPER.add(f, self.paper)
        CLUB.add(f, self.club)
        API.add(f, self.api)
        PLAYER.add(f, self.player)
        ORGA.add(f, self.orga)
        for kind in self.slide_kinds:
            slide_kinds.register(kind)
        for printed in self.print_kinds:
            print_kinds.register(printed)

    def remove(self) -> None:
        """Take every answer and the family's own kinds out again."""
        for parts in (FACE, PUBLIC, TABLE, FINAL, PAPER, CLUB, API, PLAYER, ORGA):
            parts.remove(self.family)
        slide_kinds.unregister(*self.slide_kinds)
        print_kinds.unregister(*self.print_kinds)
