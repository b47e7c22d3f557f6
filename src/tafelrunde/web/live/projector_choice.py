"""The organisers' choice for a tournament's projector: slide kinds, seconds per slide, theme."""

from __future__ import annotations

from dataclasses import dataclass

from tafelrunde.engine.families import GROUP, KNOCKOUT, Family
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.live.models import ProjectorSettings

SECONDS = 12  # per slide, unless the organisers chose otherwise
FEWEST_SECONDS, MOST_SECONDS = 5, 120
THEMES: dict[str, Message] = {"dark": msg("dark"), "light": msg("light")}
KIND_NAMES: dict[str, Message] = {
    "seating": msg("Who sits where"),
    "tables": msg("Tables and their state"),
    "standings": msg("Standings"),
    "queues": msg("Queues"),
    "ko_tables": msg("Open tables with chips, lives and clock"),
    "grand_final": msg("Grand final"),
    "ranking": msg("Final ranking and prizes"),
}
KINDS = {  # by format family, in the order they rotate
    GROUP.key: ("seating", "tables", "standings", "ranking"),
    KNOCKOUT.key: ("seating", "queues", "ko_tables", "grand_final", "ranking"),
}


def kinds_for(family: Family) -> tuple[str, ...]:
    """The slide kinds a tournament of this format family can show, in the order they rotate."""
    return KINDS[family.key]


@dataclass(frozen=True)
class Choice:
    """What the projector shows: these slide kinds, each slide so long, in this theme."""

    kinds: tuple[str, ...]
    seconds: int = SECONDS
    theme: str = "dark"


def choice_of(rec: TournamentRecord) -> Choice:
    """The stored choice, or the defaults (every kind, 12 s, dark) when none is stored."""
    everything = kinds_for(rec.family)
    kept = ProjectorSettings.objects.filter(tournament_id=rec.pk).first()
    if kept is None:
        return Choice(everything)
    chosen = set(kept.kinds) if isinstance(kept.kinds, list) else set(everything)
    seconds = min(max(kept.seconds, FEWEST_SECONDS), MOST_SECONDS)
    theme = kept.theme if kept.theme in THEMES else "dark"
    return Choice(tuple(k for k in everything if k in chosen), seconds, theme)


def keep_choice(rec: TournamentRecord, choice: Choice) -> None:
    """Store the organisers' choice for this tournament's projector."""
    ProjectorSettings.objects.update_or_create(
        tournament=rec,
        defaults={"kinds": list(choice.kinds), "seconds": choice.seconds, "theme": choice.theme},
    )
