"""Reading player lists and tournament files, writing them atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.facts import Tournament
from tafelrunde.engine.knockout import KnockoutTournament
from tafelrunde.engine.tournament_file import dumps_any, loads, loads_any
from tafelrunde.i18n import msg


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
