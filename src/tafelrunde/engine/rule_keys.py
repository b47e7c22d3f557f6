"""Every key of a ruleset file (formats A–C and D, and season rulesets), declared once: where
it lives, its kind, bounds, default and words, the field of the rules it fills, and its words
for people.

The file readers (`key_reader`) take each key's type, bounds, default and allowed words from
here, the rules form (`ruleform`) its fields and groups, the rules text (`rule_words`) its
label and its values' words, and docs/rulesets.md and docs/seasons.md their key tables
(`rule_docs`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any, Literal

from tafelrunde.engine.choices import (
    BelowMinimum,
    CountMode,
    FileFormat,
    Fill,
    Guests,
    PointSource,
    RolloffLoser,
    RoundingMode,
    ScoreMode,
    SeasonTie,
    Seating,
    SeatOrder,
    Tie,
    Withdrawn,
)
from tafelrunde.engine.confirmation import MODE_CHOICES
from tafelrunde.engine.families import KNOCKOUT_LETTER
from tafelrunde.engine.limits import (
    MAX_AMOUNT,
    MAX_CHIPS,
    MAX_EVENT_TYPES,
    MAX_GAMES,
    MAX_LIVES,
    MAX_MINUTES,
    MAX_PLAYERS,
    MAX_PRIZES,
    MAX_SEASON_EVENINGS,
    MAX_TABLE_SIZE,
)
from tafelrunde.i18n import Message, Text, msg

Kind = Literal[
    "whole",  # a whole number (optional: may stay empty)
    "number",  # an exact number: 2, 0.75, 4/3
    "money",  # euros with at most 2 decimals
    "time",  # a time of day, 16:45
    "choice",  # one of `options`
    "id",  # a short name: letters, digits, - and _ (at most `high` characters)
    "flag",  # yes or no
    "sizes",  # table sizes (several of 2..8)
    "points",  # points per place for each table size
    "losers",  # for each table size: the points of the loser of the roll-off for place 1, 2, …
    "factors",  # one number for each table size
    "criteria",  # ranking criteria in order
    "line",  # a one-line text
    "text",  # a text of several lines
    "lines",  # a list of one-line texts (each at least `low` characters), at most `high`
    "order",  # several of `options` in order, each once
    "places",  # points for place 1, 2, …: `low` to `high` exact numbers, none negative
]
Level = Literal["top", "stage", "knockout", "season"]
# formats A–C: the file, a stage; format D's file; a season ruleset's file
Options = tuple[tuple[str, Text], ...]


class _Required:
    """The default of a key the file must give."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()


@dataclass(frozen=True)
class RuleKey:
    """One key of the file: where, what kind, its bounds and default, and what it means."""

    path: tuple[str, ...]  # its keys below the file or the stage: ("scoring", "tie")
    kind: Kind
    default: Any  # REQUIRED, or the value when the file leaves the key out (None: none)
    label: Message  # the form's label
    rule: Message  # the rule in words, beside the form's field
    doc: str  # its meaning in docs/rulesets.md (Markdown)
    low: int | Decimal | None = None
    high: int | Decimal | None = None
    options: Options = ()  # a choice's words and their labels
    shown_default: str = ""  # the default in the docs when it is no plain value
    joined: bool = False  # a choice the file writes as a list (the words, comma-joined)
    replaced_by: str = ""  # an old key the reader translates into this newer one
    attr: str = ""  # where the rules hold its value ('negative_scores'); empty: the last key
    group: str = ""  # the group of the rules form it is shown in; empty: not in the form
    by_hand: bool = False  # read apart from the others (the file decides its default)
    enum: Any = None  # the enum a choice's word is read as

    @property
    def field(self) -> str:
        """The attribute path of its value on the rules: 'seating', 'tables.prefer'."""
        return self.attr or self.path[-1]

    @property
    def dotted(self) -> str:
        """The key as docs and tables name it: 'scoring.tie'."""
        return ".".join(self.path)

    @property
    def optional(self) -> bool:
        """Say whether the key may be left out without a value in its place (a number's field
        may stay empty)."""
        return self.default is None and self.kind in ("whole", "number")

    def words(self) -> tuple[str, ...]:
        """The words a choice allows."""
        return tuple(word for word, _ in self.options)


def _in(group: str, *keys: RuleKey) -> tuple[RuleKey, ...]:
    """Keys shown together in a group of the rules form."""
    return tuple(replace(k, group=group) for k in keys)


