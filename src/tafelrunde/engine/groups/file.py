"""A format A–C tournament in its file: its players and facts as JSON data, and back."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from tafelrunde.engine import file_fields as ff
from tafelrunde.engine.errors import RuleError
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
    Undo,
    Withdrawn,
)
from tafelrunde.engine.groups.ruleset_file import ruleset_from_dict
from tafelrunde.engine.limits import (
    MAX_FACT_NUMBER,
    MAX_GAMES,
    MAX_PIPS,
    MAX_PLAYERS,
    MAX_TABLE_SIZE,
    NAME_LENGTH,
    checked_count,
)
from tafelrunde.engine.log import log_from_data, log_to_data
from tafelrunde.engine.numbers import Num, exact_text, parse_number
from tafelrunde.engine.players import Player
from tafelrunde.i18n import msg


def fact_to_dict(fact: AnyFact) -> dict[str, Any]:
    """Write one fact as JSON data."""
    base: dict[str, Any] = {"n": fact.n, "type": type(fact).__name__.lower()}
    if isinstance(fact, Draw):
        base |= {
            "stage": fact.stage,
            "game": fact.game,
            "seed": fact.seed,
            "tables": [list(t) for t in fact.tables],
        }
    elif isinstance(fact, Result):
        base |= _values_to_dict(fact)
        if fact.corrects is not None:
            base["corrects"] = fact.corrects
    elif isinstance(fact, TableEntered):
        base |= _values_to_dict(fact) | {"player": fact.player}
        base |= {"phone": fact.phone} if fact.phone else {}
    elif isinstance(fact, TableConfirmed | TableDecided):
        base |= {"stage": fact.stage, "game": fact.game, "table": fact.table, "entry": fact.entry}
        if isinstance(fact, TableConfirmed):
            base["player"] = fact.player
            base |= {"phone": fact.phone} if fact.phone else {}
    elif isinstance(fact, Rolloff):
        base |= {
            "stage": fact.stage,
            "kind": fact.kind,
            "game": fact.game,
            "order": list(fact.order),
        }
        if fact.seed is not None:
            base["seed"] = fact.seed
        if fact.corrects is not None:
            base["corrects"] = fact.corrects
    elif isinstance(fact, RolloffEntered | RolloffConfirmed):
        base |= _rolloff_at_table_to_dict(fact)
    elif isinstance(fact, Withdrawn):
        base["player"] = fact.player
    elif isinstance(fact, LateJoined):
        base |= {"player": fact.player, "name": fact.name}
    else:
        base["target"] = fact.target
    base |= {"at": fact.at, "by": fact.by}
    return base


def _rolloff_at_table_to_dict(fact: RolloffEntered | RolloffConfirmed) -> dict[str, Any]:
    """A roll-off entered or confirmed at a table, as JSON data."""
    base: dict[str, Any] = {"stage": fact.stage, "kind": fact.kind, "game": fact.game,
                            "table": fact.table, "player": fact.player}  # fmt: skip
    if isinstance(fact, RolloffEntered):
        base["order"] = list(fact.order)
    else:
        base["entry"] = fact.entry
    return base | ({"phone": fact.phone} if fact.phone else {})


def _rolloff_at_table_from_dict(
    d: dict[str, Any], where: str, kind: str, **common: Any
) -> RolloffEntered | RolloffConfirmed:
    """A roll-off entered or confirmed at a table, read from JSON data."""
    common |= {
        "kind": ff.text(d, "kind", where=where),
        "table": ff.whole(d, "table", where=where, low=1, high=MAX_PLAYERS),
        "phone": ff.phone(d, where=f"{where}.phone"),
    }
    if kind == "rolloffentered":
        player = ff.ident(d.get("player"), where=f"{where}.player")
        order = ff.idents(d.get("order"), where=f"{where}.order", most=MAX_TABLE_SIZE)
        return RolloffEntered(player=player, order=order, **common)
    player = d.get("player", "")
    player = "" if player == "" else ff.ident(player, where=f"{where}.player")
    entry = ff.whole(d, "entry", where=where, low=1, high=MAX_FACT_NUMBER)
    return RolloffConfirmed(player=player, entry=entry, **common)


def _values_to_dict(fact: Result | TableEntered) -> dict[str, Any]:
    """Where a result belongs and its values, as JSON data."""
    base: dict[str, Any] = {"stage": fact.stage, "game": fact.game, "table": fact.table}
    if fact.scores:
        base["scores"] = {p: exact_text(v) for p, v in fact.scores.items()}
    if fact.pips:
        base["pips"] = dict(fact.pips)
    if fact.places:
        base["places"] = dict(fact.places)
    return base


def _values_from_dict(d: dict[str, Any], where: str) -> dict[str, Any]:
    """A result's table and values read from JSON data, as keyword arguments."""
    scores = ff.by_player(d.get("scores", {}), where=f"{where}.scores")
    pips = ff.by_player(d.get("pips", {}), where=f"{where}.pips")
    places = ff.by_player(d.get("places", {}), where=f"{where}.places")
    return {
        "table": ff.whole(d, "table", where=where, low=1, high=MAX_PLAYERS),
        "scores": {p: _score(v, f"{where}.scores") for p, v in scores.items()},
        "pips": {p: ff.whole_value(v, where=f"{where}.pips", high=MAX_PIPS)
                 for p, v in pips.items()},
        "places": {p: ff.whole_value(v, where=f"{where}.places", low=1, high=MAX_TABLE_SIZE)
                   for p, v in places.items()},
    }  # fmt: skip


