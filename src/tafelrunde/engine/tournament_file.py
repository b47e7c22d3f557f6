"""The tournament file: a documented JSON text holding the ruleset, players and facts."""

from __future__ import annotations

import json
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import family_of
from tafelrunde.engine.family_engine import engine, engine_of
from tafelrunde.engine.file_fields import misfit
from tafelrunde.engine.groups.facts import (
    Tournament,
)
from tafelrunde.engine.groups.file import group_tournament
from tafelrunde.engine.knockout.ko_file import KnockoutTournament
from tafelrunde.engine.limits import (
    MAX_FILE_BYTES,
    checked_size,
    checked_tree,
    labelled,
)
from tafelrunde.i18n import Text, msg

FORMAT = "tafelrunde-tournament"
VERSION = 1


def dumps(t: Tournament) -> str:
    """Write the tournament file."""
    return dumps_any(t)


def _checked(data: Any, origin: str) -> None:
    """Check a tournament file's format and version."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise damaged(origin, "format")
    if data.get("version") != VERSION:
        version = str(data.get("version"))[:20]
        raise RuleError(
            msg("{origin}: version {version} is not supported.", origin=origin, version=version),
            field="version",
        )


def loads_any(text: str, *, origin: str = "Turnierdatei") -> Tournament | KnockoutTournament:
    """Read and replay a tournament file of any format; a misfit is refused with one message."""
    checked_size(len(text.encode("utf-8", "surrogatepass")), limit=MAX_FILE_BYTES, field="file")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as err:
        raise damaged(origin, repr(err)[:200]) from None
    return from_data(data, origin=origin)


def _no_constant(word: str) -> Any:
    """Refuse NaN and Infinity, which JSON does not know."""
    raise ValueError(word)


def from_data(
    data: Any, *, origin: str = "Turnierdatei", replay: bool = True
) -> Tournament | KnockoutTournament:
    """Build a tournament of any format from file data (as JSON gives it); refuse a misfit.

    Every fact is replayed; only data this program stored itself may skip the checks of
    the whole and the replay of format A–C (`replay=False`), which the caller's state then
    does anyway.
    """
    _checked(data, origin)
    try:
        if replay:  # data from outside; what this program stored was checked when it was
            checked_tree(data, field="file")
        if not isinstance(data.get("ruleset"), dict):
            raise RuleError(msg("is missing."), field="ruleset")
        tour = engine(family_of(data["ruleset"])).read_tournament(data)
    except RuleError as err:
        raise damaged(origin, labelled(err.msg, err.field or "")) from None
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as err:
        raise damaged(origin, repr(err)[:200]) from None
    try:
        engine_of(tour).replay(tour, replay)
    except RuleError as err:
        raise misfit(err) from None
    return tour


def damaged(origin: str, reason: Text) -> RuleError:
    """The refusal of a file that cannot be read, naming where it is damaged."""
    said = msg(
        "{origin} is damaged or not a Tafelrunde tournament file ({reason}).",
        origin=origin,
        reason=reason,
    )
    return RuleError(said, field="file")


def loads(text: str, *, origin: str = "Turnierdatei") -> Tournament:
    """Read the tournament file of a format A–C tournament."""
    return group_tournament(loads_any(text, origin=origin), origin)


def to_data(t: Tournament | KnockoutTournament) -> dict[str, Any]:
    """Return the tournament file's data of any format (what JSON writes)."""
    return {"format": FORMAT, "version": VERSION, **engine_of(t).tournament_data(t)}


def dumps_any(t: Tournament | KnockoutTournament) -> str:
    """Write the tournament file of any format."""
    return json.dumps(to_data(t), ensure_ascii=False, indent=1) + "\n"
