"""The parameters of a format A–C ruleset: the general ones, then each stage's."""

from __future__ import annotations

from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.rules_text import (
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
from tafelrunde.engine.groups.ruleset import Ruleset, StageRule
from tafelrunde.engine.groups.standings import Criterion
from tafelrunde.engine.limits import MAX_CRITERIA
from tafelrunde.engine.rule_keys import under
from tafelrunde.engine.rule_words import named
from tafelrunde.engine.ruleform.params import Group, Section, group_params
from tafelrunde.i18n import Message, Text, msg

MEASURES = ("points", "game_points", "pips", "wins", "losses")
ROLLOFF_NAMES = ("stechen", "erzherzog", "herzog")


def general(rules: Ruleset) -> Section:
    """The name and description of the whole ruleset, and its players' rules."""
    where = msg("Where it applies: {where}.", where=late_words(rules))
    over = {"players.late_join": {"rule": where}}
    lines = tuple(msg("{label}: {value}", label=k, value=v) for k, v in player_lines(rules))
    groups = (
        Group(
            msg("Names"), (named(rules.name, rules.name_en),), group_params("top", "names", rules)
        ),
        Group(msg("Players"), lines, group_params("top", "players", rules, over=over)),
    )
    return Section("general", msg("General settings"), groups)


def _groups(rule: StageRule) -> tuple[tuple[str, Message, tuple[Text, ...]], ...]:
    """The groups of a stage's form: their declared name, title and the rule lines they make."""
    return (
        ("names", msg("Names"), (rule.title(),)),
        ("tables", msg("Games and tables"), (games_line(rule), tables_line(rule))),
        ("seating", msg("Seating"), (seating_line(rule),)),
        ("result", msg("Result of a table"), ()),
        ("points", msg("Points for the places"),
         (*points_lines(rule), tie_line(rule), *loser_lines(rule))),
        ("game_points", msg("Game points"), tuple(factor_lines(rule))),
        ("ranking", msg("Ranking"), (ranking_line(rule),)),
        ("who", msg("Who plays"), (*entrants_lines(rule), *play_lines(rule))),
        ("note", msg("Note"), ()),
    )  # fmt: skip


def stage_section(rules: Ruleset, index: int) -> Section:
    """Every parameter of one stage, in groups."""
    rule = rules.stages[index]
    earlier = [s.id for s in rules.stages[:index]]
    over = _shown(rule, earlier)
    entrants = rule.entrants
    omit = () if index > 0 or entrants != type(entrants)() else ENTRANTS
    groups = tuple(
        Group(title, lines, group_params("stage", name, rule, index, over, omit))
        for name, title, lines in _groups(rule)
    )
    return Section(f"s{index + 1}", rule.title(), groups)


ENTRANTS = tuple(k.dotted for k in under("stage", "entrants"))  # only after the first stage


def _shown(rule: StageRule, earlier: list[str]) -> dict[str, dict[str, Any]]:
    """What the form shows of a stage's tables and lists: rows by size, criteria on offer."""
    s = rule.scoring
    ranking = tuple(str(c) for c in rule.ranking)
    table = tuple(str(c) for c in rule.table_ranking)
    names = [*ROLLOFF_NAMES, rule.stechen, rule.herzog]
    options = _criteria(rule, earlier, [*ranking, *table], names)
    factors = dict(s.game_point_factor)
    return {
        "placement_by": {"value": ",".join(rule.placement_by)},
        "scoring.points": {"value": dict(s.points), "options": _sizes(rule, s.points)},
        "scoring.rolloff_losers": {
            "value": dict(s.rolloff_losers),
            "options": _sizes(rule, s.points),
        },
        "scoring.game_point_factor": {"value": factors, "options": _sizes(rule, factors)},
        "ranking": {"value": ranking, "options": options, "slots": _slots(ranking)},
        "table_ranking": {"value": table, "options": options, "slots": _slots(table)},
    }


def _sizes(rule: StageRule, table: Any) -> tuple[tuple[str, Text], ...]:
    """The table sizes a points or factor table shows at once: the stage's and those it has."""
    sizes = sorted(set(rule.tables.sizes()) | set(table), reverse=True)
    return tuple((str(n), msg("{size}-table", size=n)) for n in sizes)


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


def sections(rules: Ruleset) -> list[Section]:
    """Every parameter of a format A–C ruleset."""
    return [general(rules), *(stage_section(rules, i) for i in range(len(rules.stages)))]
