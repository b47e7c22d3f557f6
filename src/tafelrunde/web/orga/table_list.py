"""Which tables the tables page shows: a stage, a game, a page of its tables, only those still
without a result, or those of a player found by name; and the jump to one table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from tafelrunde.engine.groups.stage_state import StageState
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.frame import PER_PAGE, page_of

MAX_NAME = 60  # characters of a name search


@dataclass(frozen=True)
class Wanted:
    """What the address asks for: stage key, game, page, only open tables, a name."""

    stage: str = ""
    game: str = ""
    sheet: str = ""
    open_only: bool = False
    name: str = ""

    @classmethod
    def of(cls, query: Any, typed: Any = None) -> Wanted:
        """Read the address (or, after a refusal, the form that was sent)."""
        if typed is not None:
            game, table = typed.get("game", ""), typed.get("table", "")
            sheet = str(page_of(int(table))) if _whole(table) else ""
            return cls(typed.get("stage", ""), game, sheet)
        return cls(
            query.get("runde", "")[:40],
            query.get("partie", "")[:9],
            query.get("seite", "")[:9],
            query.get("offen") == "1",
            " ".join(query.get("name", "").split())[:MAX_NAME],
        )

    def key(self) -> str:
        """The part of the cache key this choice makes (no name: a search is not kept)."""
        return f"{self.stage}:{self.game}:{self.sheet}:{self.open_only}"

    def query(self, **changes: Any) -> str:
        """The address of this choice with some parts changed (an empty part left out)."""
        parts = {"runde": self.stage, "partie": self.game, "seite": self.sheet,
                 "offen": "1" if self.open_only else "", "name": self.name}  # fmt: skip
        parts |= {k: str(v) for k, v in changes.items()}
        return "?" + urlencode({k: v for k, v in parts.items() if v})


def _whole(text: str) -> bool:
    """Say whether a text is a small whole number written in ASCII digits."""
    return text.isascii() and text.isdigit() and len(text) <= 9


def chosen_stage(state: TournamentState, wanted: Wanted) -> StageState | None:
    """The stage asked for, else the running one."""
    for st in state.stages:
        if st.key == wanted.stage:
            return st
    return state.current


def chosen_game(st: StageState | None, wanted: Wanted) -> int:
    """The game to show: the one asked for, else the first with results missing, else the last."""
    if st is None or not st.drawn_games():
        return 0
    drawn = st.drawn_games()
    if _whole(wanted.game) and 1 <= int(wanted.game) <= drawn:
        return int(wanted.game)
    missing = sorted({g for g, _ in st.missing_results()})
    return missing[0] if missing else drawn


@dataclass(frozen=True)
class Listing:
    """The tables shown, the pages to choose from, and what a search found."""

    shown: list[int]
    sheet: int
    sheets: list[dict[str, int]]
    found: Message | None = None


def listing(state: TournamentState, st: StageState | None, game: int, wanted: Wanted) -> Listing:
    """The tables to show of a game, as the address asks."""
    count = len(st.tables(game) or ()) if st is not None and game else 0
    missing = sorted(t for g, t in st.missing_results() if g == game) if st and game else []
    if wanted.name and st is not None and count:
        needle = wanted.name.casefold()
        name = state.tournament.name_of
        hits = [i for i, seats in enumerate(st.tables(game) or (), start=1)
                if any(needle in name(p).casefold() for p in seats)]  # fmt: skip
        found: Message | None = (
            msg("No player's name contains “{name}”.", name=wanted.name)
            if not hits
            else msg(
                "Tables with “{name}”: {tables}",
                name=wanted.name,
                tables=", ".join(str(i) for i in hits[:PER_PAGE]),
            )
        )
        return Listing(hits[:PER_PAGE], 1, [], found)
    pool = missing if wanted.open_only else list(range(1, count + 1))
    pages, open_set = max(1, -(-len(pool) // PER_PAGE)), set(missing)
    sheets = [
        {"sheet": k, "first": part[0], "last": part[-1],
         "missing": sum(1 for t in part if t in open_set)}
        for k in range(1, pages + 1)
        if (part := pool[(k - 1) * PER_PAGE : k * PER_PAGE])
    ]  # fmt: skip
    if _whole(wanted.sheet) and 1 <= int(wanted.sheet) <= pages:
        sheet = int(wanted.sheet)
    elif missing and not wanted.open_only:
        sheet = page_of(missing[0])
    else:
        sheet = 1
    found = (
        msg("Every table of this game has its result.") if wanted.open_only and not pool else None
    )
    return Listing(pool[(sheet - 1) * PER_PAGE : sheet * PER_PAGE], sheet, sheets, found)


def jump(st: StageState | None, game: int, text: str) -> tuple[int, Message | None]:
    """The table a "Tisch Nr." box asks for, or why there is none."""
    count = len(st.tables(game) or ()) if st is not None and game else 0
    text = text.strip()
    if not count:
        return 0, msg("Nothing drawn yet.")
    if not _whole(text) or not 1 <= int(text) <= count:
        return 0, msg("Table no.: please enter a number from 1 to {count}.", count=count)
    return int(text), None
