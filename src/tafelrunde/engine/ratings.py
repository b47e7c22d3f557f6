"""Ratings (Spielstärke) per person and game family: the Weng-Lin Plackett-Luce model.

Every game at a table is one `rate` call of `openskill` (pinned: 6.2.0), each person a
team of one, the places as ranks (equal places are a tie). The games are taken in a
stable order (key, then tiebreak), the persons of a game sorted (place, person), so the
same games always give the same numbers, whatever order they are listed in.

The model's parameters are fixed here, not taken from the library's defaults, so an
upgrade cannot change them silently:

- MU = 25, SIGMA = 25/3: a new person's estimate and its uncertainty;
- BETA = 25/6: the spread of one game's performance around the skill;
- TAU = 25/300: added to sigma (as variance) before every game, so sigma never freezes;
- KAPPA = 0.0001: the smallest factor sigma² is multiplied with in one game;
- no margin, no sigma limit, no balancing, gamma = sigma / c (the paper's choice).

openskill 6.2.0 gives exactly Algorithm 4 of Weng & Lin (2011), ties included: its step
meant to give tied persons the mean of their mu changes measures each change against the
already updated rating, finds zero and changes nothing (tests/engine/test_ratings.py checks
the numbers by hand, so an upgrade that changes this shows).

The shown value is the conservative estimate mu − 3 sigma, rounded to one decimal only
when shown. The numbers are floats (exp and sqrt): deterministic, not exact.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import NamedTuple

from openskill.models import PlackettLuce, PlackettLuceRating

from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import msg

MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
TAU = 25.0 / 300.0
KAPPA = 0.0001
Z = 3  # the shown value lies Z sigmas below mu

Key = tuple[str, str]  # (person, family)


def model() -> PlackettLuce:
    """The Plackett-Luce model with every parameter given explicitly."""
    return PlackettLuce(
        mu=MU,
        sigma=SIGMA,
        beta=BETA,
        kappa=KAPPA,
        tau=TAU,
        margin=0.0,
        limit_sigma=False,
        balance=False,
    )


def _is_place(value: object) -> bool:
    """Say whether a value is a place: a whole number from 1 on."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


@dataclass(frozen=True)
class Game:
    """One game at one table: when (a sortable key), its family and each person's place."""

    key: str  # an ISO date/time or any text that sorts in playing order
    family: str  # "alhambra", "king-lui", "gruppenmodus", "schocken", …
    places: Mapping[str, int]  # person -> place; equal places are a tie
    tiebreak: str = ""  # orders games with the same key (e.g. "club-7/001/002/003")

    def __post_init__(self) -> None:
        if not self.family:
            raise RuleError(msg("A game needs its game family."), field="family")
        if len(self.places) < 2:
            raise RuleError(msg("A rated game needs at least two persons."), field="places")
        if any(
            isinstance(v, bool) or not isinstance(v, int) or v < 1 for v in self.places.values()
        ):
            raise RuleError(msg("Places are whole numbers from 1 on."), field="places")

    def order(self) -> tuple[str, str]:
        """The game's position among all games."""
        return (self.key, self.tiebreak)

    def seated(self) -> list[tuple[str, int]]:
        """The persons with their places, best first (then by person id)."""
        return sorted(self.places.items(), key=lambda item: (item[1], item[0]))


class Point(NamedTuple):
    """The value after one game, for the chart."""

    key: str
    game: str  # the game's tiebreak id
    value: float


@dataclass(frozen=True)
class Rating:
    """A person's rating in one family: mu, sigma, games played and the value's history."""

    person: str
    family: str
    mu: float
    sigma: float
    games: int
    history: tuple[Point, ...] = ()

    @property
    def value(self) -> float:
        """The conservative estimate mu − 3 sigma (unrounded)."""
        return conservative(self.mu, self.sigma)

    def shown(self) -> Decimal:
        """The value as shown: one decimal, half up."""
        return shown(self.value)


def conservative(mu: float, sigma: float) -> float:
    """mu − 3 sigma."""
    return mu - Z * sigma


def shown(value: float) -> Decimal:
    """Round a value to one decimal for showing (the exact float, half up); never -0.0."""
    rounded = Decimal(value).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return rounded.copy_abs() if rounded.is_zero() else rounded


@dataclass
class Ratings:
    """Every (person, family) rating after all games."""

    by_key: dict[Key, Rating] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.by_key)

    def __iter__(self) -> Iterator[Rating]:
        return iter(self.by_key.values())

    def get(self, person: str, family: str) -> Rating | None:
        """A person's rating in a family, or None before the first game."""
        return self.by_key.get((person, family))

    def families(self) -> list[str]:
        """The families with ratings, sorted."""
        return sorted({f for _, f in self.by_key})

    def ranking(self, family: str) -> list[Rating]:
        """A family's ratings, best value first (then by person id)."""
        rows = [r for (_, f), r in self.by_key.items() if f == family]
        return sorted(rows, key=lambda r: (-r.value, r.person))

    def of_person(self, person: str) -> list[Rating]:
        """A person's ratings, by family."""
        return sorted((r for r in self if r.person == person), key=lambda r: r.family)


@dataclass(slots=True)
class _Track:
    """The running state of one (person, family)."""

    rating: PlackettLuceRating
    games: int = 0
    history: list[Point] = field(default_factory=list)


_PAUSE = threading.Lock()
_PAUSED = [0, False]  # how many ratings run now, and whether the collector ran before the first


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector (it would rescan every game and history entry time and
    again; rating makes no reference cycles) while any rating runs, in any thread; the last
    one to end restores it as it was before the first began."""
    with _PAUSE:
        if _PAUSED[0] == 0:
            _PAUSED[1] = gc.isenabled()
            gc.disable()
        _PAUSED[0] += 1
    try:
        yield
    finally:
        with _PAUSE:
            _PAUSED[0] -= 1
            if _PAUSED[0] == 0 and _PAUSED[1]:
                gc.enable()


def ratings(games: Iterable[Game]) -> Ratings:
    """Rate every game in order (key, tiebreak) and return each person's rating per family."""
    with _collector_paused():
        return _rate(sorted(games, key=Game.order))


def _rate(games: list[Game]) -> Ratings:
    """Rate games already in playing order."""
    pl = model()
    tracks: dict[Key, _Track] = {}
    for game in games:
        seated = game.seated()
        family = game.family
        playing: list[_Track] = []
        for person, _ in seated:
            track = tracks.get((person, family))
            if track is None:
                track = tracks[(person, family)] = _Track(pl.rating(mu=MU, sigma=SIGMA))
            playing.append(track)
        rated = pl.rate([[t.rating] for t in playing], ranks=[float(p) for _, p in seated])
        for track, team in zip(playing, rated, strict=True):
            r = track.rating = team[0]
            track.games += 1
            track.history.append(Point(game.key, game.tiebreak, r.mu - Z * r.sigma))
    out = Ratings()
    for (person, family), t in sorted(tracks.items()):
        out.by_key[(person, family)] = Rating(
            person, family, t.rating.mu, t.rating.sigma, t.games, tuple(t.history)
        )
    return out
