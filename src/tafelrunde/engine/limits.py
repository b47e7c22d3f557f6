"""Every bound on what a user can enter, in one place: numbers, texts, rulesets, files."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import Message, msg

# -- numbers ---------------------------------------------------------------------------
SCORE_DIGITS = 15  # a score: under 10^15, and no finer than 10^-15 (denominator ≤ 10^15)
NUMBER_TEXT = 64  # characters of a typed number (a fraction at the limits has 48)
MAX_PIPS = 999_999  # pips (Augen) of one game
MAX_SEED = 2**63 - 1  # a lot seed fits the database's 64-bit integer
MAX_FACT_NUMBER = 2**31 - 1  # a fact number fits the database's integer
MAX_WHOLE = 10**12  # any other whole number typed into a form

# -- texts -----------------------------------------------------------------------------
NAME_LENGTH = 100  # a player's name
TEXT_LENGTH = 200  # a tournament's, event's or stage's name; an author; a time stamp
LONG_TEXT_LENGTH = 10_000  # a ruleset's description or note; a log line

# -- tournaments and rulesets -----------------------------------------------------------
MAX_PLAYERS = 5_000
MAX_FACTS = 200_000
MAX_STAGES = 20
MAX_GAMES = 50  # games (Partien, Durchgänge) per stage
MAX_TABLE_SIZE = 8
MAX_HALL_TABLES = 1_000  # physical tables of a hall (format D)
MAX_CRITERIA = 20
MAX_LIVES = 10
MAX_CHIPS = 50
MAX_PRIZES = 100
MAX_MINUTES = 24 * 60
MAX_AMOUNT = Decimal(10_000)  # euros of a fee or donation (format D)
MAX_SEASON_EVENINGS = 1_000  # evenings (tournaments) of one season
MAX_EVENT_TYPES = 50  # event types a season ruleset names

# -- uploads -----------------------------------------------------------------------------
MAX_FILE_BYTES = 10 * 1024 * 1024  # a tournament file
MAX_RULESET_BYTES = 256 * 1024  # a ruleset (TOML)
MAX_LIST_BYTES = 1024 * 1024  # a player list (CSV or text)
MAX_REQUEST_BYTES = MAX_FILE_BYTES + 1024 * 1024  # the whole body of one request
MAX_DEPTH = 32  # nesting of lists and tables in a file
MAX_LOG_LINES = 1_000_000

_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)


def whole_number(
    text: str | int, *, field: str, low: int = 0, high: int = MAX_WHOLE, what: str = ""
) -> int:
    """Read a whole number written with ASCII digits (an optional sign) within [low, high]."""
    if isinstance(text, bool):
        raise _not_whole(str(text), what, field)
    if isinstance(text, int):
        value = text
    else:
        raw = text.strip()
        if len(raw) > NUMBER_TEXT or not _WHOLE.fullmatch(raw):
            raise _not_whole(text, what, field)
        value = int(raw)
    if not low <= value <= high:
        said = msg(
            "'{value}' is not between {low} and {high}.",
            value=_short(str(text)),
            low=low,
            high=high,
        )
        raise RuleError(labelled(said, what), field=field)
    return value


def labelled(message: Message, what: str) -> Message:
    """A message about one named thing (a player, a field), that name first."""
    return msg("{what}: {message}", what=what, message=message) if what else message


def _not_whole(text: str, what: str, field: str) -> RuleError:
    """The refusal of a text that is no whole number."""
    said = msg("'{value}' is not a whole number (digits 0–9 only).", value=_short(text))
    return RuleError(labelled(said, what), field=field)


def _short(text: str) -> str:
    """A typed value as quoted in a message: at most 40 characters, controls shown as �."""
    text = _BAD_IN_LINE.sub("\ufffd", text)
    return text if len(text) <= NUMBER_TEXT else text[:NUMBER_TEXT] + "…"


# control characters (Unicode category Cc), lone surrogates (Cs) and the invisible format
# characters that turn or hide text (bidirectional overrides and isolates, zero widths, the
# byte order mark, tags); texts of several lines may hold line breaks and tabs
_INVISIBLE = (
    "\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff"
    "\ufff9-\ufffb\U000e0000-\U000e007f"
)
_BAD_IN_LINE = re.compile(f"[\x00-\x1f\x7f-\x9f\ud800-\udfff{_INVISIBLE}]")
_BAD_IN_LINES = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff{_INVISIBLE}]")


def bad_character(text: str, *, lines: bool = False) -> str | None:
    """Return the first character a stored text must not hold (controls, lone surrogates)."""
    found = (_BAD_IN_LINES if lines else _BAD_IN_LINE).search(text)
    return found.group() if found else None


def checked_text(
    value: Any,
    *,
    field: str,
    length: int = TEXT_LENGTH,
    lines: bool = False,
    empty: bool = True,
    what: str = "",
) -> str:
    """Return a text within its length and without control characters, else refuse."""
    if not isinstance(value, str):
        raise RuleError(labelled(msg("must be a text."), what), field=field)
    if len(value) > length:
        said = msg(
            "'{start}…' is too long (at most {length} characters).", start=value[:30], length=length
        )
        raise RuleError(labelled(said, what), field=field)
    ch = bad_character(value, lines=lines)
    if ch is not None:
        said = msg("contains a character that is not allowed ({code}).", code=f"U+{ord(ch):04X}")
        raise RuleError(labelled(said, what), field=field)
    if not empty and not value.strip():
        raise RuleError(labelled(msg("must not be empty."), what), field=field)
    return value


def checked_name(value: Any, *, field: str = "name") -> str:
    """Return a player's name: not empty, at most NAME_LENGTH characters, one printable line."""
    return checked_text(value, field=field, length=NAME_LENGTH, empty=False).strip()


