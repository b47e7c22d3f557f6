"""Write what the form changed into the ruleset file, check it, and find each refusal's field.

Only the parameters whose value changed are written, so an unchanged form leaves the file
exactly as it was. A stage's parameter is written into that stage; a value the stage only
inherits from `[defaults]` and that must go (an emptied field, a factor table) is first
moved from the defaults into every stage, so the other stages keep what they had.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Sequence
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.key_reader import whole_table, with_defaults
from tafelrunde.engine.ruleform.params import Param
from tafelrunde.engine.ruleform.values import ABSENT, Reading
from tafelrunde.i18n import Message, msg

Readings = Sequence[tuple[Param, Reading]]
Check = Callable[[dict[str, Any]], object]  # refuses a ruleset file with RuleError


def _has(d: Any, path: tuple[str, ...]) -> bool:
    """Say whether the nested tables hold a key at this path."""
    for key in path:
        if not isinstance(d, dict) or key not in d:
            return False
        d = d[key]
    return True


def _get(d: Any, path: tuple[str, ...]) -> Any:
    """The value at a path (which is there)."""
    for key in path:
        d = d[key]
    return d


def _put(d: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    """Set the value at a path (ABSENT: remove it, and tables left empty by that)."""
    if value is ABSENT:
        if _has(d, path):
            parents = [d]
            for key in path[:-1]:
                parents.append(parents[-1][key])
            del parents[-1][path[-1]]
            for parent, key in zip(reversed(parents[:-1]), reversed(path[:-1]), strict=True):
                if parent[key] == {}:
                    del parent[key]
        return
    for key in path[:-1]:
        if not isinstance(d.get(key), dict):
            d[key] = {}
        d = d[key]
    d[path[-1]] = copy.deepcopy(value)


def _push_down(source: dict[str, Any], path: tuple[str, ...]) -> None:
    """Move a value from `[defaults]` into every stage, as each stage has it in force."""
    defaults = source.get("defaults")
    if not isinstance(defaults, dict) or not _has(defaults, path):
        return
    default = _get(defaults, path)
    for stage in source.get("stages", []):
        own = _get(stage, path) if _has(stage, path) else None
        if own is None:
            _put(stage, path, default)
        elif isinstance(default, dict) and isinstance(own, dict) and not whole_table(path):
            _put(stage, path, with_defaults(default, own, path))
    _put(defaults, path, ABSENT)


def place(source: dict[str, Any], param: Param, entry: Any) -> None:
    """Write one parameter's file entry (ABSENT: leave it out) where it belongs."""
    if param.stage is None:
        _put(source, param.path, entry)
        return
    if entry is ABSENT or param.kind == "factors":  # a default would shine through
        _push_down(source, param.path)
    stage = source["stages"][param.stage]
    for old in param.replaces if entry is not ABSENT else ():  # the new key stands for these
        _push_down(source, old)
        _put(stage, old, ABSENT)
    _put(stage, param.path, entry)


def changed_source(source: dict[str, Any], readings: Readings) -> dict[str, Any]:
    """The ruleset file with every changed parameter written in (the rest as it was)."""
    out = copy.deepcopy(source)
    for param, reading in readings:
        if reading.changes(param):
            place(out, param, reading.entry)
    return out


def _within(inner: str, outer: str) -> bool:
    """Say whether an entry's path lies within (or is) another's."""
    return inner == outer or inner.startswith((outer + ".", outer + "["))


def _head(path: str) -> str:
    """The first key of an entry's path ('stages' of 'stages[2].games')."""
    return re.split(r"[.\[]", path, maxsplit=1)[0]


def param_at(field: str | None, params: Sequence[Param]) -> Param | None:
    """The parameter a refusal's field names (the closest one), or None.

    A field may start with the file's name ('Regelwerk.stages[3].name', from the checks
    every file passes): that is left out.
    """
    if not field:
        return None
    if _head(field) not in {_head(p.where) for p in params}:
        field = field.partition(".")[2]
        if not field:
            return None
    holding = [p for p in params if _within(field, p.where)]
    if holding:
        return max(holding, key=lambda p: len(p.where))
    return next((p for p in params if _within(p.where, field)), None)


def part_at(field: str | None, param: Param) -> Message | None:
    """Which row or cell of a table-size parameter a refusal's field names ('4-table, place 2')."""
    if param.kind not in ("points", "losers", "factors") or not field:
        return None
    found = re.search(re.escape(param.where) + r"\.([0-9]{1,2})(?:\[([0-9]{1,2})\])?$", field)
    if found is None:
        return None
    size, place = found.groups()
    if place and param.kind == "losers":
        return msg("{size}-table, roll-off for place {place}", size=int(size), place=int(place))
    if place:
        return msg("{size}-table, place {place}", size=int(size), place=int(place))
    return msg("{size}-table", size=int(size))


def refusals(
    source: dict[str, Any], readings: Readings, check: Check
) -> tuple[dict[str, Any], list[tuple[Param | None, RuleError]]]:
    """The changed file, and every refusal the ruleset gives it, each at its parameter.

    After a refusal of a changed parameter that change is left out and the rest is checked
    again, so that every mistake is found at once (with the ruleset's own messages).
    """
    params = [p for p, _ in readings]
    live = [(p, r) for p, r in readings if r.changes(p)]
    found: list[tuple[Param | None, RuleError]] = []
    changed = changed_source(source, live)
    while live:
        try:
            check(changed_source(source, live))
        except RuleError as err:
            param = param_at(err.field, params)
            found.append((param, err))
            rest = [(p, r) for p, r in live if p is not param]
            if param is None or len(rest) == len(live):
                break
            live = rest
        else:
            break
    return changed, found
