"""Turn a fact's time (seconds or ISO text) into seconds; the engine never reads a clock."""

from __future__ import annotations

from datetime import date, datetime, time

from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import msg

At = int | float | str
DAY = 86_400


def _bad(at: object, field: str) -> RuleError:
    """Build the error for a value that is no time."""
    return RuleError(
        msg("'{at}' is not a time (seconds or ISO text such as 17:05 or 2026-11-21T17:05).", at=at),
        field=field,
    )


def seconds(at: At, *, field: str = "at") -> float:
    """Return a time as seconds: a number as given, ISO text from its date and time of day."""
    if isinstance(at, bool):
        raise _bad(at, field)
    if isinstance(at, int | float):
        return float(at)
    text = at.strip()
    try:
        if len(text) >= 10 and text[4] == "-":
            dt = datetime.fromisoformat(text)
            clock = dt.hour * 3600 + dt.minute * 60 + dt.second + dt.microsecond / 1e6
            return float(dt.date().toordinal() * DAY) + clock
        t = time.fromisoformat(text)
    except ValueError:
        raise _bad(at, field) from None
    return float(t.hour * 3600 + t.minute * 60 + t.second) + t.microsecond / 1e6


def time_of_day(at: At, *, field: str = "at") -> float:
    """Return the seconds since midnight of a time (a number counts from any midnight)."""
    return seconds(at, field=field) % DAY


def clock_text(secs: float) -> str:
    """Format seconds of a day as HH:MM."""
    whole = int(secs) % DAY
    return f"{whole // 3600:02d}:{whole % 3600 // 60:02d}"


def date_of(at: At) -> date | None:
    """Return the date of an ISO date-time, or None for seconds and plain times of day."""
    if isinstance(at, str) and len(at.strip()) >= 10 and at.strip()[4] == "-":
        seconds(at)
        return datetime.fromisoformat(at.strip()).date()
    return None


def is_late(at: At, deadline: float, day: date | None) -> bool:
    """Say whether a time is after the deadline (on the tournament day, when one is known)."""
    when = date_of(at)
    if day is not None and when is not None and when != day:
        return when > day
    return time_of_day(at) > deadline