def _within(objects: tuple[str, ...], keys: tuple[RuleKey, ...]) -> tuple[RuleKey, ...]:
    """Keys whose table is an object of the rules of the same name ('tables.prefer' is
    rule.tables.prefer)."""
    return tuple(replace(k, attr=k.dotted) if k.path[0] in objects else k for k in keys)


def _labelled(choices: Iterable[tuple[str, Text]]) -> Options:
    """A choice's words (enum members as their plain words) with their labels."""
    return tuple((str(word), label) for word, label in choices)


ROUNDING = {
    RoundingMode.NONE: msg("exact (not rounded)"),
    RoundingMode.FLOOR: msg("rounded down"),
    RoundingMode.HALF_UP: msg("rounded half up"),
}
ROUNDING_OPTIONS = _labelled((m, ROUNDING[m]) for m in RoundingMode)

TOP = (
    RuleKey(("schema",), "whole", 1, msg("Version"), msg("Only version 1 is supported."),
            "version of this layout", low=1, high=1, by_hand=True),
    *_in("names",
        RuleKey(("name",), "line", REQUIRED, msg("Name of the ruleset"),
                msg("Shown with the tournament."), "German name (shown in the UI)"),
        RuleKey(("name_en",), "line", "", msg("English name"), msg("Empty: the German name."),
                "English name", shown_default="the German name"),
    ),
    RuleKey(("format",), "choice", "", msg("Format"), msg("Informational."),
            "informational letter", options=_labelled((f, f) for f in FileFormat)),
    *_in("names",
        RuleKey(("family",), "line", "", msg("Game family for the ratings"),
                msg("Tournaments of one family are rated together. Empty: the shipped "
                    "format's family, else the name of the ruleset."),
                "the game family its games are rated in (empty: the shipped format's, "
                "else the ruleset's name)", shown_default="the format's or the name"),
    ),
    *_in("names",
        RuleKey(("description",), "text", "", msg("Description"),
                msg("Your own words for the players, shown below the summary made from the "
                    "values. A shipped preset's own text is not shown: it would not follow "
                    "changed values."),
                "the rules in words, for the players"),
    ),
    *_in("players",
        RuleKey(("players", "withdrawn"), "choice", Withdrawn.KEEP, msg("Withdrawn players"),
                msg("Their results stay; they do not go on (the next one moves up)."),
                '`"keep"`: a withdrawn player is ranked with their points; `"last"`: at the end',
                options=_labelled((
                    (Withdrawn.KEEP, msg("ranked with their points")),
                    (Withdrawn.LAST, msg("listed after everybody else")),
                )), enum=Withdrawn),
        RuleKey(("players", "late_join"), "flag", False, msg("Late players may join"),
                msg("A late player may join before a newly drawn game."),
                "a late player may join before a newly drawn game"),
        RuleKey(("confirmation",), "choice", "table", msg("Results entered at the table"),
                msg("Who makes a result entered on a player's phone count. Results of the "
                    "organisers and referees always count at once."),
                'results entered at the table: `"table"` (another player of the table confirms), '
                '`"none"` (one entry counts), `"organiser"`', options=_labelled(MODE_CHOICES)),
        RuleKey(("rolloffs_at_table",), "flag", True, msg("Roll-offs entered at the table"),
                msg("The players of the table enter a roll-off (Stechen, Herzog, Erzherzog) whose "
                    "players all sit there, under the rule for results entered at the table (not "
                    "where the organisers confirm every result). Otherwise the organisers enter "
                    "every roll-off."),
                "the players of a table enter its roll-offs (Stechen, Herzog, Erzherzog) under "
                '`confirmation` (not with `"organiser"`); `false`: only the organisers and '
                "referees"),
    ),
)  # fmt: skip

