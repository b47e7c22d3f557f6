"""Every parameter of a format A–C ruleset as readable lines (messages)."""

from __future__ import annotations

from tafelrunde.engine.choices import RoundingMode, Tie
from tafelrunde.engine.confirmation import mode_words
from tafelrunde.engine.groups.rolloff_entry import players_enter
from tafelrunde.engine.groups.ruleset import Ruleset, StageRule, table_ranking_of
from tafelrunde.engine.groups.standings import Criterion
from tafelrunde.engine.numbers import Rounding, shown
from tafelrunde.engine.rule_keys import key
from tafelrunde.engine.rule_words import joined, stated, stated_as, unsaid_lines, value_words
from tafelrunde.i18n import Message, Text, msg


def seating_line(rule: StageRule) -> Message:
    """How the stage seats its players: 'Seating: draw by lot, new for every game'."""
    line = stated("stage", "seating", rule.seating)
    return msg("{seating}, new for every game", seating=line) if rule.reseat_each_game else line


def games_line(rule: StageRule) -> Message:
    """How many games a stage plays, in its own word ('Durchgang 1 bis 3')."""
    if rule.games == 1:
        return msg("{word} 1 only", word=rule.game_word())
    return msg("{word} 1 to {games}", word=rule.game_word(), games=rule.games)


def tables_line(rule: StageRule) -> Message:
    """Which table sizes the stage uses."""
    tr = rule.tables
    sizes = "/".join(str(x) for x in tr.sizes())
    if tr.max_other is not None:
        return msg(
            "Tables: prefer {prefer}, allowed {sizes}, at most {others} others",
            prefer=tr.prefer,
            sizes=sizes,
            others=tr.max_other,
        )
    return msg("Tables: prefer {prefer}, allowed {sizes}", prefer=tr.prefer, sizes=sizes)


def rounding_words(rounding: Rounding, table: str) -> Text:
    """A rounding rule in its declared words ('rounded down to steps of 0,5'); `table` is the
    rule's table in the file ('scoring.rounding')."""
    mode = value_words("stage", f"{table}.mode", rounding.mode)
    if rounding.step == 1 or rounding.mode == RoundingMode.NONE:
        return mode
    return msg("{rounding} to steps of {step}", rounding=mode, step=shown(rounding.step))


def tie_line(rule: StageRule) -> Message:
    """How a tie at a table is settled."""
    s = rule.scoring
    tie = stated("stage", "scoring.tie", s.tie)
    if s.tie == Tie.SPLIT:
        return msg(
            "{tie}, {rounding}", tie=tie, rounding=rounding_words(s.rounding, "scoring.rounding")
        )
    return msg("{tie}; the loser of the roll-off for a place gets the points below", tie=tie)


def loser_lines(rule: StageRule) -> list[Text]:
    """The points of a roll-off's loser at each table size (only for ties by roll-off)."""
    s = rule.scoring
    if s.tie != Tie.ROLLOFF:
        return []
    return [
        msg(
            "Roll-off losers at a {size}-table (for place 1, 2, …): {points}",
            size=size,
            points=joined([shown(p) for p in s.loser_points(size)], ", "),
        )
        for size in sorted(s.points, reverse=True)
    ]


def entrants_lines(rule: StageRule) -> list[Message]:
    """Who plays the stage."""
    e = rule.entrants
    if e.top:
        return [msg("Entrants: the best {top}", top=e.top)]
    if e.per_table and e.fill_multiple:
        return [
            msg(
                "Entrants: the best {per_table} of each table, filled up to a multiple of "
                "{multiple}",
                per_table=e.per_table,
                multiple=e.fill_multiple,
            )
        ]
    if e.per_table:
        return [msg("Entrants: the best {per_table} of each table", per_table=e.per_table)]
    return []


def points_lines(rule: StageRule) -> list[Text]:
    """The points per place at each table size."""
    return [
        msg(
            "Points at a {size}-table: {points}",
            size=size,
            points=joined([shown(p) for p in pts], ", "),
        )
        for size, pts in sorted(rule.scoring.points.items(), reverse=True)
    ]


def factor_lines(rule: StageRule) -> list[Text]:
    """The factors of game points at each table size."""
    s = rule.scoring
    return [
        msg(
            "Game points at a {size}-table ×{factor}, {rounding}",
            size=size,
            factor=shown(f, 4),
            rounding=rounding_words(s.game_point_rounding, "scoring.game_point_rounding"),
        )
        for size, f in sorted(s.game_point_factor.items())
    ]


def ranking_line(rule: StageRule) -> Message:
    """The criteria of the stage's ranking."""
    points = rule.points_word()
    criteria = joined([c.label(points if c.key == "points" else None) for c in rule.ranking], " → ")
    return msg("Ranking: {criteria}", criteria=criteria)


def table_ranking_lines(rule: StageRule) -> list[Text]:
    """The criteria ranking the players of a table, where they are not the stage's own."""
    if rule.table_ranking == table_ranking_of(rule.ranking):
        return []
    labels = [criterion_label(c, rule) for c in rule.table_ranking]
    return [stated_as("stage", "table_ranking", joined(labels, " → "))]


