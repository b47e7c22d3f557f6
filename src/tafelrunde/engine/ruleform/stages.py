"""The parameters of a format A–C ruleset: the general ones, then each stage's."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import MAX_CRITERIA
from tafelrunde.engine.numbers import Rounding
from tafelrunde.engine.rule_keys import under
from tafelrunde.engine.ruleform.params import Group, Param, Section, declared
from tafelrunde.engine.rules_text import (
    criterion_label,
    entrants_lines,
    factor_lines,
    games_line,
    late_words,
    loser_lines,
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
from tafelrunde.i18n import Text, msg

MEASURES = ("points", "game_points", "pips", "wins", "losses")
ROLLOFF_NAMES = ("stechen", "erzherzog", "herzog")


def general(rules: Ruleset) -> Section:
    """The name and description of the whole ruleset."""
    p = partial(declared, "top", stage=None)
    names = (
        p("name", rules.name),
        p("name_en", rules.name_en),
        p("description", rules.description),
    )
    where = msg("Where it applies: {where}.", where=late_words(rules))
    players = (
        p("players.withdrawn", rules.withdrawn),
        p("players.late_join", rules.late_join, rule=where),
        p("confirmation", rules.confirmation),
    )
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
    p = partial(declared, "stage", stage=index)
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
            msg("Points for the places"),
            (*points_lines(rule), tie_line(rule), *loser_lines(rule)),
            _points(p, rule),
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
            (p("note", rule.note),),
        ),
    ]
    return Section(f"s{index + 1}", rule.title(), tuple(groups))


P = Callable[..., Param]  # `declared` with the stage filled in


def _names(p: P, rule: StageRule) -> tuple[Param, ...]:
    """The stage's names and what its games and points are called."""
    return (
        p("name", rule.name),
        p("name_en", rule.name_en),
        p("game_name", rule.game_name),
        p("game_name_en", rule.game_name_en),
        p("points_name", rule.points_name),
        p("points_name_en", rule.points_name_en),
    )


def _tables(p: P, rule: StageRule) -> tuple[Param, ...]:
    """Games per table and the table sizes."""
    t = rule.tables
    return (
        p("games", rule.games),
        p("tables.prefer", t.prefer),
        p("tables.allow", t.allow),
        p("tables.max_other", t.max_other),
    )


def _seating(p: P, rule: StageRule) -> tuple[Param, ...]:
    """How players are seated and in which order."""
    return (
        p("seating", rule.seating),
        p("reseat_each_game", rule.reseat_each_game),
        p("keep_apart", rule.keep_apart),
        p("avoid_repeats", rule.avoid_repeats),
        p("three_to_four", rule.three_to_four),
        p("seat_order", rule.seat_order),
    )


def _result(p: P, rule: StageRule) -> tuple[Param, ...]:
    """What the result of a table holds."""
    return (
        p("result.score", rule.score),
        p("result.pips", rule.pips),
        p("result.negative", rule.negative_scores),
        p("result.score_min", rule.score_min),
        p("result.score_max", rule.score_max),
        p("placement_by", ",".join(rule.placement_by)),
    )


def _rounding(p: P, key: str, rounding: Rounding) -> tuple[Param, ...]:
    """A rounding rule: its mode and step."""
    return (p(f"scoring.{key}.mode", rounding.mode), p(f"scoring.{key}.step", rounding.step))


def _points(p: P, rule: StageRule) -> tuple[Param, ...]:
    """Points per place, and ties."""
    s = rule.scoring
    return (
        p("scoring.points", dict(s.points), options=_sizes(rule, s.points)),
        p("scoring.tie", s.tie),
        *_rounding(p, "rounding", s.rounding),
        p("scoring.rolloff_losers", dict(s.rolloff_losers), options=_sizes(rule, s.points)),
        p("scoring.shared_last_is_loss", s.shared_last_is_loss),
    )


def _game_points(p: P, rule: StageRule) -> tuple[Param, ...]:
    """Factors and rounding of game points."""
    s = rule.scoring
    factors = dict(s.game_point_factor)
    return (
        p("scoring.game_point_factor", factors, options=_sizes(rule, factors)),
        *_rounding(p, "game_point_rounding", s.game_point_rounding),
    )


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
        p("ranking", ranking, options=options, slots=_slots(ranking)),
        p("table_ranking", table, options=options, slots=_slots(table)),
        p("rolloffs.stechen", rule.stechen),
        p("rolloffs.herzog", rule.herzog),
    )


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
        who += [p(f"entrants.{k.path[-1]}", getattr(e, k.path[-1])) for k in entrant_keys]
    who += [
        p("play_if.players_at_least", rule.players_at_least),
        p("play_if.entrants_at_least", rule.entrants_at_least),
        p("repeat", rule.repeat),
    ]
    return tuple(who)


entrant_keys = under("stage", "entrants")


def sections(rules: Ruleset) -> list[Section]:
    """Every parameter of a format A–C ruleset."""
    return [general(rules), *(stage_section(rules, i) for i in range(len(rules.stages)))]