STAGE = _within(("tables", "scoring", "entrants"), (
    RuleKey(("id",), "id", REQUIRED, msg("Id"), msg("Letters, digits, - and _."),
            "short name, letters/digits/`-`/`_`; used in criteria such as `rank@runde1`",
            high=40),
    *_in("names",
        RuleKey(("name",), "line", "", msg("Name of the stage"),
                msg("Shown above its tables and rankings."), "display name",
                shown_default="the id", by_hand=True),
        RuleKey(("name_en",), "line", "", msg("English name of the stage"),
                msg("Empty: the German name."), "English display name",
                shown_default="the German name"),
        RuleKey(("game_name",), "line", "Partie", msg("A game is called"),
                msg("e.g. „Partie“ or „Durchgang“."), 'what a game is called ("Durchgang")'),
        RuleKey(("game_name_en",), "line", "game", msg("… in English"),
                msg("e.g. „game“ or „pass“."), 'the same in English ("pass")'),
        RuleKey(("points_name",), "line", "Punkte", msg("The points are called"),
                msg("e.g. „TP“ or „Siegpunkte“."), 'what the points are called ("Siegpunkte")'),
        RuleKey(("points_name_en",), "line", "points", msg("… in English"),
                msg("e.g. „TP“ or „victory points“."), 'the same in English ("victory points")'),
    ),
    *_in("tables",
        RuleKey(("games",), "whole", REQUIRED, msg("Games per table"),
                msg("How many games every table plays in this stage."),
                "games per table in this stage (Durchgänge/Partien)", low=1, high=MAX_GAMES),
        RuleKey(("tables", "prefer"), "whole", 4, msg("Preferred table size"),
                msg("As many tables of this size as possible."),
                "the preferred table size, as often as possible", low=2, high=MAX_TABLE_SIZE),
        RuleKey(("tables", "allow"), "sizes", (3,), msg("Other allowed sizes"),
                msg("Only where the players do not fit the preferred size."),
                "other table sizes, only as needed: `[3]`"),
        RuleKey(("tables", "max_other"), "whole", None, msg("At most this many other tables"),
                msg("Empty: no limit."), "at most this many tables of another size",
                low=0, high=MAX_PLAYERS, shown_default="no limit"),
    ),
    *_in("seating",
        RuleKey(("seating",), "choice", Seating.DRAW, msg("Seating"),
                msg("By lot, or by the ranking so far: 1..T forward, T+1..2T backward, …"),
                '`"draw"` (seeded random draw) or `"serpentine"` (by the previous ranking: 1..T '
                "forward, T+1..2T backward, …)",
                options=_labelled((
                    (Seating.DRAW, msg("draw by lot")),
                    (Seating.SERPENTINE, msg("serpentine by the ranking so far")),
                )), enum=Seating),
        RuleKey(("reseat_each_game",), "flag", False, msg("New tables for every game"),
                msg("Otherwise the tables stay for the whole stage."),
                "a fresh draw for every game (B's preliminary); otherwise fixed tables for the "
                "stage"),
        RuleKey(("keep_apart",), "flag", False, msg("Keep apart who sat together before"),
                msg("Players of one table in the previous stage sit apart where possible."),
                "players who shared a table in the previous stage sit apart where possible"),
        RuleKey(("avoid_repeats",), "flag", True, msg("Avoid meeting again"),
                msg("The draws avoid pairs who already met in this stage."),
                "draws avoid pairs that already met in this stage"),
        RuleKey(("three_to_four",), "flag", True, msg("From a 3-table to a 4-table"),
                msg("Who sat at a 3-table sits at a 4-table in the next game where possible."),
                "who sat at a 3-table sits at a 4-table in the next game where the counts allow"),
        RuleKey(("seat_order",), "choice", SeatOrder.DRAWN, msg("Seat order"),
                msg("Who starts, and who sits where at the table. By passes: pass 1 as drawn, "
                    "pass 2 reversed, then by the standings."),
                '`"drawn"` (the draw\'s order, first = start player), `"drawn_each_game"` (a seat '
                'draw before every game, `/drawseat`), `"passes"` (format A: pass 1 drawn, pass 2 '
                "reversed, then by the standings with the Herzog roll-off)",
                options=_labelled((
                    (SeatOrder.DRAWN, msg("as drawn (the first starts)")),
                    (SeatOrder.DRAWN_EACH_GAME, msg("a seat draw before every game")),
                    (SeatOrder.PASSES, msg("by passes (format A)")),
                )), enum=SeatOrder),
    ),
    *_in("result",
        RuleKey(("result", "score"), "choice", ScoreMode.REQUIRED, msg("Game score"),
                msg("Whether each player's score is entered."),
                'whether a table result holds each player\'s score: `"required"`, `"optional"`, '
                '`"none"`',
                options=_labelled((
                    (ScoreMode.REQUIRED, msg("required")),
                    (ScoreMode.OPTIONAL, msg("optional")),
                    (ScoreMode.NONE, msg("none (places only)")),
                )), enum=ScoreMode),
        RuleKey(("result", "pips"), "flag", False, msg("Pips"),
                msg("The result also holds each player's pips."),
                "the result also holds each player's pips"),
        RuleKey(("result", "negative"), "flag", False, msg("Scores below zero"),
                msg("A player's score may be negative."), "scores may go below zero",
                attr="negative_scores"),
        RuleKey(("result", "score_min"), "number", None, msg("Lowest score"),
                msg("Of one player at a table. Empty: 0 (with scores below zero: no limit)."),
                "the lowest score of one player at a table (exact; a refused score names the "
                "allowed range)", shown_default="0 (with `negative`: no limit)"),
        RuleKey(("result", "score_max"), "number", None, msg("Highest score"),
                msg("Of one player at a table. Empty: no limit."),
                "the highest score of one player at a table", shown_default="the general limit"),
        RuleKey(("placement_by",), "choice", ("score",), msg("Places decided by"),
                msg("Higher is better."),
                'what decides the places of a game: `["score"]`, `["score", "pips"]` (higher is '
                "better)",
                options=_labelled((
                    ("score", msg("score")),
                    ("score,pips", msg("score, then pips")),
                    ("pips", msg("pips")),
                    ("pips,score", msg("pips, then score")),
                )), shown_default='`["score"]`', joined=True),
    ),
    *_in("points",
        RuleKey(("scoring", "points"), "points", REQUIRED, msg("Points per place"),
                msg("For each table size, place 1 first; a better place never gets fewer points. "
                    "An empty row: no points for that size."),
                "points per place for each table size: `{ 4 = [5, 3, 2, 1], 3 = [5, 3, 2] }`; "
                "every allowed size needs a list"),
        RuleKey(("scoring", "tie"), "choice", Tie.SPLIT, msg("Tie"),
                msg("Tied players share the points of their places, or a roll-off orders them."),
                '`"split"`: tied players share the points of the places they occupy, then '
                'rounded; `"rolloff"`: a roll-off (Stechen) orders them',
                options=_labelled((
                    (Tie.SPLIT, msg("share the points")),
                    (Tie.ROLLOFF, msg("roll-off")),
                )), enum=Tie),
        RuleKey(("scoring", "rounding", "mode"), "choice", RoundingMode.NONE,
                msg("Shared points are"), msg("Only when points are shared."),
                'rounding of split ties: `"floor"`, `"half_up"` or `"none"`',
                options=ROUNDING_OPTIONS, enum=RoundingMode),
        RuleKey(("scoring", "rounding", "step"), "number", 1, msg("… to steps of"),
                msg("e.g. 0.5 or 1."), 'rounded to multiples of this step, e.g. `"0.5"`'),
        RuleKey(("scoring", "rolloff_losers"), "losers", None, msg("Points of a roll-off's loser"),
                msg("For each table size, the loser of the roll-off for place 1, 2, …; who ends "
                    "on place j lost the roll-off for place j − 1. Only for ties by roll-off."),
                "the points of the loser of the roll-off for place 1, 2, … for each table size: "
                "`{ 4 = [5, 3, 1], 3 = [5, 3] }` (a tie of three for place 1 at 6/4/2/0: 6, 5, 3); "
                "who ends on place j lost the roll-off for place j − 1; every size of `points` "
                "needs a list of one value fewer, none above the place's points",
                shown_default="points(p) − 1 (from the old keys below)"),
        RuleKey(("scoring", "shared_last_is_loss"), "flag", True,
                msg("A shared last place is a loss"), msg("For the criterion losses."),
                "a shared last place counts as a loss"),
    ),
    RuleKey(("scoring", "rolloff_loser"), "choice", RolloffLoser.MINUS,
            msg("The loser of a roll-off gets"), msg("Only for ties by roll-off."),
            'old form of `rolloff_losers`: `"minus"`, the loser of the roll-off for place p gets '
            'points(p) − `rolloff_malus`; `"next_place"`: the points of the place he ends on',
            options=_labelled((
                (RolloffLoser.MINUS, msg("the points of the place minus the malus")),
                (RolloffLoser.NEXT_PLACE, msg("the points of the place he ends on")),
            )), replaced_by="scoring.rolloff_losers", enum=RolloffLoser),
    RuleKey(("scoring", "rolloff_malus"), "number", 1, msg("Malus"),
            msg("Taken off the loser's points."), "old form of `rolloff_losers`: see "
            "`rolloff_loser`", replaced_by="scoring.rolloff_losers"),
    *_in("game_points",
        RuleKey(("scoring", "game_point_factor"), "factors", {}, msg("Factor per table size"),
                msg("Game points made at a table of that size are multiplied, e.g. 0.75 or 4/3. "
                    "Empty: ×1."),
                'game points made at a table of that size are multiplied: `{ 3 = "0.75" }`, '
                '`{ 4 = "4/3" }`', shown_default="none"),
        RuleKey(("scoring", "game_point_rounding", "mode"), "choice", RoundingMode.NONE,
                msg("Game points are"), msg("After the factor, in every game."),
                "rounding of each game's scaled game points", options=ROUNDING_OPTIONS,
                enum=RoundingMode),
        RuleKey(("scoring", "game_point_rounding", "step"), "number", 1, msg("… to steps of"),
                msg("e.g. 0.5 or 1."), "rounded to multiples of this step"),
    ),
    *_in("ranking",
        RuleKey(("ranking",), "criteria", REQUIRED, msg("Ranking of the stage"),
                msg("Criteria in order; it decides who goes on. A roll-off or the lot comes last."),
                "criteria ranking all players of the stage; its order decides who goes on"),
        RuleKey(("table_ranking",), "criteria", (), msg("Ranking at a table"),
                msg("Orders the players of one table or group."),
                "criteria ranking the players of one (fixed) table or group",
                shown_default="`ranking` without `table_place`", by_hand=True),
        RuleKey(("rolloffs", "stechen"), "line", "stechen", msg("Name of the roll-off for a place"),
                msg("The criterion 'roll-off' of this name."), "name of the roll-off for a place"),
        RuleKey(("rolloffs", "herzog"), "line", "herzog",
                msg("Name of the roll-off for the start order"),
                msg("Used by the seat order 'passes'."),
                "name of the roll-off for the start order (seat order `passes`)"),
    ),
    *_in("who",
        RuleKey(("entrants", "top"), "whole", None, msg("Entrants: the best"),
                msg("This many of the previous stage's ranking play this stage."),
                "the best N of the previous stage enter", low=1, high=MAX_PLAYERS,
                shown_default="all players (first stage)"),
        RuleKey(("entrants", "per_table"), "whole", None, msg("… or the best of each table"),
                msg("This many of every table of the previous stage."),
                "or the best k of each table of the previous stage", low=1, high=MAX_TABLE_SIZE),
        RuleKey(("entrants", "fill_multiple"), "whole", None,
                msg("… filled up to a multiple of"),
                msg("The next best fill up, e.g. to full 4-tables."),
                "then the next best fill up to a multiple of this", low=1, high=MAX_PLAYERS),
        RuleKey(("entrants", "fill_target"), "whole", None, msg("… filled up to"),
                msg("The next best fill up to this many players."),
                "then the next best fill up to this many", low=1, high=MAX_PLAYERS),
        RuleKey(("play_if", "players_at_least"), "whole", 0, msg("Only with at least … players"),
                msg("Players of the previous stage; otherwise the stage is left out. 0: always."),
                "play this stage only with this many players of the previous stage (otherwise "
                "it is skipped)", low=0, high=MAX_PLAYERS, shown_default="0 (always)"),
        RuleKey(("play_if", "entrants_at_least"), "whole", 0, msg("Only with at least … entrants"),
                msg("Who would enter this stage. 0: always."),
                "play this stage only with this many entrants", low=0, high=MAX_PLAYERS,
                shown_default="0 (always)"),
        RuleKey(("repeat",), "flag", False, msg("Repeat the stage"),
                msg("Played again with a new draw while the condition holds and the field "
                    "shrinks."),
                "play the stage again (a new draw) while `play_if` holds and the field shrinks "
                "(format A's group rounds)"),
    ),
    *_in("note",
        RuleKey(("note",), "text", "", msg("Note"), msg("Printed with the tables."),
                "text printed with the tables (e.g. the expansions in the Alhambra final)"),
    ),
))  # fmt: skip


