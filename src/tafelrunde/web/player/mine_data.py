"""What a player's pass shows ("Mein Platz") of one tournament."""

from __future__ import annotations

from dataclasses import dataclass, field

from tafelrunde.engine.seat_list import SeatRow


@dataclass
class Mine:
    """Everything "Mein Platz" shows of one player in one tournament."""

    row: SeatRow | None
    table_url: str = ""
    todo: list[str] = field(default_factory=list)  # what to do now, most urgent first
    results: list[dict[str, str]] = field(default_factory=list)
    standing: str = ""
    facts: list[tuple[str, str]] = field(default_factory=list)  # format D: chips, lives …
    heading: str = ""  # the stage and game shown ("Vorrunde · Durchgang 2")
    scored: bool = True  # the format has results per game to list (not format D)
    standing_note: str = ""  # why no standing is shown yet
    mates: list[str] = field(default_factory=list)  # who else sits at my table, in seat order
    over: bool = False  # the tournament is over: no table to go to, nothing to wait for
