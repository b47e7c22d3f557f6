"""The parameters of a format A–C ruleset: the general ones, then each stage's."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from tafelrunde.engine.confirmation import MODE_CHOICES
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import MAX_CRITERIA, MAX_GAMES, MAX_PLAYERS, MAX_TABLE_SIZE
from tafelrunde.engine.numbers import ROUNDING_MODES
from tafelrunde.engine.ruleform.params import Group, Param, Section
from tafelrunde.engine.rules_text import (
    criterion_label,
    entrants_lines,
    factor_lines,
    games_line,
    late_words,
    play_lines,
    player_lines,
    points_lines,
    ranking_line,
    seating_line,
    tables_line,
    tie_line,
)
from tafelrunde.engine.ruleset import Ruleset, StageRule, named
from tafelrunde.engine.standings import Criterion
from tafelrunde.i18n import Message, Text, msg

SEATING = (("draw", msg("draw by lot")), ("serpentine", msg("serpentine by the ranking so far")))
SEAT_ORDER = (
    ("drawn", msg("as drawn (the first starts)")),
    ("drawn_each_game", msg("a seat draw before every game")),
    ("passes", msg("by passes (format A)")),
)
SCORE = (
    ("required", msg("required")),
    ("optional", msg("optional")),
    ("none", msg("none (places only)")),
)
PLACEMENT = (
    ("score", msg("score")),
    ("score,pips", msg("score, then pips")),
    ("pips", msg("pips")),
    ("pips,score", msg("pips, then score")),
)
WITHDRAWN = (
    ("keep", msg("ranked with their points")),
    ("last", msg("listed after everybody else")),
)
TIE = (("split", msg("share the points")), ("rolloff", msg("roll-off")))
ROUNDING = {
    "none": msg("exact (no rounding)"),
    "floor": msg("round down"),
    "half_up": msg("round half up"),
}
LOSER = (
    ("minus", msg("the points of the place minus the malus")),
    ("next_place", msg("the points of the place he ends on")),
)
MEASURES = ("points", "game_points", "pips", "wins", "losses")
ROLLOFF_NAMES = ("stechen", "erzherzog", "herzog")


def general(rules: Ruleset) -> Section:
    """The name and description of the whole ruleset."""
    p = partial(Param, stage=None)
    names = (
        p(("name",), "line", msg("Name of the ruleset"), msg("Shown with the tournament."),
          rules.name),
        p(("name_en",), "line", msg("English name"), msg("Empty: the German name."),
          rules.name_en),
        p(("description",), "text", msg("Description"),
          msg("Your own words for the players, shown below the summary made from the values. "
              "A shipped preset's own text is not shown: it would not follow changed values."),
          rules.description),
    )  # fmt: skip
    players = (
        p(("players", "withdrawn"), "choice", msg("Withdrawn players"),
          msg("Their results stay; they do not go on (the next one moves up)."),
          rules.withdrawn, options=WITHDRAWN),
        p(("players", "late_join"), "flag", msg("Late players may join"),
          msg("Where it applies: {where}.", where=late_words(rules)), rules.late_join),
        p(("confirmation",), "choice", msg("Results entered at the table"),
          msg("Who makes a result entered on a player's phone count. Results of the organisers "
              "and referees always count at once."),
          rules.confirmation, options=MODE_CHOICES),
    )  # fmt: skip
    lines = tuple(msg("{label}: {value}", label=k, value=v) for k, v in player_lines(rules))
    groups = (
        Group(msg("Names"), (named(rules.name, rules.name_en),), names),
        Group(msg("Players"), lines, players),
    )
    return Section("general", msg("General settings"), groups)


def stage_section(rules: Ruleset, index: int) -> Section:
    """Every parameter of one stage, in groups."""
    rule = rules.stages[index]
    earlier = [s.id for s in rules.stages[:index]]
    p = partial(Param, stage=index)
    groups = [
        Group(msg("Names"), (rule.title(),), _names(p, rule)),
        Group(
            msg("Games and tables"),
            (games_line(rule), tables_line(rule)),
            _tables(p, rule),
        ),
        Group(msg("Seating"), (seating_line(rule),), _seating(p, rule)),
        Group(msg("Result of a table"), (), _result(p, rule)),
        Group(
            msg("Points for the places"), (*points_lines(rule), tie_line(rule)), _points(p, rule)
        ),
        Group(msg("Game points"), tuple(factor_lines(rule)), _game_points(p, rule)),
        Group(msg("Ranking"), (ranking_line(rule),), _ranking(p, rule, earlier)),
        Group(
            msg("Who plays"),
            (*entrants_lines(rule), *play_lines(rule)),
            _who(p, rule, index, rules),
        ),
        Group(
            msg("Note"),
            (),
            (p(("note",), "text", msg("Note"), msg("Printed with the tables."), rule.note),),
        ),
    ]
    return Section(f"s{index + 1}", rule.title(), tuple(groups))


P = Callable[..., Param]  # Param with its stage filled in


def _names(p: P, rule: StageRule) -> tuple[Param, ...]:
    """The stage's names and what its games and points are called."""
    return (
        p(("name",), "line", msg("Name of the stage"), msg("Shown above its tables and rankings."),
          rule.name),
        p(("name_en",), "line", msg("English name of the stage"), msg("Empty: the German name."),
          rule.name_en),
        p(("game_name",), "line", msg("A game is called"), msg("e.g. „Partie“ or „Durchgang“."),
          rule.game_name),
        p(("game_name_en",), "line", msg("… in English"), msg("e.g. „game“ or „pass“."),
          rule.game_name_en),
        p(("points_name",), "line", msg("The points are called"),
          msg("e.g. „TP“ or „Siegpunkte“."), rule.points_name),
        p(("points_name_en",), "line", msg("… in English"), msg("e.g. „TP“ or „victory points“."),
          rule.points_name_en),
    )  # fmt: skip


