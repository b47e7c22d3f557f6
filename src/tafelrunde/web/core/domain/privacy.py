"""What the public sees of who did what: the role, never an organiser's login name; a
player's entry through a table link keeps its author ('Tisch 3 · Anna'), no secret."""

from __future__ import annotations

from typing import Any

# the facts a player makes through a table link (format A–C and format D)
TABLE_TYPES = (
    "tableentered", "tableconfirmed", "rolloffentered", "rolloffconfirmed",
    "table_loser_entered", "table_loser_confirmed",
)  # fmt: skip


def without_names(data: dict[str, Any], role: str) -> dict[str, Any]:
    """The data of a tournament file with every `by` (facts, log) replaced by the role, but
    for the entries players made at their table."""
    out = dict(data)
    given = data.get("facts")
    facts: list[Any] = given if isinstance(given, list) else []
    at_table = {f.get("n"): f.get("by") for f in facts if from_a_table(f)}
    if isinstance(data.get("facts"), list):
        out["facts"] = [item if from_a_table(item) else _anonymous(item, role) for item in facts]
    if isinstance(data.get("log"), list):
        out["log"] = [
            item if _table_line(item, at_table) else _anonymous(item, role) for item in data["log"]
        ]
    return out


def from_a_table(item: Any) -> bool:
    """Say whether a fact (as file data) was made by a player through a table link."""
    return isinstance(item, dict) and item.get("type") in TABLE_TYPES and bool(item.get("player"))


def _table_line(item: Any, at_table: dict[Any, Any]) -> bool:
    """Say whether a log line tells of a table's entry, under the same author as its fact."""
    return (
        isinstance(item, dict) and item.get("fact") in at_table
        and item.get("by") == at_table[item.get("fact")]
    )  # fmt: skip


def _anonymous(item: Any, role: str) -> Any:
    """One fact or log line with its author as the role (an empty author stays empty)."""
    if isinstance(item, dict) and item.get("by"):
        return item | {"by": role}
    return item


def shown_author(name: str, role: str, *, organiser: bool) -> str:
    """Who made an entry, as a page shows it: the name to organisers, the role to others."""
    return name if organiser or not name else role
