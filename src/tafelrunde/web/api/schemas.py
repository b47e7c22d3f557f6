"""What the API answers, as typed schemas (its OpenAPI document is made from them): names and
results only, never an e-mail address, a note or whether somebody is a member."""

from __future__ import annotations

from datetime import date

from ninja import Schema


class TournamentRef(Schema):
    """A tournament named in a list."""

    id: int
    name: str
    format: str
    day: date | None


class EventOut(Schema):
    """A club event (Termin); no date yet: `date` is null ("steht noch nicht fest")."""

    id: int
    name: str
    date: date | None
    kind: str
    tournaments: list[TournamentRef]


class TournamentItem(TournamentRef):
    """A tournament in the list, with its event."""

    event: int | None


class TournamentOut(TournamentItem):
    """A tournament: whether it started and is over, and its stages (formats A–C)."""

    started: bool
    finished: bool
    stages: list[str]


class StandingRow(Schema):
    """One player's line of a stage's standing: rank, name, the values that rank them."""

    rank: int
    name: str
    values: list[str]
    goes_on: bool | None  # null before the stage's cut is known
    result_open: bool  # fewer results in than others: the place is one so far


class StageOut(Schema):
    """One stage's standing (formats A–C)."""

    title: str
    columns: list[str]
    final: bool
    rows: list[StandingRow]


class RankingRow(Schema):
    """One place of the overall ranking: the stage reached and values, or the prize."""

    place: int
    name: str
    detail: str


class RankingOut(Schema):
    """The overall ranking; `final` once the tournament is over."""

    title: str
    final: bool
    rows: list[RankingRow]


class SeasonRef(Schema):
    """A season ranking (Jahreswertung) in a list."""

    id: int
    name: str
    date_from: date | None
    date_to: date | None


class SeasonRow(Schema):
    """One person's line of a season table."""

    place: int
    name: str
    total: str
    evenings: int


class SeasonOut(SeasonRef):
    """A season's table (empty while no tournament of it is over)."""

    rows: list[SeasonRow]


class RatingRow(Schema):
    """One person's rating in a game family (never an official ranking)."""

    rank: int
    name: str
    value: str
    games: int


class RatingsOut(Schema):
    """A game family's ratings, best first."""

    family: str
    rows: list[RatingRow]


class Problem(Schema):
    """Why a request got no data."""

    detail: str
