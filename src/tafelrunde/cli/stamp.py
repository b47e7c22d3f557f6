"""When and by whom a fact is entered on this machine."""

from __future__ import annotations

import getpass
from datetime import datetime


def now() -> str:
    """Return the current local time, to the second, as recorded with each fact."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def author() -> str:
    """Return who is entering facts (the login name)."""
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "?"
