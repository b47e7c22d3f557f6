"""The words a ruleset offers for its choices, as enums (each value is the file's word)."""

from __future__ import annotations

from enum import StrEnum


class Seating(StrEnum):
    """How a stage seats its players."""

    DRAW = "draw"  # a seeded random draw
    SERPENTINE = "serpentine"  # by the previous ranking, 1..T forward, T+1..2T backward


class SeatOrder(StrEnum):
    """Who starts and who sits where at a table."""

    DRAWN = "drawn"
    DRAWN_EACH_GAME = "drawn_each_game"
    PASSES = "passes"


class ScoreMode(StrEnum):
    """Whether a table result holds each player's score."""

    REQUIRED = "required"
    OPTIONAL = "optional"
    NONE = "none"


class Withdrawn(StrEnum):
    """Where a withdrawn player is ranked."""

    KEEP = "keep"  # with their points
    LAST = "last"  # after everybody who stayed


class Tie(StrEnum):
    """How tied players at a table are scored."""

    SPLIT = "split"
    ROLLOFF = "rolloff"


class RolloffLoser(StrEnum):
    """The old word for a roll-off loser's points (read into a table of losers' points)."""

    MINUS = "minus"  # points(p) minus the malus
    NEXT_PLACE = "next_place"  # the points of the place he ends on


class Fill(StrEnum):
    """Format D: who fills a grand final that has too few qualifiers."""

    LATEST_ELIMINATED = "latest_eliminated"
    NONE = "none"


class FileFormat(StrEnum):
    """The informational format letter of a format A–C ruleset file ('' for none)."""

    NONE = ""
    A = "A"
    B = "B"
    C = "C"


class RoundingMode(StrEnum):
    """How shared or scaled points are rounded."""

    NONE = "none"
    FLOOR = "floor"
    HALF_UP = "half_up"


class PointSource(StrEnum):
    """A season: where the points of one evening come from."""

    PLACE_TABLE = "place_table"  # a table of points by place
    PARTICIPANTS = "participants"  # participants − place + 1
    TOURNAMENT = "tournament"  # the tournament's own points


class CountMode(StrEnum):
    """A season: which evenings count."""

    ALL = "all"
    BEST = "best"
    ALL_BUT_WORST = "all_but_worst"
    AVERAGE = "average"


class BelowMinimum(StrEnum):
    """A season counted by the average: who played too few evenings."""

    BEHIND = "behind"  # ranked behind everybody with enough
    OUT = "out"  # left out of the table


class Guests(StrEnum):
    """A season: where guests stand."""

    RANKED = "ranked"
    BEHIND_MEMBERS = "behind_members"
    OUT = "out"


class SeasonTie(StrEnum):
    """A season: a rule that separates equal totals ('shared' ends the list)."""

    MORE_EVENINGS = "more_evenings"
    BEST_RESULT = "best_result"
    SHARED = "shared"
