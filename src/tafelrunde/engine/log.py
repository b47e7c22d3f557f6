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
    checked_count,
)


@dataclass(frozen=True)
class LogLine:
    """One line of the log: when (ISO text), by whom, what in German and English, which fact."""

    at: str
    by: str
    de: str
    en: str
    fact: int | None = None


def log_from_data(raw: Any) -> list[LogLine]:
    """Read the log of a tournament file (absent: empty)."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise RuleError("muss eine Liste sein.", "must be a list.", field="log")
    checked_count(len(raw), limit=MAX_LOG_LINES, field="log", de="Zeilen", en="lines")
    lines = []
    for i, d in enumerate(raw):
        where = f"log[{i + 1}]"
        lines.append(
            LogLine(
                at=ff.text(d, "at", where=where, length=40),
                by=ff.text(d, "by", where=where, default=""),
                de=ff.text(d, "de", where=where, length=LONG_TEXT_LENGTH),
                en=ff.text(d, "en", where=where, length=LONG_TEXT_LENGTH),
                fact=ff.whole(d, "fact", where=where, low=1, high=MAX_FACT_NUMBER, default=None),
            )
        )
    return lines


def log_to_data(lines: list[LogLine]) -> list[dict[str, Any]]:
    """Write the log as file data."""
    return [
        {"at": x.at, "by": x.by, "de": x.de, "en": x.en}
        | ({"fact": x.fact} if x.fact is not None else {})
        for x in lines
    ]
