"""The time model of a simulated tournament and the figures one simulated run records."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import family_of_letter
from tafelrunde.i18n import msg


@dataclass(frozen=True, kw_only=True)
class TimeModel:
    """How long things take at the tables; every number can be overridden."""

    round_seconds: float = 25.0  # one round of throws in Schocken (everybody at the table once)
    between_games_seconds: float = 20.0  # collecting lids and starting the next game
    table_seconds: float = 60.0  # forming and announcing a table before its first game
    game_minutes: float | None = None  # A–C: minutes per game; None: the format's default
    jitter: float = 0.2  # A–C: a game takes its minutes times a random factor 1 ± jitter

    def minutes_of(self, fmt: str) -> float:
        """Return the minutes of one game of an A–C format."""
        if self.game_minutes is not None:
            return self.game_minutes
        return family_of_letter(fmt).game_minutes({"format": fmt})

    def check(self) -> TimeModel:
        """Refuse negative times (and a jitter of 1 or more); return the model."""
        values = {
            "round_seconds": self.round_seconds,
            "between_games_seconds": self.between_games_seconds,
            "table_seconds": self.table_seconds,
            "game_minutes": self.game_minutes if self.game_minutes is not None else 0.0,
        }
        for name, value in values.items():
            if not value >= 0:
                raise RuleError(
                    msg("the time {name} must not be negative ({value}).", name=name, value=value),
                    field=name,
                )
        if self.round_seconds <= 0 or not 0 <= self.jitter < 1:
            raise RuleError(
                msg("a round takes time (> 0 s); the jitter lies in [0, 1)."),
                field="round_seconds",
            )
        return self

    def to_json(self) -> dict[str, Any]:
        """Return the model as plain data."""
        return asdict(self)


@dataclass
class RunFigures:
    """What one simulated tournament recorded (times in seconds from the first table)."""

    seed: int
    duration: float = 0.0
    tables_max: int = 0
    tables_total: int = 0
    longest_wait: float = 0.0
    games: int = 0
    rounds: int = 0  # Schocken rounds of throws (format D only)
    sharp_games: int = 0  # format D only
    ranking: list[str] = field(default_factory=list)  # player ids, best first
    in_use: list[tuple[float, int]] = field(default_factory=list)  # (from second, tables)

    def to_json(self) -> dict[str, Any]:
        """Return the figures as plain data (without the ranking)."""
        return {
            "seed": self.seed,
            "duration_seconds": round(self.duration, 1),
            "duration": hours_minutes(self.duration),
            "tables_max": self.tables_max,
            "tables_total": self.tables_total,
            "longest_wait_seconds": round(self.longest_wait, 1),
            "longest_wait": hours_minutes(self.longest_wait),
            "games": self.games,
            "rounds": self.rounds,
            "sharp_games": self.sharp_games,
            "winner": self.ranking[0] if self.ranking else None,
        }


class TableCount:
    """Count the tables in play now, the most at once, all ever opened, and when (from 0 s)."""

    def __init__(self, start: float = 0.0) -> None:
        self.start = start
        self.now = 0
        self.total = 0
        self.steps: list[tuple[float, int]] = [(0.0, 0)]  # from this second on, so many

    @property
    def most(self) -> int:
        """The most tables in play at once (a table closed and one opened at the same
        moment is the same table played on: it counts once)."""
        return max(n for _, n in self.steps)

    def open(self, at: float, count: int = 1) -> None:
        """Note tables being opened at a time."""
        self.now += count
        self.total += count
        self.note(at)

    def close(self, at: float, count: int = 1) -> None:
        """Note tables being closed at a time."""
        self.now -= count
        self.note(at)

    def note(self, at: float) -> None:
        """Keep the count from this time on (several changes at one time make one step)."""
        t = at - self.start
        if self.steps[-1][0] == t:
            self.steps.pop()
        if self.steps and self.steps[-1][1] == self.now:
            return  # no change to show
        self.steps.append((t, self.now))


def hours_minutes(secs: float) -> str:
    """Format a duration as hh:mm (minutes rounded)."""
    minutes = round(secs / 60)
    return f"{minutes // 60:02d}:{minutes % 60:02d}"