def _tables(p: P, rule: StageRule) -> tuple[Param, ...]:
    """Games per table and the table sizes."""
    t = rule.tables
    return (
        p(("games",), "whole", msg("Games per table"),
          msg("How many games every table plays in this stage."), rule.games, low=1,
          high=MAX_GAMES),
        p(("tables", "prefer"), "whole", msg("Preferred table size"),
          msg("As many tables of this size as possible."), t.prefer, low=2, high=MAX_TABLE_SIZE),
        p(("tables", "allow"), "sizes", msg("Other allowed sizes"),
          msg("Only where the players do not fit the preferred size."), t.allow),
        p(("tables", "max_other"), "whole", msg("At most this many other tables"),
          msg("Empty: no limit."), t.max_other, low=0, high=MAX_PLAYERS, optional=True),
    )  # fmt: skip


def _seating(p: P, rule: StageRule) -> tuple[Param, ...]:
    """How players are seated and in which order."""
    return (
        p(("seating",), "choice", msg("Seating"),
          msg("By lot, or by the ranking so far: 1..T forward, T+1..2T backward, …"),
          rule.seating, options=SEATING),
        p(("reseat_each_game",), "flag", msg("New tables for every game"),
          msg("Otherwise the tables stay for the whole stage."), rule.reseat_each_game),
        p(("keep_apart",), "flag", msg("Keep apart who sat together before"),
          msg("Players of one table in the previous stage sit apart where possible."),
          rule.keep_apart),
        p(("avoid_repeats",), "flag", msg("Avoid meeting again"),
          msg("The draws avoid pairs who already met in this stage."), rule.avoid_repeats),
        p(("three_to_four",), "flag", msg("From a 3-table to a 4-table"),
          msg("Who sat at a 3-table sits at a 4-table in the next game where possible."),
          rule.three_to_four),
        p(("seat_order",), "choice", msg("Seat order"),
          msg("Who starts, and who sits where at the table. By passes: pass 1 as drawn, pass 2 "
              "reversed, then by the standings."), rule.seat_order,
          options=SEAT_ORDER),
    )  # fmt: skip