def fact_from_dict(d: dict[str, Any], where: str) -> AnyFact:
    """Read one fact from JSON data; a misfit raises RuleError naming the field."""
    n = ff.number(d, where=where)
    at, by = ff.text(d, "at", where=where, default=""), ff.text(d, "by", where=where, default="")
    kind = ff.text(d, "type", where=where)
    if kind == "undo":
        return Undo(n=n, at=at, by=by, target=ff.whole(d, "target", where=where, low=1))
    if kind == "withdrawn":
        player = ff.ident(d.get("player"), where=f"{where}.player")
        return Withdrawn(n=n, at=at, by=by, player=player)
    if kind == "latejoined":
        player = ff.ident(d.get("player"), where=f"{where}.player")
        name = ff.name(ff.text(d, "name", where=where, length=NAME_LENGTH), where=f"{where}.name")
        return LateJoined(n=n, at=at, by=by, player=player, name=name)
    stage = ff.text(d, "stage", where=where)
    if kind == "draw":
        tables = d.get("tables")
        if not isinstance(tables, list) or len(tables) > MAX_PLAYERS:
            raise RuleError(msg("must be a list of tables."), field=f"{where}.tables")
        seats = tuple(ff.idents(t, where=f"{where}.tables", most=MAX_TABLE_SIZE) for t in tables)
        game = ff.whole(d, "game", where=where, low=1, high=MAX_GAMES)
        return Draw(n=n, at=at, by=by, stage=stage, game=game,
                    seed=ff.seed(d, "seed", where=where), tables=seats)  # fmt: skip
    game = ff.whole(d, "game", where=where, low=0, high=MAX_GAMES)
    corrects = ff.whole(d, "corrects", where=where, low=1, high=MAX_FACT_NUMBER, default=None)
    if kind == "result":
        values = _values_from_dict(d, where)
        return Result(n=n, at=at, by=by, stage=stage, game=game, corrects=corrects, **values)
    if kind == "tableentered":
        values = _values_from_dict(d, where)
        player = ff.ident(d.get("player"), where=f"{where}.player")
        return TableEntered(n=n, at=at, by=by, stage=stage, game=game, player=player,
                            phone=ff.phone(d, where=f"{where}.phone"), **values)  # fmt: skip
    if kind in ("tableconfirmed", "tabledecided"):
        table = ff.whole(d, "table", where=where, low=1, high=MAX_PLAYERS)
        entry = ff.whole(d, "entry", where=where, low=1, high=MAX_FACT_NUMBER)
        if kind == "tabledecided":
            return TableDecided(n=n, at=at, by=by, stage=stage, game=game, table=table, entry=entry)
        player = d.get("player", "")
        player = "" if player == "" else ff.ident(player, where=f"{where}.player")
        return TableConfirmed(n=n, at=at, by=by, stage=stage, game=game, table=table,
                              player=player, entry=entry,
                              phone=ff.phone(d, where=f"{where}.phone"))  # fmt: skip
    if kind in ("rolloffentered", "rolloffconfirmed"):
        return _rolloff_at_table_from_dict(d, where, kind, n=n, at=at, by=by, stage=stage,
                                           game=game)  # fmt: skip
    if kind == "rolloff":
        order = ff.idents(d.get("order"), where=f"{where}.order", most=MAX_PLAYERS)
        return Rolloff(n=n, at=at, by=by, stage=stage, kind=ff.text(d, "kind", where=where),
                       game=game, order=order, seed=ff.seed(d, "seed", where=where, default=None),
                       corrects=corrects)  # fmt: skip
    said = msg("'{kind}' is no kind of fact.", kind=kind)
    raise RuleError(said, field=f"{where}.type")


