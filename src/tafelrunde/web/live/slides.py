"""The projector's slides of a tournament: only those with something to show, paged to fit."""

from __future__ import annotations

from tafelrunde.engine.families import GROUP, KNOCKOUT
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.live import slides_common, slides_group, slides_knockout
from tafelrunde.web.live.projector_choice import Choice
from tafelrunde.web.live.slide import Slide

MAKERS = {  # each family's own slides, by its key (the shared ones are in slides_common)
    GROUP.key: slides_group.MAKERS,
    KNOCKOUT.key: slides_knockout.MAKERS,
}


def slides_of(rec: TournamentRecord, choice: Choice, now: float) -> list[Slide]:
    """Every slide of the chosen kinds that has something to show, in rotation order.

    `now` is the time in the engine's seconds, for the format-D clocks.
    """
    makers = slides_common.MAKERS | MAKERS[rec.family.key]
    shown: list[Slide] = []
    for kind in choice.kinds:
        make = makers.get(kind)
        if make is not None:
            shown += make(rec, now)
    return shown