def _result(p: P, rule: StageRule) -> tuple[Param, ...]:
    """What the result of a table holds."""
    return (
        p(("result", "score"), "choice", msg("Game score"),
          msg("Whether each player's score is entered."), rule.score, options=SCORE),
        p(("result", "pips"), "flag", msg("Pips"), msg("The result also holds each player's pips."),
          rule.pips),
        p(("result", "negative"), "flag", msg("Scores below zero"),
          msg("A player's score may be negative."), rule.negative_scores),
        p(("result", "score_min"), "number", msg("Lowest score"),
          msg("Of one player at a table. Empty: 0 (with scores below zero: no limit)."),
          rule.score_min, optional=True),
        p(("result", "score_max"), "number", msg("Highest score"),
          msg("Of one player at a table. Empty: no limit."), rule.score_max, optional=True),
        p(("placement_by",), "choice", msg("Places decided by"), msg("Higher is better."),
          ",".join(rule.placement_by), options=PLACEMENT, joined=True),
    )  # fmt: skip


def _rounding(p: P, key: str, rounding: Any, label: Message, rule: Message) -> tuple[Param, ...]:
    """A rounding rule: its mode and step."""
    modes = tuple((m, ROUNDING[m]) for m in ROUNDING_MODES)
    return (
        p(("scoring", key, "mode"), "choice", label, rule, rounding.mode, options=modes),
        p(("scoring", key, "step"), "number", msg("… to steps of"), msg("e.g. 0.5 or 1."),
          rounding.step),
    )  # fmt: skip


def _points(p: P, rule: StageRule) -> tuple[Param, ...]:
    """Points per place, and ties."""
    s = rule.scoring
    return (
        p(("scoring", "points"), "points", msg("Points per place"),
          msg("For each table size, place 1 first; a better place never gets fewer points. "
              "An empty row: no points for that size."),
          dict(s.points), options=_sizes(rule, s.points)),
        p(("scoring", "tie"), "choice", msg("Tie"),
          msg("Tied players share the points of their places, or a roll-off orders them."),
          s.tie, options=TIE),
        *_rounding(p, "rounding", s.rounding, msg("Shared points are"),
                   msg("Only when points are shared.")),
        p(("scoring", "rolloff_loser"), "choice", msg("The loser of a roll-off gets"),
          msg("Only for ties by roll-off."), s.rolloff_loser, options=LOSER),
        p(("scoring", "rolloff_malus"), "number", msg("Malus"),
          msg("Taken off the loser's points."), s.rolloff_malus),
        p(("scoring", "shared_last_is_loss"), "flag", msg("A shared last place is a loss"),
          msg("For the criterion losses."), s.shared_last_is_loss),
    )  # fmt: skip


def _game_points(p: P, rule: StageRule) -> tuple[Param, ...]:
    """Factors and rounding of game points."""
    s = rule.scoring
    return (
        p(("scoring", "game_point_factor"), "factors", msg("Factor per table size"),
          msg("Game points made at a table of that size are multiplied, e.g. 0.75 or 4/3. "
              "Empty: ×1."),
          dict(s.game_point_factor), options=_sizes(rule, s.game_point_factor)),
        *_rounding(p, "game_point_rounding", s.game_point_rounding, msg("Game points are"),
                   msg("After the factor, in every game.")),
    )  # fmt: skip


def _sizes(rule: StageRule, table: Any) -> tuple[tuple[str, Text], ...]:
    """The table sizes a points or factor table shows at once: the stage's and those it has."""
    sizes = sorted(set(rule.tables.sizes()) | set(table), reverse=True)
    return tuple((str(n), msg("{size}-table", size=n)) for n in sizes)


