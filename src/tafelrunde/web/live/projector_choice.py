"""The organisers' choice for a tournament's projector: slide kinds, seconds per slide, theme."""

from __future__ import annotations

from dataclasses import dataclass

from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.live.models import ProjectorSettings
from tafelrunde.web.live.slide_kinds import kinds_for

SECONDS = 12  # per slide, unless the organisers chose otherwise
FEWEST_SECONDS, MOST_SECONDS = 5, 120
THEMES: dict[str, Message] = {"dark": msg("dark"), "light": msg("light")}


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
