"""Reading player lists, rulesets and tournament files, writing tournament files atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.knockout import KnockoutTournament
from tafelrunde.engine.limits import labelled
from tafelrunde.engine.tournament_file import dumps_any, loads, loads_any
from tafelrunde.i18n import msg
from tafelrunde.presets import AnyRules, load_rules


def read_text(path: Path, what: str) -> str:
    """Read a text file or refuse with a clear message."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise RuleError(
            msg("{what} '{path}' does not exist.", what=what, path=str(path)), field=str(path)
        ) from None
    except (OSError, UnicodeDecodeError) as err:
        raise RuleError(
            msg(
                "cannot read {what} '{path}': {reason}", what=what, path=str(path), reason=str(err)
            ),
            field=str(path),
        ) from None


def rules_of(value: str, option: str) -> AnyRules:
    """The rules an option names: a shipped preset or a ruleset file of any format (A–D), read
    as `create` reads them; a refusal names the option (and the entry of the file it is about)."""
    try:
        return load_rules(value)
    except RuleError as err:
        inner = err.field or ""
        if inner in ("", "ruleset", Path(value).name):  # the file itself: missing, unreadable
            raise err.with_field(option) from None
        raise RuleError(labelled(err.msg, inner), field=option) from None


def load_tournament(path: Path) -> Tournament:
    """Read a tournament file."""
    return loads(read_text(path, "Turnierdatei"), origin=path.name)


def load_any(path: Path) -> Tournament | KnockoutTournament:
    """Read a tournament file of any format."""
    return loads_any(read_text(path, "Turnierdatei"), origin=path.name)


def save_tournament(t: Tournament | KnockoutTournament, path: Path) -> None:
    """Write the tournament file atomically: the old file stays whole until the new one is."""
    text = dumps_any(t)
    folder = path.resolve().parent
    fd, tmp = tempfile.mkstemp(prefix=".tafelrunde-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
