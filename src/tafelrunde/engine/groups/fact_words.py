"""Say in words what a format A–C fact records, with names instead of ids."""

from __future__ import annotations

from collections.abc import Callable

from tafelrunde.engine.groups.facts import (
    AnyFact,
    Draw,
    LateJoined,
    Result,
    Rolloff,
    RolloffConfirmed,
    RolloffEntered,
    TableConfirmed,
    TableDecided,
    TableEntered,
    Tournament,
    Withdrawn,
)
from tafelrunde.engine.numbers import shown
from tafelrunde.i18n import Message, Text, msg


def _values(fact: Result | TableEntered, name: Callable[[str], str]) -> Message:
    """Each player's values of a result, 'Anna 40 / 12 Augen, Ben 30', as one flat text."""
    lines, params = [], dict[str, Text]()
    for i, p in enumerate(dict.fromkeys([*fact.scores, *fact.pips, *fact.places])):
        bits = {f"s{i}": shown(fact.scores[p])} if p in fact.scores else {}
        if p in fact.pips:
            bits[f"a{i}"] = msg("{pips} pips", pips=fact.pips[p])
        if p in fact.places:
            bits[f"p{i}"] = msg("place {place}", place=fact.places[p])
        params |= {f"n{i}": name(p), **bits}
        lines.append(f"{{n{i}}} " + " / ".join("{" + k + "}" for k in bits))
    return Message(", ".join(lines), params)  # no words of its own: nothing to translate


def game_word(tour: Tournament, stage: str) -> Message:
    """Name one game of the stage: 'Durchgang' in format A's groups, else 'Partie'."""
    rule = tour.ruleset.played_rule(stage)
    return rule.game_word() if rule else msg("game")


def describe(tour: Tournament, fact: AnyFact) -> Message:
    """One line: 'Ergebnis Partie 2, Tisch 3: Anna 40, Ben 30' and the like."""
    name = tour.name_of
    if isinstance(fact, Draw):
        return msg(
            "Draw {stage}, {word} {game} (seed {seed})",
            stage=tour.ruleset.played_title(fact.stage),
            word=game_word(tour, fact.stage),
            game=fact.game,
            seed=fact.seed,
        )
    if isinstance(fact, Result):
        said = _values(fact, name)
        if fact.corrects:
            return msg(
                "Correction {word} {game}, table {table}: {values}",
                word=game_word(tour, fact.stage),
                game=fact.game,
                table=fact.table,
                values=said,
            )
        return msg(
            "Result {word} {game}, table {table}: {values}",
            word=game_word(tour, fact.stage),
            game=fact.game,
            table=fact.table,
            values=said,
        )
    if isinstance(fact, Rolloff):
        order = " > ".join(name(p) for p in fact.order)
        if fact.seed is not None:
            return msg("Roll-off: {order} (rolled, seed {seed})", order=order, seed=fact.seed)
        return msg("Roll-off: {order}", order=order)
    if isinstance(fact, RolloffEntered):
        return msg(
            "{kind} entered at table {table} by {name}: {order} (entry {n})",
            kind=fact.kind.capitalize(),
            table=fact.table,
            name=name(fact.player),
            order=" > ".join(name(p) for p in fact.order),
            n=fact.n,
        )
    if isinstance(fact, RolloffConfirmed):
        return msg(
            "{kind} confirmed at table {table} by {name}: entry {entry}",
            kind=fact.kind.capitalize(),
            table=fact.table,
            name=name(fact.player) if fact.player else msg("the organisers"),
            entry=fact.entry,
        )
    if isinstance(fact, TableEntered):
        return msg(
            "Entered at table {table} by {name}, {word} {game}: {values} (entry {n})",
            word=game_word(tour, fact.stage),
            table=fact.table,
            name=name(fact.player),
            game=fact.game,
            values=_values(fact, name),
            n=fact.n,
        )
    if isinstance(fact, TableConfirmed):
        return msg(
            "Confirmed at table {table} by {name}, {word} {game}: entry {entry}",
            word=game_word(tour, fact.stage),
            table=fact.table,
            name=name(fact.player) if fact.player else msg("the organisers"),
            game=fact.game,
            entry=fact.entry,
        )
    if isinstance(fact, TableDecided):
        return msg(
            "Decided by the organisers, table {table}, {word} {game}: entry {entry} counts",
            word=game_word(tour, fact.stage),
            table=fact.table,
            game=fact.game,
            entry=fact.entry,
        )
    if isinstance(fact, Withdrawn):
        return msg("Withdrawn: {name}", name=name(fact.player))
    if isinstance(fact, LateJoined):
        return msg("Joined late: {name}", name=fact.name)
    return msg("Undo of entry {target}", target=fact.target)
