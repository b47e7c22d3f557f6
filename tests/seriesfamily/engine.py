"""The series family's engine: rules, tournament, facts, state and its answers.

A series has one stage: every player enters points for each of the rules' rounds (a card
game played at home, say); the ranking is by the sum of points. Its rated games are the
rounds: all players of a round, placed by their points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import MINUTES, Family, slug
from tafelrunde.engine.players import Player
from tafelrunde.engine.seat_list import Seating, SeatRow, Where, alphabetical
from tafelrunde.i18n import msg

LETTER = "S"
SERIES = Family(
    "series", msg("Kartenserie"), "series_join",
    listed_players=True, waits=False, day_in_rules=False, planning=MINUTES,
    schock_out_king=False, own_points=True, engine_module="seriesfamily.engine",
    own_letter=LETTER,
)  # fmt: skip


@dataclass(frozen=True)
class SeriesRules:
    """A series' rules: its name and how many rounds each player plays."""

    name: str
    rounds: int
    source: dict[str, Any]
    format: str = LETTER
    name_en: str = ""
    description: str = ""
    family: str = ""


@dataclass(frozen=True)
class Scored:
    """A player's points of one round."""

    n: int
    at: str
    player: str
    points: int


@dataclass
class SeriesTournament:
    """A series: its rules, its players and every round's points."""

    name: str
    rules: SeriesRules
    players: list[Player]
    seed: int = 0
    created_at: str = ""
    facts: list[Scored] = field(default_factory=list)
    log: list[Any] = field(default_factory=list)

    def name_of(self, player: str) -> str:
        """A player's name (the id when unknown)."""
        return next((p.name for p in self.players if p.id == player), player)

    def next_number(self) -> int:
        """The number of the next fact."""
        return self.facts[-1].n + 1 if self.facts else 1


class SeriesState:
    """Every player's points so far."""

    def __init__(self, tour: SeriesTournament) -> None:
        """Replay the points, refusing a round too many or an unknown player."""
        self.tournament = tour
        self.rules = tour.rules
        self.points: dict[str, list[int]] = {p.id: [] for p in tour.players}
        for fact in tour.facts:
            self.record(fact)

    def record(self, fact: Scored) -> None:
        """Add a round's points."""
        if fact.player not in self.points:
            raise RuleError(msg("there is no player '{pid}'.", pid=fact.player), field="player")
        if len(self.points[fact.player]) >= self.rules.rounds:
            raise RuleError(msg("The tournament is over."), field="player")
        self.points[fact.player].append(fact.points)

    @property
    def finished(self) -> bool:
        """Every player played every round."""
        return all(len(v) == self.rules.rounds for v in self.points.values())

    @property
    def seated(self) -> bool:
        """Nobody sits at a table of ours."""
        return False

    @property
    def stages(self) -> list[Any]:
        """No stages of the group kind."""
        return []

    def name_of(self, player: str) -> str:
        """A player's name."""
        return self.tournament.name_of(player)

    def ranking(self) -> list[tuple[int, str, int]]:
        """(place, player, total), the most points first; equal totals share a place."""
        totals = sorted(((sum(v), p) for p, v in self.points.items()), key=lambda t: (-t[0], t[1]))
        out, place = [], 0
        for i, (total, player) in enumerate(totals):
            if i == 0 or total != totals[i - 1][0]:
                place = i + 1
            out.append((place, player, total))
        return out


def _rows(state: SeriesState) -> list[dict[str, Any]]:
    """The ranking as rows."""
    return [{"place": place, "id": p, "name": state.name_of(p), "points": total}
            for place, p, total in state.ranking()]  # fmt: skip


