"""What the API answers, as typed schemas (its OpenAPI document is made from them): names and
results only, never an e-mail address, a note or whether somebody is a member.

Beside each text for people (in the request's language) stand the machine's values, the same
in every language: ids, numbers, ISO dates and stable keys."""

from __future__ import annotations

from datetime import date

from ninja import Schema


class TournamentRef(Schema):
    """A tournament named in a list."""

    id: int
    name: str
    format: str  # for people: the letter, or a club's own ruleset by its name
    format_letter: str  # A, B, C or D
    day: date | None


class EventOut(Schema):
    """A club event (Termin); no date yet: `date` is null ("steht noch nicht fest")."""

    id: int
    name: str
    date: date | None
    kind: str
    kind_key: str  # the kind as its calendar feed's address names it ("spieleabend")
    tournaments: list[TournamentRef]


class TournamentItem(TournamentRef):
    """A tournament in the list, with its event."""

    event: int | None


class TournamentOut(TournamentItem):
    """A tournament: whether it started and is over, and its stages (formats A–C)."""

    started: bool
    finished: bool
    stages: list[str]  # their titles
    stage_keys: list[str]


class StandingRow(Schema):
    """One player's line of a stage's standing: rank, name, the values that rank them."""

    rank: int
    player: str  # the player's id in the tournament
    name: str
    values: list[str]  # for people
    numbers: list[float | None]  # the same values as numbers
    goes_on: bool | None  # null before the stage's cut is known
    result_open: bool  # fewer results in than others: the place is one so far


class StageOut(Schema):
    """One stage's standing (formats A–C)."""

    key: str
    title: str
    columns: list[str]
    criteria: list[str]  # the columns' keys ("points", "rank@vorrunde")
    final: bool
    rows: list[StandingRow]


class RankingRow(Schema):
    """One place of the overall ranking: the stage reached and values, or the prize."""

    place: int
    player: str  # the player's id in the tournament
    name: str
    detail: str  # for people: the stage reached and the values, or the prize
    stage_key: str | None  # the stage reached (formats A–C)
    stage_rank: int | None  # the rank there (formats A–C)


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
    person: str  # the person's key in the club's data
    name: str
    total: str  # for people
    points: float | None
    evenings: int


class SeasonOut(SeasonRef):
    """A season's table (empty while no tournament of it is over)."""

    rows: list[SeasonRow]


class RatingRow(Schema):
    """One person's rating in a game family (never an official ranking)."""

    rank: int
    person: str  # the person's key in the club's data
    name: str
    value: str  # for people
    rating: float
    games: int


class RatingsOut(Schema):
    """A game family's ratings, best first."""

    family: str  # as people call it
    family_key: str
    rows: list[RatingRow]


class Problem(Schema):
    """Why a request got no data."""

    detail: str