H = 3600  # seconds of an hour: format D's times of day are seconds since midnight
FRESH_CHIPS = msg("Fresh chips at every new table.")

KNOCKOUT = (
    RuleKey(("schema",), "whole", 1, msg("Version"), msg("Only version 1 is supported."),
            "version of this layout", low=1, high=1, by_hand=True),
    *_in("names",
        RuleKey(("name",), "line", "Schocken-K.-o.", msg("Name of the ruleset"),
                msg("Shown with the tournament."), "German name (shown in the UI)"),
        RuleKey(("name_en",), "line", "Schocken knockout", msg("English name"),
                msg("Empty: the German name."), "English name"),
    ),
    RuleKey(("format",), "choice", KNOCKOUT_LETTER, msg("Format"), msg("Informational."),
            "the format's letter", options=((KNOCKOUT_LETTER, KNOCKOUT_LETTER),)),
    *_in("names",
        RuleKey(("description",), "text", "", msg("Description"),
                msg("The rules in words, for the players."), "the rules in words, for the players"),
    ),
    *_in("registration",
        RuleKey(("registration", "admission"), "time", 16 * H + 30 * 60, msg("Admission"),
                msg("From this time players can register."), "from this time players can register"),
        RuleKey(("registration", "deadline"), "time", 16 * H + 45 * 60,
                msg("Registration deadline"),
                msg("Later only by the organiser. Admission ≤ deadline ≤ start."),
                "later only by the organiser; admission ≤ deadline ≤ start"),
        RuleKey(("registration", "start"), "time", 17 * H, msg("Start"),
                msg("The first tables open."), "the first tables open"),
        RuleKey(("registration", "check_in"), "flag", False, msg("Check-in needed"),
                msg("Players check in before they are seated."),
                "players check in before they are seated"),
        RuleKey(("registration", "entry_fee"), "money", Decimal(10), msg("Entry fee"),
                msg("In euros, 0 to {high} with at most 2 decimals.", high=MAX_AMOUNT),
                "in euros, at most 2 decimals", low=0, high=MAX_AMOUNT),
    ),
    *_in("lives",
        RuleKey(("lives",), "whole", 2, msg("Lives"),
                msg("Lives of every player; with the last one he plays in the consolation "
                    "bracket."),
                "lives of every player; with the last one he plays in the consolation bracket",
                low=1, high=MAX_LIVES),
        RuleKey(("chips", "main"), "whole", 2, msg("Chips in the main bracket"), FRESH_CHIPS,
                "fresh chips at every new table of the main bracket", low=1, high=MAX_CHIPS,
                attr="chips_main"),
        RuleKey(("chips", "consolation"), "whole", 2, msg("Chips in the consolation bracket"),
                FRESH_CHIPS, "the same in the consolation bracket", low=1, high=MAX_CHIPS,
                attr="chips_consolation"),
        RuleKey(("chips", "grand_final"), "whole", 3, msg("Chips in the grand final"),
                FRESH_CHIPS, "the same in the grand final", low=1, high=MAX_CHIPS,
                attr="chips_final"),
        RuleKey(("chips", "carry_over"), "flag", False, msg("Chips carry over"),
                msg("Chips left go to the next table of the same bracket."),
                "chips left go to the next table of the same bracket", attr="chips_carry_over"),
    ),
    *_in("tables",
        RuleKey(("tables", "prefer"), "whole", 4, msg("Preferred table size"),
                msg("As many tables of this size as possible."),
                "as many tables of this size as possible", low=2, high=MAX_TABLE_SIZE,
                attr="tables.prefer"),
        RuleKey(("tables", "allow"), "sizes", (3,), msg("Other allowed sizes"),
                msg("Only where the players do not fit the preferred size."),
                "other sizes, only where the players do not fit the preferred one",
                attr="tables.allow"),
        RuleKey(("tables", "survivors"), "whole", 2, msg("A table plays until this many remain"),
                msg("Fewer than the smallest table seats."),
                "a table plays until this many remain; fewer than the smallest table seats",
                low=1, high=MAX_TABLE_SIZE, attr="survivors"),
    ),
    *_in("final",
        RuleKey(("grand_final", "size"), "whole", 4, msg("Players in the grand final"),
                msg("At least twice the survivors."), "at least twice `tables.survivors`",
                low=2, high=MAX_TABLE_SIZE, attr="final_size"),
        RuleKey(("grand_final", "fill"), "choice", Fill.LATEST_ELIMINATED,
                msg("Too few qualifiers"),
                msg("When fewer qualify than the grand final seats."),
                "when fewer qualify than the grand final seats: the latest eliminated fill up, "
                "or nobody",
                options=_labelled((
                    (Fill.LATEST_ELIMINATED, msg("fill up with the latest eliminated")),
                    (Fill.NONE, msg("do not fill up")),
                )), enum=Fill, attr="final_fill"),
    ),
    *_in("sharp",
        RuleKey(("sharp_play", "after_minutes"), "whole", 15, msg("Sharp after … minutes"),
                msg("A game starting this long after its table opened is played over a single "
                    "half."),
                "a game starting this long after its table opened is played over a single half",
                low=0, high=MAX_MINUTES, attr="sharp_after_minutes"),
        RuleKey(("sharp_play", "in_grand_final"), "flag", False, msg("Also in the grand final"),
                msg("Otherwise the grand final is never sharp."),
                "otherwise the grand final is never sharp", attr="sharp_in_final"),
    ),
    *_in("confirmation",
        RuleKey(("confirmation",), "choice", "table", msg("Game losers entered at the table"),
                msg("Who confirms a game loser a player of the table entered through the table "
                    "link; entries of the organisers and referees count at once."),
                "who confirms a game loser entered through the table link (see below)",
                options=_labelled(MODE_CHOICES)),
    ),
    *_in("schock_out",
        RuleKey(("schock_out", "donation"), "money", Decimal(3), msg("Donation per Schock aus"),
                msg("In euros, for the Schock-Aus-König (0 to {high}).", high=MAX_AMOUNT),
                "euros per Schock aus made in one throw, for the Schock-Aus-König",
                low=0, high=MAX_AMOUNT),
    ),
    *_in("prizes",
        RuleKey(("prizes", "places"), "lines",
                ("Wanderpokal", "Sachpreis", "Sachpreis", "Sachpreis", "Sachpreis", "Sachpreis"),
                msg("Prizes by place"),
                msg("One a line, place 1 first (at most {high}).", high=MAX_PRIZES),
                "the prizes by place, place 1 first", high=MAX_PRIZES,
                shown_default="a Wanderpokal and five Sachpreise", attr="prizes"),
    ),
)  # fmt: skip