def _score(value: Any, where: str) -> Num:
    """A score as the file writes it: exact text ("131", "12.5", "524/3") or a whole number."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise RuleError(msg("must be a number as text."), field=where)
    return parse_number(value, field=where)


def stored(fact: AnyFact) -> dict[str, Any]:
    """The fact as the file and the database store it; refuse a fact that would not read back."""
    data = fact_to_dict(fact)
    if fact_from_dict(json.loads(json.dumps(data)), "facts") != fact:
        raise RuleError(
            msg("This entry would not read back exactly as entered after saving."), field="fact"
        )
    return data


def read_group(data: dict[str, Any]) -> Tournament:
    """Read a format A–C tournament from file data, without replaying its facts."""
    players = _players(data.get("players"))
    facts = ff.fact_list(data)
    return Tournament(
        name=ff.text(data, "name", where="file"),
        ruleset=ruleset_from_dict(data["ruleset"]),
        players=players,
        seed=ff.seed(data, "seed", where="file"),
        facts=[fact_from_dict(f, f"facts[{i + 1}]") for i, f in enumerate(facts)],
        created_at=ff.text(data, "created_at", where="file", length=40, default=""),
        log=log_from_data(data.get("log")),
    )


def _players(raw: Any) -> list[Player]:
    """The player list: distinct ids and names (case does not matter)."""
    if not isinstance(raw, list):
        raise RuleError(msg("must be a list."), field="players")
    checked_count(len(raw), limit=MAX_PLAYERS, field="players", what=msg("players"))
    players = [
        Player(ff.ident(ff.text(p, "id", where=f"players[{i + 1}]"), where=f"players[{i + 1}].id"),
               ff.name(ff.text(p, "name", where=f"players[{i + 1}]", length=NAME_LENGTH),
                       where=f"players[{i + 1}].name"))
        for i, p in enumerate(raw)
    ]  # fmt: skip
    if len({p.id for p in players}) != len(players):
        raise RuleError(msg("A player id is given twice."), field="players")
    if len({p.name.casefold() for p in players}) != len(players):
        raise RuleError(msg("A name is given twice."), field="players")
    return players


def group_data(t: Tournament) -> dict[str, Any]:
    """A format A–C tournament's data in its file, but the file's format and version."""
    return {
        "name": t.name,
        "created_at": t.created_at,
        "seed": t.seed,
        "ruleset": t.ruleset.source,
        "players": [{"id": p.id, "name": p.name} for p in t.players],
        "facts": [fact_to_dict(f) for f in t.facts],
    } | ({"log": log_to_data(t.log)} if t.log else {})


def scores_text(scores: dict[str, Fraction]) -> dict[str, str]:
    """Write scores exactly."""
    return {p: exact_text(v) for p, v in scores.items()}


def group_tournament(tour: object, origin: str) -> Tournament:
    """The tournament read, as a format A–C one; another family's is refused (`origin`: the
    file's name as given)."""
    if not isinstance(tour, Tournament):
        said = msg(
            "{origin} is a format-D tournament (Schocken knockout); "
            "it has its own commands (tafelrunde status, open, lost).",
            origin=origin,
        )
        raise RuleError(said, field="file")
    return tour
