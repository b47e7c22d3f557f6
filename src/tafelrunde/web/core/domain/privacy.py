"""What the public sees of who did what: the role, never an organiser's login name."""

from __future__ import annotations

from typing import Any


def without_names(data: dict[str, Any], role: str) -> dict[str, Any]:
    """The data of a tournament file with every `by` (facts, log) replaced by the role."""
    out = dict(data)
    for key in ("facts", "log"):
        if isinstance(data.get(key), list):
            out[key] = [_anonymous(item, role) for item in data[key]]
    return out


def _anonymous(item: Any, role: str) -> Any:
    """One fact or log line with its author as the role (an empty author stays empty)."""
    if isinstance(item, dict) and item.get("by"):
        return item | {"by": role}
    return item


def shown_author(name: str, role: str, *, organiser: bool) -> str:
    """Who made an entry, as a page shows it: the name to organisers, the role to others."""
    return name if organiser or not name else role