class SeriesEngine:
    """What the series family answers the engine."""

    def owns(self, thing: object) -> bool:
        """Its rules, tournaments and states."""
        return isinstance(thing, SeriesRules | SeriesTournament | SeriesState)

    def read_rules(self, data: dict[str, Any]) -> Any:
        """A series ruleset: name, rounds (1 to 20)."""
        rounds = data.get("rounds")
        if not isinstance(rounds, int) or not 1 <= rounds <= 20:
            raise RuleError(msg("must be a whole number from 1 to 20."), field="rounds")
        return SeriesRules(str(data.get("name", "")), rounds, dict(data))

    def new(self, name: str, rules: Any, names: list[str], start: Any) -> Any:
        """A new series with its players."""
        players = [Player(f"p{k:03d}", n) for k, n in enumerate(names, start=1)]
        return SeriesTournament(name or rules.name, rules, players, start.seed, start.at)

    def read_tournament(self, data: dict[str, Any]) -> Any:
        """A series from its file's data."""
        rules = self.read_rules(data["ruleset"])
        players = [Player(p["id"], p["name"]) for p in data.get("players", [])]
        facts = [self.read_fact(f) for f in data.get("facts", [])]
        return SeriesTournament(data["name"], rules, players, data.get("seed") or 0,
                                data.get("created_at", ""), facts)  # fmt: skip

    def read_fact(self, data: dict[str, Any]) -> Any:
        """One stored round's points."""
        if data.get("type") != "series_score":
            raise RuleError(msg("is missing."), field="type")
        return Scored(int(data["n"]), str(data.get("at", "")), str(data["player"]),
                      int(data["points"]))  # fmt: skip

    def stored_fact(self, fact: Any) -> dict[str, Any]:
        """One round's points as stored."""
        return {"n": fact.n, "type": "series_score", "at": fact.at, "player": fact.player,
                "points": fact.points}  # fmt: skip

    def page_state(self, tour: Any, earlier: Any) -> Any:
        """The state of the stored facts."""
        return SeriesState(tour)

    def started(self, tour: Any) -> bool:
        """Points are in."""
        return bool(tour.facts)

    def replay(self, tour: Any, thorough: bool) -> None:
        """Replay every round."""
        SeriesState(tour)

    def tournament_data(self, tour: Any) -> dict[str, Any]:
        """The series' file data."""
        return {"name": tour.name, "created_at": tour.created_at, "seed": tour.seed,
                "ruleset": tour.rules.source,
                "players": [{"id": p.id, "name": p.name} for p in tour.players],
                "facts": [self.stored_fact(f) for f in tour.facts]}  # fmt: skip

    def ranking_table(self, tour: Any, state: Any) -> Any:
        """Place, name, points."""
        state = state or SeriesState(tour)
        head = [msg("Place"), msg("Player"), msg("Points")]
        return head, [[r["place"], r["name"], r["points"]] for r in _rows(state)]

    def ranking_sheet(self, tour: Any, state: Any) -> Any:
        """As for people."""
        return self.ranking_table(tour, state)

    def final(self, tour: Any) -> Any:
        """Over, rows, columns."""
        state = SeriesState(tour)
        return state.finished, _rows(state), ("place", "name", "points")

    def seating(self, state: Any) -> Seating:
        """Nobody sits at a table: everybody plays at home."""
        note = msg("played at home")
        rows = [SeatRow(p, state.name_of(p), Where.NOT_SEATED, note=note) for p in state.points]
        return Seating("", "", alphabetical(rows))

    def sections(self, rules: Any) -> list[Any]:
        """No parameters in the rules form."""
        return []

    def played_tables(self, state: Any) -> Sequence[Any]:
        """Each complete round: every player, placed by points."""
        rounds = min((len(v) for v in state.points.values()), default=0)
        found = []
        for r in range(rounds):
            scores = {p: v[r] for p, v in state.points.items()}
            places = {p: 1 + sum(1 for q in scores.values() if q > s) for p, s in scores.items()}
            found.append(((r + 1,), places))
        return found

    def rating_family(self, state: Any) -> str:
        """The rules' name as the game family."""
        return slug(state.rules.family or state.rules.name)


ENGINE = SeriesEngine()