PLACE_TABLE = (25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)

SEASON = (
    RuleKey(("schema",), "whole", 1, msg("Version"), msg("Only version 1 is supported."),
            "version of this layout (required in a written file)", low=1, high=1, by_hand=True),
    RuleKey(("name",), "line", REQUIRED, msg("Name of the ruleset"),
            msg("Shown with the season."), "German name (shown in the UI)"),
    RuleKey(("name_en",), "line", "", msg("English name"), msg("Empty: the German name."),
            "English name", shown_default="the German name"),
    RuleKey(("description",), "text", "", msg("Description"),
            msg("The rules in words, for the players."), "the rules in words, for the players"),
    RuleKey(("guests",), "choice", Guests.RANKED, msg("Guests"),
            msg("Where guests stand in the season table; the members' order stays the same."),
            '`"ranked"` like members, `"behind_members"` after every member, `"out"` left out',
            options=_labelled((
                (Guests.RANKED, msg("ranked like members")),
                (Guests.BEHIND_MEMBERS, msg("behind every member")),
                (Guests.OUT, msg("left out of the table")),
            )), enum=Guests),
    RuleKey(("ties",), "order", tuple(SeasonTie), msg("Equal totals"),
            msg("Separated by these rules in this order; whoever is still equal shares the "
                "place (the last rule)."),
            "the rules that separate equal totals, in order; the list ends with `shared`",
            options=_labelled((
                (SeasonTie.MORE_EVENINGS, msg("more evenings played")),
                (SeasonTie.BEST_RESULT, msg("the best single evening")),
                (SeasonTie.SHARED, msg("shared place")),
            )), shown_default='`["more_evenings", "best_result", "shared"]`', enum=SeasonTie),
    RuleKey(("points", "from"), "choice", PointSource.PLACE_TABLE, msg("Points of an evening"),
            msg("From a table by place, participants − place + 1, or the tournament's own "
                "points."),
            '`"place_table"` (`table`, `beyond`), `"participants"` (participants − place + 1) '
            'or `"tournament"` (the tournament\'s own points of that evening)',
            options=_labelled((
                (PointSource.PLACE_TABLE, msg("from the place table")),
                (PointSource.PARTICIPANTS, msg("participants − place + 1")),
                (PointSource.TOURNAMENT, msg("the tournament's own points")),
            )), attr="points.source", enum=PointSource),
    RuleKey(("points", "table"), "places", PLACE_TABLE, msg("Points per place"),
            msg("Place 1 first; a better place never gets fewer points."),
            "place 1 gets the first value, place 2 the second, …; only with the place table",
            low=1, high=MAX_PLAYERS, attr="points.table", shown_default="`[25, 20, 16, …, 1]`"),
    RuleKey(("points", "beyond"), "number", 0, msg("Every place behind the table"),
            msg("At most the table's last value."),
            "the points of every place behind the table; only with the place table",
            low=0, attr="points.beyond"),
    RuleKey(("count", "mode"), "choice", CountMode.ALL, msg("Evenings that count"),
            msg("All, the best n, all but the n worst (a missed evening is a worst one), or the "
                "average of the evenings played."),
            '`"all"`, `"best"` (`n`), `"all_but_worst"` (`n`) or `"average"` (`min_evenings`, '
            "`below_minimum`)",
            options=_labelled((
                (CountMode.ALL, msg("all evenings")),
                (CountMode.BEST, msg("the best n")),
                (CountMode.ALL_BUT_WORST, msg("all but the n worst")),
                (CountMode.AVERAGE, msg("the average")),
            )), attr="count.mode", enum=CountMode),
    RuleKey(("count", "n"), "whole", None, msg("n"), msg("For the best n and all but the n worst."),
            "how many evenings (`best`) or worst evenings (`all_but_worst`); only there, "
            "and needed there", low=1, high=MAX_SEASON_EVENINGS, attr="count.n"),
    RuleKey(("count", "min_evenings"), "whole", 1, msg("Evenings needed"),
            msg("For the average: evenings needed to be ranked with the others."),
            "the evenings needed to be ranked with the others; only with `average`",
            low=1, high=MAX_SEASON_EVENINGS, attr="count.min_evenings"),
    RuleKey(("count", "below_minimum"), "choice", BelowMinimum.BEHIND, msg("Too few evenings"),
            msg("For the average: who played fewer evenings than needed."),
            "whoever played fewer is ranked after everyone with enough (`behind`) or left "
            "out (`out`); only with `average`",
            options=_labelled((
                (BelowMinimum.BEHIND, msg("ranked behind")),
                (BelowMinimum.OUT, msg("left out of the table")),
            )), attr="count.below_minimum", enum=BelowMinimum),
    RuleKey(("events", "types"), "lines", (), msg("Event types"),
            msg("The event types a new season takes by default."),
            "event types a new season takes by default", low=1, high=MAX_EVENT_TYPES,
            attr="event_types"),
)  # fmt: skip

