"""A tournament's log: who did what and when, in words; it travels with the tournament file."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tafelrunde.engine import file_fields as ff
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import (
    LONG_TEXT_LENGTH,
    MAX_FACT_NUMBER,
    MAX_LOG_LINES,
    MAX_SEED,
    NAME_LENGTH,
    checked_count,
)
from tafelrunde.errors import is_pair, pair
from tafelrunde.i18n import Message, msg

MAX_PARAMS = 20
MAX_DEPTH = 3


@dataclass(frozen=True)
class LogLine:
    """One line of the log: when (ISO text), by whom, what happened (a message), which fact."""

    at: str
    by: str
    message: Message
    fact: int | None = None


def message_data(m: Message) -> dict[str, Any]:
    """A message as file or database data: its id, parameters and plural."""
    data: dict[str, Any] = {
        "id": m.id,
        "params": {
            k: message_data(v) if isinstance(v, Message) else v if isinstance(v, int) else str(v)
            for k, v in m.params.items()
        },
    }
    if m.plural is not None:
        data |= {"plural": m.plural, "count": m.count}
    return data


def message_from_data(raw: Any, where: str, depth: int = 0) -> Message:
    """Read a message kept as data (bounded: length, parameters, nesting)."""
    if not isinstance(raw, dict) or depth > MAX_DEPTH:
        raise RuleError(msg("must be a message."), field=where)
    params = raw.get("params", {})
    if not isinstance(params, dict) or len(params) > MAX_PARAMS:
        raise RuleError(msg("must be a message."), field=where)
    values: dict[str, Any] = {}
    for key, value in params.items():
        if not isinstance(key, str) or not key.isidentifier() or len(key) > NAME_LENGTH:
            raise RuleError(msg("must be a message."), field=where)
        if isinstance(value, dict):
            values[key] = message_from_data(value, where, depth + 1)
        elif isinstance(value, int) and not isinstance(value, bool):
            values[key] = ff.whole_value(value, where=where, high=MAX_SEED)  # a seed at most
        else:
            values[key] = ff.text({"v": value}, "v", where=where, length=LONG_TEXT_LENGTH)
    plural, count = None, None
    if "plural" in raw:
        plural = ff.text(raw, "plural", where=where, length=LONG_TEXT_LENGTH)
        count = ff.whole(raw, "count", where=where, low=0, high=MAX_FACT_NUMBER)
    ident = ff.text(raw, "id", where=where, length=LONG_TEXT_LENGTH)
    try:
        Message(ident, values, plural, count).text("en")  # every placeholder has its value
    except (KeyError, IndexError, ValueError, AttributeError):
        raise RuleError(msg("must be a message."), field=where) from None
    return Message(ident, values, plural, count)


def log_from_data(raw: Any) -> list[LogLine]:
    """Read the log of a tournament file (absent: empty)."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise RuleError(msg("must be a list."), field="log")
    checked_count(len(raw), limit=MAX_LOG_LINES, field="log", what=msg("lines"))
    lines = []
    for i, d in enumerate(raw):
        where = f"log[{i + 1}]"
        if isinstance(d, dict) and "message" in d:
            said = message_from_data(d["message"], where)
        else:  # written before messages had ids: the German and the English text
            de = ff.text(d, "de", where=where, length=LONG_TEXT_LENGTH)
            said = pair(de, ff.text(d, "en", where=where, length=LONG_TEXT_LENGTH))
        lines.append(
            LogLine(
                at=ff.text(d, "at", where=where, length=40),
                by=ff.text(d, "by", where=where, default=""),
                message=said,
                fact=ff.whole(d, "fact", where=where, low=1, high=MAX_FACT_NUMBER, default=None),
            )
        )
    return lines


def log_to_data(lines: list[LogLine]) -> list[dict[str, Any]]:
    """Write the log as file data."""
    return [
        {"at": x.at, "by": x.by}
        | _said(x.message)
        | ({"fact": x.fact} if x.fact is not None else {})
        for x in lines
    ]


def _said(m: Message) -> dict[str, Any]:
    """A message as file data; one kept as two texts stays two texts."""
    if is_pair(m):
        return {"de": m.text("de"), "en": m.text("en")}
    return {"message": message_data(m)}
