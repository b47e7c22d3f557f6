"""Every parameter of a format A–C ruleset as readable lines (messages)."""

from __future__ import annotations

from tafelrunde.engine.confirmation import mode_words
from tafelrunde.engine.numbers import Rounding, shown
from tafelrunde.engine.ruleset import Ruleset, StageRule
from tafelrunde.engine.standings import Criterion
from tafelrunde.i18n import Message, Text, msg


def seating_line(rule: StageRule) -> Message:
    """How the stage seats its players."""
    if rule.seating == "draw":
        if rule.reseat_each_game:
            return msg("Seating: draw, new for every game")
        return msg("Seating: draw")
    if rule.reseat_each_game:
        return msg("Seating: serpentine by rank, new for every game")
    return msg("Seating: serpentine by rank")


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


def rounding_words(rounding: Rounding) -> Message:
    """A rounding rule in words ('rounded down to steps of 0,5'), not the ruleset's keyword."""
    mode = rounding.mode
    step: Text = shown(rounding.step) if rounding.step != 1 else ""
    if mode == "floor":
        return msg("rounded down to steps of {step}", step=step) if step else msg("rounded down")
    if mode == "half_up":
        if step:
            return msg("rounded to the nearest {step}, halves up", step=step)
        return msg("rounded to the nearest whole, halves up")
    return msg("not rounded (exact)")


def tie_line(rule: StageRule) -> Message:
    """How a tie at a table is settled."""
    s = rule.scoring
    if s.tie == "split":
        return msg(
            "Tie: split points, {rounding}",
            rounding=rounding_words(s.rounding),
        )
    if s.rolloff_loser == "minus":
        return msg("Tie: roll-off, loser gets points(p) − {malus}", malus=shown(s.rolloff_malus))
    return msg("Tie: roll-off, loser gets next place's points")


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
            rounding=rounding_words(s.game_point_rounding),
        )
        for size, f in sorted(s.game_point_factor.items())
    ]


def ranking_line(rule: StageRule) -> Message:
    """The criteria of the stage's ranking."""
    points = rule.points_word()
    criteria = joined([c.label(points if c.key == "points" else None) for c in rule.ranking], " → ")
    return msg("Ranking: {criteria}", criteria=criteria)


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


def stage_lines(rule: StageRule) -> list[Text]:
    """Describe one stage's parameters."""
    lines: list[Text] = [
        msg("Games: {games}", games=rule.games),
        tables_line(rule),
        seating_line(rule),
    ]
    lines += [*points_lines(rule), tie_line(rule), *factor_lines(rule), ranking_line(rule)]
    lines += [*entrants_lines(rule), *play_lines(rule)]
    if rule.note:
        lines.append(rule.note)
    return lines


def player_lines(rules: Ruleset) -> list[tuple[Message, Message]]:
    """How the ruleset treats players who withdraw or arrive late, as (label, rule) pairs."""
    if rules.withdrawn == "last":
        gone = msg(
            "results stay; a table without a result yet and later games are played "
            "without them; they do not go on (the next one moves up); listed after "
            "everybody else, marked 'withdrawn'"
        )
    else:
        gone = msg(
            "results stay; a table without a result yet and later games are played "
            "without them; they do not go on (the next one moves up); ranked with "
            "their points, marked 'withdrawn'"
        )
    if rules.late_join:
        late = msg(
            "may join the running stage before its next newly drawn game, with 0 points "
            "for the games before"
        )
    else:
        late = msg("cannot join after the first draw")
    return [
        (msg("Withdrawn players"), gone),
        (msg("Late players"), late),
        (msg("Results at the table"), mode_words(rules.confirmation)),
    ]


def joined(items: list[Text], between: str) -> Text:
    """Several texts (messages or plain) in a row, as one text."""
    if all(isinstance(x, str) for x in items):
        return between.join(str(x) for x in items)
    params = {f"x{i}": x for i, x in enumerate(items)}
    return Message(between.join("{" + k + "}" for k in params), params)


def criterion_label(c: Criterion, rule: StageRule) -> Text:
    """Name a criterion in the words of the ruleset ('Siegpunkte', 'Rang 1. Runde')."""
    if c.key == "rank":
        return msg("rank {stage}", stage=c.scope)
    return c.label(rule.points_word() if c.key == "points" else None)
