"""The recorded facts of a tournament: players, draws, results, roll-offs, withdrawals,
late entries, results and roll-offs entered and confirmed at the table, undos."""

from __future__ import annotations

from dataclasses import dataclass, field

from tafelrunde.engine.groups.ruleset import Ruleset
from tafelrunde.engine.log import LogLine
from tafelrunde.engine.numbers import Num
from tafelrunde.engine.players import Player

Table = tuple[str, ...]


@dataclass(frozen=True)
class Fact:
    """Common fields of every fact: its number, when and by whom."""

    n: int
    at: str = ""
    by: str = ""


@dataclass(frozen=True)
class Draw(Fact):
    """The tables of one game (or of a whole fixed-table stage), drawn with a seed."""

    stage: str = ""
    game: int = 1
    seed: int = 0
    tables: tuple[Table, ...] = ()


@dataclass(frozen=True)
class Result(Fact):
    """One table's result of one game: scores, pips, or placements; maybe a correction."""

    stage: str = ""
    game: int = 1
    table: int = 1
    scores: dict[str, Num] = field(default_factory=dict)
    pips: dict[str, int] = field(default_factory=dict)
    places: dict[str, int] = field(default_factory=dict)
    corrects: int | None = None


@dataclass(frozen=True)
class Rolloff(Fact):
    """A roll-off (Stechen, Herzog, Erzherzog) among tied players: best roll first."""

    stage: str = ""
    kind: str = ""
    game: int = 0
    order: tuple[str, ...] = ()
    seed: int | None = None
    corrects: int | None = None


@dataclass(frozen=True)
class Undo(Fact):
    """Take back an earlier fact; it stays in the file, marked as undone."""

    target: int = 0


@dataclass(frozen=True)
class Withdrawn(Fact):
    """A player leaves during the tournament: results stay, later games go on without them."""

    player: str = ""


@dataclass(frozen=True)
class LateJoined(Fact):
    """A player who arrives late joins the running stage before one of its later draws."""

    player: str = ""
    name: str = ""


@dataclass(frozen=True)
class AtTable(Fact):
    """Common fields of the facts of a table's result: which stage, game and table."""

    stage: str = ""
    game: int = 1
    table: int = 1


@dataclass(frozen=True)
class TableEntered(AtTable):
    """A table's result of one game, entered by one of its players through the table link."""

    player: str = ""
    scores: dict[str, Num] = field(default_factory=dict)
    pips: dict[str, int] = field(default_factory=dict)
    places: dict[str, int] = field(default_factory=dict)
    phone: str = ""  # the phone it came from: a digest of its session ("" when unknown)

    def as_result(self) -> Result:
        """The result this entry is, once it counts (numbered and signed as the entry); the
        same one each time, so that a state replayed from the same facts keeps the table's
        outcome scored before instead of scoring it again."""
        made: Result | None = self.__dict__.get("_as_result")
        if made is None:
            made = Result(
                n=self.n, at=self.at, by=self.by, stage=self.stage, game=self.game,
                table=self.table, scores=dict(self.scores), pips=dict(self.pips),
                places=dict(self.places),
            )  # fmt: skip
            self.__dict__["_as_result"] = made  # not a field: equality and files ignore it
        return made


@dataclass(frozen=True)
class TableConfirmed(AtTable):
    """A player of the table (player "": the organiser or a referee) says "Stimmt" to an entry."""

    player: str = ""
    entry: int = 0
    phone: str = ""  # the phone it came from ("" when unknown)


@dataclass(frozen=True)
class TableDecided(AtTable):
    """The organiser or a referee chooses one entry of a disputed table."""

    entry: int = 0


@dataclass(frozen=True)
class RolloffEntered(AtTable):
    """A roll-off's order (best first) entered by a player of the table where its players sit;
    `game` is the roll-off's (0: a ranking's)."""

    kind: str = ""
    player: str = ""
    order: tuple[str, ...] = ()
    phone: str = ""  # the phone it came from ("" when unknown)

    def as_rolloff(self) -> Rolloff:
        """The roll-off this entry is, once it counts (numbered and signed as the entry)."""
        return Rolloff(
            n=self.n, at=self.at, by=self.by, stage=self.stage, kind=self.kind, game=self.game,
            order=tuple(self.order),
        )  # fmt: skip


@dataclass(frozen=True)
class RolloffConfirmed(AtTable):
    """Another player of the table (player "": the organiser or a referee) says "Stimmt" to a
    roll-off entered there."""

    kind: str = ""
    player: str = ""
    entry: int = 0
    phone: str = ""  # the phone it came from ("" when unknown)


TableFact = TableEntered | TableConfirmed | TableDecided
RolloffTableFact = RolloffEntered | RolloffConfirmed
AnyFact = (
    Draw
    | Result
    | Rolloff
    | Withdrawn
    | LateJoined
    | TableEntered
    | TableConfirmed
    | TableDecided
    | RolloffEntered
    | RolloffConfirmed
    | Undo
)


@dataclass
class Tournament:
    """A tournament as facts: ruleset, players, a lot seed and everything recorded since."""

    name: str
    ruleset: Ruleset
    players: list[Player]
    seed: int
    facts: list[AnyFact] = field(default_factory=list)
    created_at: str = ""
    log: list[LogLine] = field(default_factory=list)
    _names: dict[str, str] = field(default_factory=dict, init=False, repr=False, compare=False)
    _names_of: tuple[int, int] = field(default=(-1, -1), init=False, repr=False, compare=False)

    @property
    def rules(self) -> Ruleset:
        """The rules in force (as a tournament of every family names them)."""
        return self.ruleset

    def next_number(self) -> int:
        """Return the number for the next fact."""
        return (self.facts[-1].n + 1) if self.facts else 1

    def late_players(self) -> list[Player]:
        """Return the players who joined late (and were not taken back), in order."""
        undone = {f.target for f in self.facts if isinstance(f, Undo)}
        return [
            Player(f.player, f.name)
            for f in self.facts
            if isinstance(f, LateJoined) and f.n not in undone
        ]

    def name_of(self, player_id: str) -> str:
        """Return a player's name, late players' too (the id for an unknown player)."""
        players, facts = self._names_of
        if players == len(self.players) and facts < len(self.facts):
            new = self.facts[facts:]  # facts are only appended: an undo may take a name back
            if not any(isinstance(f, Undo) for f in new):
                self._names.update((f.player, f.name) for f in new if isinstance(f, LateJoined))
                self._names_of = (players, len(self.facts))
        if self._names_of != (len(self.players), len(self.facts)):
            self._names.clear()
            self._names.update((p.id, p.name) for p in [*self.players, *self.late_players()])
            self._names_of = (len(self.players), len(self.facts))
        return self._names.get(player_id, player_id)
