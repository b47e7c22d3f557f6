"""Statistics of simulated Schocken games: a running tally and its frozen summary."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tafelrunde.schocken.hands import Kind
from tafelrunde.sim.schocken_lookup import CLASSES, class_name

KIND_KEYS: dict[Kind, str] = {
    Kind.SCHOCK_OUT: "schock_out",
    Kind.SCHOCK: "schock",
    Kind.GENERAL: "general",
    Kind.STRAIGHT: "straight",
    Kind.HOUSE_NUMBER: "house_number",
}
KINDS_HIGH_FIRST = (Kind.SCHOCK_OUT, Kind.SCHOCK, Kind.GENERAL, Kind.STRAIGHT, Kind.HOUSE_NUMBER)


@dataclass(frozen=True)
class Spread:
    """Mean, standard deviation, least and most of a count."""

    mean: float
    sd: float
    low: int
    high: int

    @classmethod
    def of(cls, counts: Counter[int]) -> Spread:
        """Summarise a tally of values (value -> how often)."""
        n = sum(counts.values())
        if n == 0:
            return cls(0.0, 0.0, 0, 0)
        mean = sum(v * c for v, c in counts.items()) / n
        var = sum(c * (v - mean) ** 2 for v, c in counts.items()) / max(n - 1, 1)
        return cls(mean, math.sqrt(var), min(counts), max(counts))

    def to_json(self) -> dict[str, float | int]:
        """Return the spread as plain JSON types."""
        return {"mean": self.mean, "sd": self.sd, "min": self.low, "max": self.high}


@dataclass
class Tally:
    """What the games showed so far; both simulators add to it the same way."""

    players: int
    games: int = 0
    rounds: int = 0
    lids_moved: int = 0
    whitewashes: int = 0
    deciders: int = 0
    half_rounds: Counter[int] = field(default_factory=Counter)
    game_rounds: Counter[int] = field(default_factory=Counter)
    hands: list[int] = field(default_factory=lambda: [0] * len(CLASSES))
    throws: list[int] = field(default_factory=lambda: [0] * len(CLASSES))  # 3 dice at once
    losses: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.losses:
            self.losses = [0] * self.players

    def add_game(self, half_rounds: list[int], *, loser: int, decider: bool) -> None:
        """Count one finished game: rounds of each half, the loser's seat, how it ended."""
        self.games += 1
        for r in half_rounds:
            self.half_rounds[r] += 1
        self.game_rounds[sum(half_rounds)] += 1
        self.rounds += sum(half_rounds)
        self.losses[loser] += 1
        if decider:
            self.deciders += 1
        elif len(half_rounds) == 2:
            self.whitewashes += 1


@dataclass(frozen=True)
class ClassCounts:
    """How often each hand class was seen."""

    counts: tuple[int, ...]  # indexed like `CLASSES`

    @property
    def total(self) -> int:
        """Return how many hands were counted."""
        return sum(self.counts)

    def share(self, index: int) -> float:
        """Return the share of one class."""
        return self.counts[index] / self.total if self.total else 0.0

    def of_kind(self, kind: Kind) -> int:
        """Return how many hands of one kind were counted."""
        return sum(c for (k, _), c in zip(CLASSES, self.counts, strict=True) if k is kind)

    def kind_share(self, kind: Kind) -> float:
        """Return the share of one kind."""
        return self.of_kind(kind) / self.total if self.total else 0.0

    def to_json(self) -> dict[str, Any]:
        """Return counts and shares by kind and by class."""
        return {
            "total": self.total,
            "kinds": {
                KIND_KEYS[k]: {"count": self.of_kind(k), "share": self.kind_share(k)}
                for k in KINDS_HIGH_FIRST
            },
            "classes": {
                str(class_name(i)): {"count": c, "share": self.share(i)}
                for i, c in enumerate(self.counts)
            },
        }


@dataclass(frozen=True)
class SchockenStats:
    """The summary of a simulation run."""

    engine: str  # "exact" or "fast"
    bot: str
    players: int
    games: int
    seed: int
    seconds: float
    rounds_per_half: Spread
    rounds_per_game: Spread
    halves: int
    whitewashes: int
    deciders: int
    lids_moved: int
    hands: ClassCounts  # hands shown at the end of each turn
    throws: ClassCounts  # every throw of all three dice at once (unbiased by the bots)
    losses: tuple[int, ...]  # games lost by seat

    @classmethod
    def of(cls, tally: Tally, *, engine: str, bot: str, seed: int, seconds: float) -> SchockenStats:
        """Freeze a tally into a summary."""
        return cls(
            engine,
            bot,
            tally.players,
            tally.games,
            seed,
            seconds,
            Spread.of(tally.half_rounds),
            Spread.of(tally.game_rounds),
            sum(tally.half_rounds.values()),
            tally.whitewashes,
            tally.deciders,
            tally.lids_moved,
            ClassCounts(tuple(tally.hands)),
            ClassCounts(tuple(tally.throws)),
            tuple(tally.losses),
        )

    @property
    def games_per_second(self) -> float:
        """Return the simulation speed."""
        return self.games / self.seconds if self.seconds > 0 else math.inf

    @property
    def whitewash_share(self) -> float:
        """Return the share of games one player lost both halves of."""
        return self.whitewashes / self.games if self.games else 0.0

    @property
    def decider_share(self) -> float:
        """Return the share of games that needed a decider."""
        return self.deciders / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        """Return the summary as one JSON object of plain types."""
        return {
            "game": "schocken",
            "engine": self.engine,
            "bot": self.bot,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second if self.seconds > 0 else None,
            "halves": self.halves,
            "rounds_per_half": self.rounds_per_half.to_json(),
            "rounds_per_game": self.rounds_per_game.to_json(),
            "whitewashes": {"count": self.whitewashes, "share": self.whitewash_share},
            "deciders": {"count": self.deciders, "share": self.decider_share},
            "lids_moved": {
                "total": self.lids_moved,
                "per_game": self.lids_moved / self.games if self.games else 0.0,
            },
            "hands": self.hands.to_json(),
            "throws": self.throws.to_json(),
            "losses_by_seat": list(self.losses),
        }
