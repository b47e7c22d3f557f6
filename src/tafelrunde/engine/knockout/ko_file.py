"""A format-D tournament as a file: its ruleset, its day and its facts, as JSON data."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout.facts import (
    CheckIn,
    Donation,
    GameLost,
    KnockoutFact,
    OpenTable,
    PayFee,
    Register,
    SchockOut,
    Undo,
    Withdraw,
)
from tafelrunde.engine.knockout.rules import Bracket, KnockoutRules
from tafelrunde.engine.knockout.rules_file import knockout_rules_from_dict
from tafelrunde.engine.knockout.state import KnockoutState, replay

KINDS: dict[str, type[KnockoutFact]] = {
    "register": Register,
    "pay_fee": PayFee,
    "check_in": CheckIn,
    "withdraw": Withdraw,
    "open_table": OpenTable,
    "game_lost": GameLost,
    "schock_out": SchockOut,
    "donation": Donation,
    "undo": Undo,
}
NAMES = {cls: kind for kind, cls in KINDS.items()}


@dataclass
class KnockoutTournament:
    """A format-D tournament: name, ruleset, tournament day and every fact recorded."""

    name: str
    rules: KnockoutRules
    day: date | None = None
    created_at: str = ""
    facts: list[KnockoutFact] = field(default_factory=list)

    def state(self) -> KnockoutState:
        """Replay the facts into the tournament's state."""
        return replay(self.rules, self.facts, self.day)

    def next_number(self) -> int:
        """Return the number of the next fact."""
        return self.facts[-1].n + 1 if self.facts else 1


def ko_fact_to_dict(fact: KnockoutFact) -> dict[str, Any]:
    """Write one fact as JSON data (only the fields that differ from their defaults)."""
    data: dict[str, Any] = {"n": fact.n, "type": NAMES[type(fact)]}
    for f in dataclasses.fields(fact):
        value = getattr(fact, f.name)
        if f.name == "n" or (f.default is not dataclasses.MISSING and value == f.default):
            continue
        data[f.name] = list(value) if isinstance(value, tuple) else value
    return data


def _time(value: Any) -> int | float | str:
    """Read a fact's time: seconds or ISO text."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError(f"at: {value!r}")
    return value


def ko_fact_from_dict(d: dict[str, Any]) -> KnockoutFact:
    """Read one fact from JSON data (a wrong shape raises ValueError, KeyError or TypeError)."""
    cls = KINDS[str(d["type"])]
    base: dict[str, Any] = {"n": int(d["n"]), "at": _time(d["at"]), "by": str(d.get("by", ""))}
    names = {f.name for f in dataclasses.fields(cls)} - set(base)
    for name in names & set(d):
        value = d[name]
        if name in ("player", "name"):
            value = str(value)
        elif name == "players":
            value = tuple(str(p) for p in value)
        elif name == "bracket":
            value = Bracket(value)
        elif name in ("table", "target", "schock_out", "corrects"):
            value = None if value is None else int(value)
        elif name in ("override_deadline", "by_hand"):
            value = bool(value)
        base[name] = value
    return cls(**base)


def ko_to_data(t: KnockoutTournament) -> dict[str, Any]:
    """Write the tournament's own part of the file (the caller adds format and version)."""
    return {
        "name": t.name,
        "created_at": t.created_at,
        "day": t.day.isoformat() if t.day else None,
        "ruleset": t.rules.source,
        "facts": [ko_fact_to_dict(f) for f in t.facts],
    }


def ko_from_data(data: dict[str, Any]) -> KnockoutTournament:
    """Read the tournament from file data; the facts must replay without a misfit."""
    day = data.get("day")
    t = KnockoutTournament(
        name=str(data["name"]),
        rules=knockout_rules_from_dict(data["ruleset"]),
        day=date.fromisoformat(day) if day else None,
        created_at=str(data.get("created_at", "")),
        facts=[ko_fact_from_dict(f) for f in data["facts"]],
    )
    try:
        t.state()
    except RuleError as err:
        raise RuleError(
            f"Die Einträge der Datei passen nicht zusammen: {err.de}",
            f"the file's entries do not fit together: {err.en}",
            field=err.field,
        ) from None
    return t