def checked_tree(data: Any, *, field: str, depth: int = 0) -> None:
    """Refuse file data that no page could hold: deep nesting, odd texts, huge or odd numbers."""
    if depth > MAX_DEPTH:
        raise RuleError(
            msg("is nested too deeply (at most {depth} levels).", depth=MAX_DEPTH), field=field
        )
    if isinstance(data, dict):
        for key, value in data.items():
            checked_text(key, field=field, length=TEXT_LENGTH)
            checked_tree(value, field=f"{field}.{key}" if depth < 3 else field, depth=depth + 1)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            checked_tree(value, field=f"{field}[{i + 1}]" if depth < 2 else field, depth=depth + 1)
    elif isinstance(data, str):
        checked_text(data, field=field, length=LONG_TEXT_LENGTH, lines=True)
    elif isinstance(data, bool) or data is None:
        return
    elif isinstance(data, int):
        if abs(data) > MAX_SEED:
            said = msg(
                "the number {number} is too large (at most {limit}).",
                number=_short(str(data)),
                limit=MAX_SEED,
            )
            raise RuleError(said, field=field)
    elif isinstance(data, float):
        if data != data or data in (float("inf"), float("-inf")):
            raise RuleError(msg("is not a number."), field=field)
    else:
        raise RuleError(
            msg("may only hold texts, numbers, lists and tables (no dates)."), field=field
        )


def checked_size(size: int, *, limit: int, field: str) -> None:
    """Refuse an upload larger than its limit, saying the limit."""
    if size > limit:
        said = msg(
            "The file is too large ({size} KB; at most {limit} KB).",
            size=size // 1024,
            limit=limit // 1024,
        )
        raise RuleError(said, field=field)


def checked_count(
    count: int,
    *,
    limit: int,
    field: str,
    what: Message,
) -> None:
    """Refuse more items of a kind (`what`, e.g. msg("players")) than the limit, saying it."""
    if count <= limit:
        return
    said = msg("Too many {what} ({count}; at most {limit}).", what=what, count=count, limit=limit)
    raise RuleError(said, field=field)