def play_lines(rule: StageRule) -> list[Text]:
    """When the stage is played (and played again)."""
    lines: list[Text] = []
    if rule.players_at_least:
        lines.append(msg("Only with {players} players or more", players=rule.players_at_least))
    if rule.repeat:
        lines.append(
            msg(
                "Repeated while at least {players} players go on",
                players=rule.entrants_at_least,
            )
        )
    return lines


# the stage's keys the lines here say in their own words (or in its title and names); every
# other declared key is said as 'label: value' wherever a stage sets it (`unsaid_lines`)
SAID = frozenset({
    "id", "name", "name_en", "game_name", "game_name_en", "points_name", "points_name_en", "games",
    "tables.prefer", "tables.allow", "tables.max_other", "seating", "reseat_each_game",
    "scoring.points", "scoring.tie", "scoring.rounding.mode", "scoring.rounding.step",
    "scoring.rolloff_losers", "scoring.game_point_factor", "scoring.game_point_rounding.mode",
    "scoring.game_point_rounding.step", "ranking", "table_ranking", "entrants.top",
    "entrants.per_table", "entrants.fill_multiple", "entrants.fill_target",
    "play_if.players_at_least", "play_if.entrants_at_least", "repeat", "note",
})  # fmt: skip


def stage_lines(rule: StageRule) -> list[Text]:
    """Describe one stage's parameters: in words of their own, then any other set one."""
    lines: list[Text] = [
        games_line(rule),
        tables_line(rule),
        seating_line(rule),
    ]
    lines += [*points_lines(rule), tie_line(rule), *loser_lines(rule)]
    lines += [*factor_lines(rule), ranking_line(rule), *table_ranking_lines(rule)]
    lines += [*entrants_lines(rule), *play_lines(rule)]
    lines += unsaid_lines("stage", rule, SAID)
    if rule.note:
        lines.append(rule.note)
    return lines


def late_stages(rules: Ruleset) -> list[Text]:
    """The stages a late player can join: those drawn anew for every game."""
    return [r.title() for r in rules.stages if r.reseat_each_game]


def late_words(rules: Ruleset) -> Message:
    """Where these rules let a late player join, in words (nowhere when every stage keeps its
    tables for all its games, as format A's groups do)."""
    stages = late_stages(rules)
    if not stages:
        return msg(
            "nowhere in these rules: every stage keeps its tables for all its games, so "
            "nobody can join after the first draw (before it, add them to the players)"
        )
    if len(stages) == len(rules.stages):
        return msg(
            "may join the running stage before its next newly drawn game, with 0 points "
            "for the games before"
        )
    return msg(
        "may join in {stages} before its next newly drawn game, with 0 points for the games "
        "before; not in the other stages (their tables stay for all their games)",
        stages=joined(stages, ", "),
    )


def stage_summary(rule: StageRule) -> list[Text]:
    """One stage in a sentence or two, made from its parameters (the rules' description)."""
    tr = rule.tables
    others = [n for n in tr.sizes() if n != tr.prefer]
    if others:
        tables = msg(
            "tables of {prefer} ({others} only where needed)",
            prefer=tr.prefer,
            others="/".join(str(n) for n in others),
        )
    else:
        tables = msg("tables of {prefer}", prefer=tr.prefer)
    points = rule.scoring.points.get(tr.prefer) or next(iter(rule.scoring.points.values()), ())
    line = msg(
        "{stage}: {games} at {tables}; {seating}; {points_word} {points}.",
        stage=rule.title(),
        games=games_line(rule),
        tables=tables,
        seating=seating_line(rule),
        points_word=rule.points_word(),
        points=joined([shown(x) for x in points], "/"),
    )
    return [line, *entrants_lines(rule), *play_lines(rule)]


def summary_lines(rules: Ruleset) -> list[Text]:
    """The whole ruleset in a few sentences, made from its parameters (never a fixed text)."""
    return [line for rule in rules.stages for line in stage_summary(rule)]


def player_lines(rules: Ruleset) -> list[tuple[Message, Message]]:
    """How the ruleset treats players who withdraw or arrive late, as (label, rule) pairs."""
    gone = msg(
        "results stay; a table without a result yet and later games are played without "
        "them; they do not go on (the next one moves up); {ranked}, marked 'withdrawn'",
        ranked=value_words("top", "players.withdrawn", rules.withdrawn),
    )
    late = late_words(rules) if rules.late_join else msg("cannot join after the first draw")
    return [
        (key("top", "players.withdrawn").label, gone),
        (msg("Late players"), late),
        (key("top", "confirmation").label, mode_words(rules.confirmation)),
        (key("top", "rolloffs_at_table").label, rolloff_words(rules)),
    ]


def rolloff_words(rules: Ruleset) -> Message:
    """Who enters a roll-off (Stechen, Herzog, Erzherzog), in words."""
    if not players_enter(rules):
        return msg("the organisers enter every roll-off; the table only hears of it")
    return msg(
        "the players of the table enter a roll-off whose players all sit there; it counts as "
        "a result entered at the table does"
    )


def criterion_label(c: Criterion, rule: StageRule) -> Text:
    """Name a criterion in the words of the ruleset ('Siegpunkte', 'Rang 1. Runde')."""
    if c.key == "rank":
        return msg("rank {stage}", stage=c.scope)
    return c.label(rule.points_word() if c.key == "points" else None)