LEVELS: dict[Level, tuple[RuleKey, ...]] = {
    "top": TOP,
    "stage": STAGE,
    "knockout": KNOCKOUT,
    "season": SEASON,
}
STRUCTURE: dict[Level, frozenset[str]] = {
    "top": frozenset({"defaults", "stages"}),  # tables of the file that are no key
    "stage": frozenset(),
    "knockout": frozenset(),
    "season": frozenset(),
}
_BY_NAME = {(level, k.dotted): k for level, keys in LEVELS.items() for k in keys}


def key(level: Level, dotted: str) -> RuleKey:
    """The declared key of this name ('scoring.tie') at the top or in a stage."""
    return _BY_NAME[(level, dotted)]


def defaults(level: Level) -> dict[str, Any]:
    """Every key's default at a level, by its dotted name."""
    return {k.dotted: k.default for k in LEVELS[level]}


def allowed(level: Level, *under: str) -> set[str]:
    """The keys a table of the file may hold: its declared keys' next part."""
    n = len(under)
    found = {k.path[n] for k in LEVELS[level] if k.path[:n] == under and len(k.path) > n}
    return found | (set(STRUCTURE[level]) if not under else set())


def replaced(level: Level, dotted: str) -> tuple[RuleKey, ...]:
    """The old keys the reader translates into this one."""
    return tuple(k for k in LEVELS[level] if k.replaced_by == dotted)


def under(level: Level, *path: str) -> tuple[RuleKey, ...]:
    """The declared keys within a table of the file, in their order."""
    return tuple(k for k in LEVELS[level] if k.path[: len(path)] == path)
