"""One description of every ruleset parameter: its kind, bounds, place in the file and rule text."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from operator import attrgetter
from typing import Any

from tafelrunde.engine.numbers import Num
from tafelrunde.engine.rule_keys import LEVELS, Kind, Level, RuleKey, key, replaced
from tafelrunde.i18n import Message, Text

TABLE_SIZES = tuple(range(2, 9))  # every table size a ruleset may name (limits.MAX_TABLE_SIZE)


@dataclass(frozen=True)
class Param:
    """One parameter: where it lives in the file, what it holds now and what it means."""

    path: tuple[str, ...]  # its keys below the section: ("scoring", "rounding", "step")
    kind: Kind
    label: Message
    rule: Message  # the rule text shown beside the field
    value: Any  # the value in force (None: not set)
    stage: int | None = None  # formats A–C: the stage's index (0-based); None: the top level
    low: Num | Decimal | None = None
    high: Num | Decimal | None = None
    optional: bool = False  # may stay empty: the file then leaves the key out
    options: tuple[tuple[str, Text], ...] = ()  # a choice's or criterion's values and labels
    slots: int = 0  # criteria: how many places the form offers
    joined: bool = False  # a choice the file writes as a list (the choice's words, comma-joined)
    replaces: tuple[tuple[str, ...], ...] = ()  # older keys the file loses when this is written

    @property
    def name(self) -> str:
        """The form's name of the field: 's2.scoring.points' (stage 2) or 'registration.start'."""
        key = ".".join(self.path)
        return f"s{self.stage + 1}.{key}" if self.stage is not None else key

    @property
    def where(self) -> str:
        """The entry as the ruleset's messages name it: 'stages[2].scoring.points'."""
        key = ".".join(self.path)
        return f"stages[{self.stage + 1}].{key}" if self.stage is not None else key


def declared(level: Level, dotted: str, value: Any, stage: int | None, **over: Any) -> Param:
    """The form's field of a declared key ('scoring.tie'), with the value in force.

    `over` replaces what the form shows differently from the file (a rule text made from
    the current rules, the table sizes on show, the criteria on offer).
    """
    k: RuleKey = key(level, dotted)
    made = Param(
        path=k.path, kind=k.kind, label=k.label, rule=k.rule, value=value, stage=stage,
        low=k.low, high=k.high, optional=k.optional, options=k.options, joined=k.joined,
        replaces=tuple(old.path for old in replaced(level, dotted)),
    )  # fmt: skip
    return replace(made, **over) if over else made


def group_params(
    level: Level,
    group: str,
    rules: Any,
    stage: int | None = None,
    over: Mapping[str, Mapping[str, Any]] | None = None,
    omit: Collection[str] = (),
) -> tuple[Param, ...]:
    """The form's fields of a declared group, each with its value in force on the rules.

    `over` gives a key's field what the declaration cannot know (its value as the form
    shows it, the table sizes on show, the criteria on offer); `omit` leaves keys out.
    """
    out = []
    for k in LEVELS[level]:
        if k.group == group and k.dotted not in omit:
            extra = dict((over or {}).get(k.dotted, {}))
            value = extra.pop("value") if "value" in extra else attrgetter(k.field)(rules)
            out.append(declared(level, k.dotted, value, stage, **extra))
    return tuple(out)


@dataclass(frozen=True)
class Group:
    """Parameters that belong together, with the rule lines they make now."""

    title: Message
    lines: tuple[Text, ...]
    params: tuple[Param, ...]


@dataclass(frozen=True)
class Section:
    """The whole ruleset's parameters, or one stage's."""

    key: str  # 'general' or 's1', 's2', …
    title: Text
    groups: tuple[Group, ...]

    def params(self) -> list[Param]:
        """Every parameter of the section, in order."""
        return [p for g in self.groups for p in g.params]