def _ranking(p: P, rule: StageRule, earlier: list[str]) -> tuple[Param, ...]:
    """The stage's ranking, the ranking at a table and the names of its roll-offs."""
    ranking = tuple(str(c) for c in rule.ranking)
    table = tuple(str(c) for c in rule.table_ranking)
    names = [*ROLLOFF_NAMES, rule.stechen, rule.herzog]
    options = _criteria(rule, earlier, [*ranking, *table], names)
    return (
        p(("ranking",), "criteria", msg("Ranking of the stage"),
          msg("Criteria in order; it decides who goes on. A roll-off or the lot comes last."),
          ranking, options=options, slots=_slots(ranking)),
        p(("table_ranking",), "criteria", msg("Ranking at a table"),
          msg("Orders the players of one table or group."), table, options=options,
          slots=_slots(table)),
        p(("rolloffs", "stechen"), "line", msg("Name of the roll-off for a place"),
          msg("The criterion 'roll-off' of this name."), rule.stechen),
        p(("rolloffs", "herzog"), "line", msg("Name of the roll-off for the start order"),
          msg("Used by the seat order 'passes'."), rule.herzog),
    )  # fmt: skip


def _slots(criteria: tuple[str, ...]) -> int:
    """How many criteria the form offers: those there are and two more."""
    return min(max(len(criteria) + 2, 4), MAX_CRITERIA)


def _criteria(
    rule: StageRule, earlier: list[str], current: list[str], rolloffs: list[str]
) -> tuple[tuple[str, Text], ...]:
    """Every criterion that makes sense here (and those in use), labelled."""
    scopes = ["", "@earlier", "@all", *(f"@{s}" for s in earlier)] if earlier else [""]
    words = [m + s for m in MEASURES for s in scopes]
    words += ["table_place", *(f"rank@{s}" for s in earlier)]
    words += [f"rolloff:{n}" for n in dict.fromkeys(rolloffs)] + ["lot"]
    words += [c for c in current if c not in words]
    out: list[tuple[str, Text]] = []
    for word in words:
        try:
            c = Criterion.parse(word, field="")
        except RuleError:  # a word the ruleset would refuse: offered as it is
            out.append((word, word))
        else:
            out.append((word, criterion_label(c, rule)))
    return tuple(out)


def _who(p: P, rule: StageRule, index: int, rules: Ruleset) -> tuple[Param, ...]:
    """Who enters the stage, and when it is played."""
    e = rule.entrants
    who: list[Param] = []
    if index > 0 or e != type(e)():
        who += [
            p(("entrants", "top"), "whole", msg("Entrants: the best"),
              msg("This many of the previous stage's ranking play this stage."), e.top,
              low=1, high=MAX_PLAYERS, optional=True),
            p(("entrants", "per_table"), "whole", msg("… or the best of each table"),
              msg("This many of every table of the previous stage."), e.per_table,
              low=1, high=MAX_TABLE_SIZE, optional=True),
            p(("entrants", "fill_multiple"), "whole", msg("… filled up to a multiple of"),
              msg("The next best fill up, e.g. to full 4-tables."), e.fill_multiple,
              low=1, high=MAX_PLAYERS, optional=True),
            p(("entrants", "fill_target"), "whole", msg("… filled up to"),
              msg("The next best fill up to this many players."), e.fill_target,
              low=1, high=MAX_PLAYERS, optional=True),
        ]  # fmt: skip
    who += [
        p(("play_if", "players_at_least"), "whole", msg("Only with at least … players"),
          msg("Players of the previous stage; otherwise the stage is left out. 0: always."),
          rule.players_at_least, low=0, high=MAX_PLAYERS),
        p(("play_if", "entrants_at_least"), "whole", msg("Only with at least … entrants"),
          msg("Who would enter this stage. 0: always."), rule.entrants_at_least, low=0,
          high=MAX_PLAYERS),
        p(("repeat",), "flag", msg("Repeat the stage"),
          msg("Played again with a new draw while the condition holds and the field shrinks."),
          rule.repeat),
    ]  # fmt: skip
    return tuple(who)


def sections(rules: Ruleset) -> list[Section]:
    """Every parameter of a format A–C ruleset."""
    return [general(rules), *(stage_section(rules, i) for i in range(len(rules.stages)))]
