"""Resolvable designs for tables of 4: schedules in which no pair of players meets twice."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from itertools import combinations

Round = tuple[tuple[int, ...], ...]
Design = tuple[Round, ...]

# Multiplication in GF(4) = GF(2)[x]/(x^2 + x + 1), elements 0, 1, x, x + 1 as 0..3.
_GF4_MUL = (
    (0, 0, 0, 0),
    (0, 1, 2, 3),
    (0, 2, 3, 1),
    (0, 3, 1, 2),
)


def check_design(design: Design, players: int) -> None:
    """Raise ValueError unless every round seats all players at tables of 4, no pair twice."""
    met: set[tuple[int, int]] = set()
    for number, round_ in enumerate(design, 1):
        seated = sorted(p for table in round_ for p in table)
        if seated != list(range(players)):
            raise ValueError(f"round {number} does not seat players 0..{players - 1} once each")
        for table in round_:
            if len(table) != 4:
                raise ValueError(f"round {number} has a table of {len(table)}")
            for pair in combinations(sorted(table), 2):
                if pair in met:
                    raise ValueError(f"round {number}: players {pair} meet twice")
                met.add(pair)


def affine_geometry(dimension: int) -> Design:
    """Build the parallel classes of lines of AG(dimension, 4): 4**dimension players."""
    # A point is a vector over GF(4) packed two bits per coordinate, so adding is XOR.
    players = 4**dimension
    design: list[Round] = []
    for direction in range(1, players):
        coords = [(direction >> (2 * i)) & 3 for i in range(dimension)]
        if next(c for c in reversed(coords) if c) != 1:
            continue  # one direction per projective point: leading coordinate 1
        steps = [
            sum(_GF4_MUL[scalar][c] << (2 * i) for i, c in enumerate(coords)) for scalar in range(4)
        ]
        seen = [False] * players
        lines: list[tuple[int, ...]] = []
        for start in range(players):
            if not seen[start]:
                line = tuple(sorted(start ^ step for step in steps))
                for p in line:
                    seen[p] = True
                lines.append(line)
        design.append(tuple(lines))
    return tuple(design)


def _field(q: int) -> tuple[list[list[int]], list[list[int]]] | None:
    """Return addition and multiplication tables of GF(q) for a prime q or q = 9, else None."""
    if _is_prime(q):
        numbers = range(q)
        return [[(a + b) % q for b in numbers] for a in numbers], [
            [a * b % q for b in numbers] for a in numbers
        ]
    if q == 9:  # GF(3)[i]/(i^2 + 1): element a + 3b stands for a + b*i
        add = [
            [(a % 3 + b % 3) % 3 + 3 * ((a // 3 + b // 3) % 3) for b in range(9)] for a in range(9)
        ]
        mul = [
            [
                (a % 3 * (b % 3) - a // 3 * (b // 3)) % 3
                + 3 * ((a % 3 * (b // 3) + a // 3 * (b % 3)) % 3)
                for b in range(9)
            ]
            for a in range(9)
        ]
        return add, mul
    return None


def transversal_design(q: int) -> Design:
    """Build a resolvable TD(4, q) over GF(q): 4*q players in q rounds (q >= 5)."""
    # Player i*q + y is point y of group i; table (m, c) holds the points y = m*i + c.
    field = _field(q)
    if field is None or q < 5:
        raise ValueError(f"no resolvable TD(4, {q}) construction for q = {q}")
    add, mul = field
    return tuple(
        tuple(tuple(i * q + add[mul[slope][i]][c] for i in range(4)) for c in range(q))
        for slope in range(q)
    )


def _is_prime(n: int) -> bool:
    """Say whether n is prime."""
    return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))


def parse_design(text: str) -> Design:
    """Read a design: one round a line, tables split by '|', '#' starts a comment."""
    rounds: list[Round] = []
    for line in text.splitlines():
        body = line.split("#", 1)[0].strip()
        if body:
            rounds.append(tuple(tuple(int(p) for p in table.split()) for table in body.split("|")))
    return tuple(rounds)


@cache
def stored_designs() -> dict[str, Design]:
    """Load every design file shipped with the package, by file name."""
    found: dict[str, Design] = {}
    for entry in sorted(files(__name__).iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".txt"):
            design = parse_design(entry.read_text(encoding="utf-8"))
            check_design(design, 4 * len(design[0]))
            found[entry.name] = design
    return found


@cache
def designs_for(players: int) -> tuple[Design, ...]:
    """Return every known design for this many players, most rounds first."""
    if players < 16 or players % 4:
        return ()
    found = [d for d in stored_designs().values() if 4 * len(d[0]) == players]
    dimension = 2
    while 4**dimension < players:
        dimension += 1
    if 4**dimension == players and dimension <= 4:
        found.append(affine_geometry(dimension))
    if players // 4 >= 5 and _field(players // 4) is not None:
        found.append(transversal_design(players // 4))
    return tuple(sorted(found, key=len, reverse=True))


def best_design(players: int) -> Design | None:
    """Return the design with the most rounds for this many players, or None."""
    found = designs_for(players)
    return found[0] if found else None
