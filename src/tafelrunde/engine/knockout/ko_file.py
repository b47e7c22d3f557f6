"""A format-D tournament as a file: its ruleset, its day and its facts, as JSON data."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from tafelrunde.engine import file_fields as ff
from tafelrunde.engine.clock import seconds
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout.facts import (
    CheckIn,
    Donation,
    GameLost,
    HallTables,
    KnockoutFact,
    OpenTable,
    PayFee,
    PayFees,
    Register,
    SchockOut,
    TableLoserConfirmed,
    TableLoserDecided,
    TableLoserEntered,
    TakeBackFee,
    Undo,
    Withdraw,
)
from tafelrunde.engine.knockout.rules import Bracket, KnockoutRules
from tafelrunde.engine.knockout.rules_file import knockout_rules_from_dict
from tafelrunde.engine.knockout.state import KnockoutState, replay
from tafelrunde.engine.limits import (
    MAX_FACT_NUMBER,
    MAX_HALL_TABLES,
    MAX_PLAYERS,
    MAX_TABLE_SIZE,
    NAME_LENGTH,
    checked_text,
)
from tafelrunde.engine.log import LogLine, log_from_data, log_to_data
from tafelrunde.i18n import msg

MAX_SECONDS = 10**11  # a time as seconds: beyond every date's ordinal × seconds of a day

KINDS: dict[str, type[KnockoutFact]] = {
    "register": Register,
    "pay_fee": PayFee,
    "pay_fees": PayFees,
    "take_back_fee": TakeBackFee,
    "hall_tables": HallTables,
    "check_in": CheckIn,
    "withdraw": Withdraw,
    "open_table": OpenTable,
    "game_lost": GameLost,
    "table_loser_entered": TableLoserEntered,
    "table_loser_confirmed": TableLoserConfirmed,
    "table_loser_decided": TableLoserDecided,
    "schock_out": SchockOut,
    "donation": Donation,
    "undo": Undo,
}
NAMES = {cls: kind for kind, cls in KINDS.items()}
NUMBERED = ("table", "target", "schock_out", "corrects", "game", "entry")  # whole, from 1


@dataclass
class KnockoutTournament:
    """A format-D tournament: name, ruleset, tournament day and every fact recorded."""

    name: str
    rules: KnockoutRules
    day: date | None = None
    created_at: str = ""
    facts: list[KnockoutFact] = field(default_factory=list)
    log: list[LogLine] = field(default_factory=list)

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


def _time(value: Any, where: str) -> int | float | str:
    """Read a fact's time: seconds (0 to MAX_SECONDS) or ISO text."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise RuleError(msg("is no time."), field=where)
    if isinstance(value, str):
        checked_text(value, field=where, length=40)
    elif not 0 <= value <= MAX_SECONDS:
        raise RuleError(
            msg("must lie between 0 and {max_seconds} seconds.", max_seconds=MAX_SECONDS),
            field=where,
        )
    seconds(value, field=where)
    return value


def ko_fact_from_dict(d: dict[str, Any], where: str = "facts") -> KnockoutFact:
    """Read one fact from JSON data; a misfit raises RuleError naming the field."""
    kind = ff.text(d, "type", where=where)
    if kind not in KINDS:
        raise RuleError(msg("'{kind}' is no kind of fact.", kind=kind),
                        field=f"{where}.type")  # fmt: skip
    cls = KINDS[kind]
    base: dict[str, Any] = {
        "n": ff.number(d, where=where),
        "at": _time(d.get("at"), f"{where}.at"),
        "by": ff.text(d, "by", where=where, default=""),
    }
    names = {f.name for f in dataclasses.fields(cls)} - set(base)
    for name in names & set(d):
        at = f"{where}.{name}"
        value = d[name]
        if name in ("player", "loser"):
            value = ff.ident(value, where=at)
        elif name == "name":
            value = checked_text(value, field=at, length=NAME_LENGTH)
        elif name == "players":
            most = MAX_PLAYERS if cls is PayFees else MAX_TABLE_SIZE
            value = ff.idents(value, where=at, most=most)
        elif name == "count":
            value = ff.whole_value(value, where=at, low=1, high=MAX_HALL_TABLES)
        elif name == "bracket":
            value = _bracket(value, at)
        elif value is not None and name in NUMBERED:
            value = ff.whole_value(value, where=at, low=1, high=MAX_FACT_NUMBER)
        elif name == "phone":
            value = ff.phone(d, where=at)
        elif name in ("override_deadline", "by_hand"):
            value = ff.flag(d, name, where=at)
        base[name] = value
    try:
        return cls(**base)
    except TypeError:
        raise RuleError(msg("A field is missing."), field=where) from None


def _bracket(value: Any, where: str) -> Bracket:
    """A bracket by its word: main, consolation or grand_final."""
    try:
        return Bracket(value)
    except ValueError:
        raise RuleError(
            msg("must be main, consolation or grand_final."),
            field=where,
        ) from None


def ko_stored(fact: KnockoutFact) -> dict[str, Any]:
    """The fact as the file and the database store it; refuse a fact that would not read back."""
    data = ko_fact_to_dict(fact)
    if ko_fact_from_dict(json.loads(json.dumps(data))) != fact:
        raise RuleError(
            msg("This entry would not read back exactly as entered after saving."),
            field="fact",
        )
    return data


def ko_to_data(t: KnockoutTournament) -> dict[str, Any]:
    """Write the tournament's own part of the file (the caller adds format and version)."""
    return {
        "name": t.name,
        "created_at": t.created_at,
        "day": t.day.isoformat() if t.day else None,
        "ruleset": t.rules.source,
        "facts": [ko_fact_to_dict(f) for f in t.facts],
    } | ({"log": log_to_data(t.log)} if t.log else {})


def ko_read(data: dict[str, Any]) -> KnockoutTournament:
    """Read the tournament from file data, without replaying its facts."""
    day = data.get("day")
    facts = ff.fact_list(data)
    return KnockoutTournament(
        name=ff.text(data, "name", where="file"),
        rules=knockout_rules_from_dict(data["ruleset"]),
        day=date.fromisoformat(ff.text(data, "day", where="file", length=10)) if day else None,
        created_at=ff.text(data, "created_at", where="file", length=40, default=""),
        facts=[ko_fact_from_dict(f, f"facts[{i + 1}]") for i, f in enumerate(facts)],
        log=log_from_data(data.get("log")),
    )


def ko_from_data(data: dict[str, Any]) -> KnockoutTournament:
    """Read the tournament from file data; the facts must replay without a misfit."""
    t = ko_read(data)
    try:
        t.state()
    except RuleError as err:
        raise ff.misfit(err) from None
    return t
