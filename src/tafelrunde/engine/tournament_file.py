"""The tournament file: a documented JSON text holding the ruleset, players and facts."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.facts import AnyFact, Draw, Player, Result, Rolloff, Tournament, Undo
from tafelrunde.engine.knockout.ko_file import KnockoutTournament, ko_from_data, ko_to_data
from tafelrunde.engine.numbers import exact_text, parse_number
from tafelrunde.engine.ruleset_file import ruleset_from_dict

FORMAT = "tafelrunde-tournament"
VERSION = 1


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
        base |= {"stage": fact.stage, "game": fact.game, "table": fact.table}
        if fact.scores:
            base["scores"] = {p: exact_text(v) for p, v in fact.scores.items()}
        if fact.pips:
            base["pips"] = dict(fact.pips)
        if fact.places:
            base["places"] = dict(fact.places)
        if fact.corrects is not None:
            base["corrects"] = fact.corrects
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
    else:
        base["target"] = fact.target
    base |= {"at": fact.at, "by": fact.by}
    return base


def _fact_from_dict(d: dict[str, Any]) -> AnyFact:
    """Read one fact from JSON data."""
    n, at, by = int(d["n"]), str(d.get("at", "")), str(d.get("by", ""))
    kind = d["type"]
    if kind == "draw":
        tables = tuple(tuple(str(p) for p in t) for t in d["tables"])
        return Draw(n=n, at=at, by=by, stage=str(d["stage"]), game=int(d["game"]),
                    seed=int(d["seed"]), tables=tables)  # fmt: skip
    if kind == "result":
        raw = d.get("scores", {}).items()
        scores = {str(p): parse_number(str(v), field="scores") for p, v in raw}
        return Result(
            n=n, at=at, by=by, stage=str(d["stage"]), game=int(d["game"]), table=int(d["table"]),
            scores=scores,
            pips={str(p): int(v) for p, v in d.get("pips", {}).items()},
            places={str(p): int(v) for p, v in d.get("places", {}).items()},
            corrects=None if d.get("corrects") is None else int(d["corrects"]),
        )  # fmt: skip
    if kind == "rolloff":
        seed = None if d.get("seed") is None else int(d["seed"])
        order = tuple(str(p) for p in d["order"])
        corrects = None if d.get("corrects") is None else int(d["corrects"])
        return Rolloff(n=n, at=at, by=by, stage=str(d["stage"]), kind=str(d["kind"]),
                       game=int(d["game"]), order=order, seed=seed, corrects=corrects)  # fmt: skip
    if kind == "undo":
        return Undo(n=n, at=at, by=by, target=int(d["target"]))
    raise ValueError(kind)


def dumps(t: Tournament) -> str:
    """Write the tournament file."""
    return dumps_any(t)


def _checked(data: Any, origin: str) -> None:
    """Check a tournament file's format and version."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("format")
    if data.get("version") != VERSION:
        raise RuleError(
            f"{origin}: Version {data.get('version')} wird nicht unterstützt.",
            f"{origin}: version {data.get('version')} is not supported.",
            field="version",
        )


def _from_data(data: dict[str, Any]) -> Tournament:
    """Build a format A–C tournament from file data."""
    players = [Player(str(p["id"]), str(p["name"])) for p in data["players"]]
    facts = [_fact_from_dict(f) for f in data["facts"]]
    return Tournament(
        name=str(data["name"]),
        ruleset=ruleset_from_dict(data["ruleset"]),
        players=players,
        seed=int(data["seed"]),
        facts=facts,
        created_at=str(data.get("created_at", "")),
    )


def loads_any(text: str, *, origin: str = "Turnierdatei") -> Tournament | KnockoutTournament:
    """Read a tournament file of any format; a damaged file is refused with one clear message."""
    try:
        data = json.loads(text)
    except ValueError as err:
        raise RuleError(
            f"{origin} ist beschädigt oder keine Tafelrunde-Turnierdatei ({err!r}).",
            f"{origin} is damaged or not a Tafelrunde tournament file ({err!r}).",
            field="file",
        ) from None
    return from_data(data, origin=origin)


def from_data(data: Any, *, origin: str = "Turnierdatei") -> Tournament | KnockoutTournament:
    """Build a tournament of any format from file data (as JSON gives it); refuse a misfit."""
    try:
        _checked(data, origin)
        if data["ruleset"].get("format") == "D":
            return ko_from_data(data)
        return _from_data(data)
    except RuleError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        raise RuleError(
            f"{origin} ist beschädigt oder keine Tafelrunde-Turnierdatei ({err!r}).",
            f"{origin} is damaged or not a Tafelrunde tournament file ({err!r}).",
            field="file",
        ) from None


def loads(text: str, *, origin: str = "Turnierdatei") -> Tournament:
    """Read the tournament file of a format A–C tournament."""
    t = loads_any(text, origin=origin)
    if isinstance(t, KnockoutTournament):
        raise RuleError(
            f"{origin} ist ein Turnier im Format D (Schocken-K.-o.); "
            "dafür gibt es eigene Befehle (tafelrunde status, open, lost).",
            f"{origin} is a format-D tournament (Schocken knockout); "
            "it has its own commands (tafelrunde status, open, lost).",
            field="file",
        )
    return t


def to_data(t: Tournament | KnockoutTournament) -> dict[str, Any]:
    """Return the tournament file's data of any format (what JSON writes)."""
    if isinstance(t, KnockoutTournament):
        return {"format": FORMAT, "version": VERSION, **ko_to_data(t)}
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": t.name,
        "created_at": t.created_at,
        "seed": t.seed,
        "ruleset": t.ruleset.source,
        "players": [{"id": p.id, "name": p.name} for p in t.players],
        "facts": [fact_to_dict(f) for f in t.facts],
    }


def dumps_any(t: Tournament | KnockoutTournament) -> str:
    """Write the tournament file of any format."""
    return json.dumps(to_data(t), ensure_ascii=False, indent=1) + "\n"


def scores_text(scores: dict[str, Fraction]) -> dict[str, str]:
    """Write scores exactly."""
    return {p: exact_text(v) for p, v in scores.items()}
