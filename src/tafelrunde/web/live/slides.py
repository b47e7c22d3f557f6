"""The projector's slides of a tournament: only those with something to show, paged to fit."""

from __future__ import annotations

from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.live.projector_choice import Choice
from tafelrunde.web.live.slide import Slide
from tafelrunde.web.live.slide_kinds import kinds_of


def slides_of(rec: TournamentRecord, choice: Choice, now: float) -> list[Slide]:
    """Every slide of the chosen kinds that has something to show, in rotation order.

    `now` is the time in the engine's seconds, for the format-D clocks.
    """
    makers = {k.key: k.make for k in kinds_of(rec.family)}
    shown: list[Slide] = []
    for kind in choice.kinds:
        make = makers.get(kind)
        if make is not None:
            shown += make(rec, now)
    return shown
