"""The `simulate` command: let bots play many Schocken games and show the statistics."""

from __future__ import annotations

import argparse
import json
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table as RichTable

from tafelrunde.cli.views import t
from tafelrunde.engine.errors import RuleError
from tafelrunde.schocken.hands import Kind
from tafelrunde.sim.schocken_exact import BOTS, simulate_exact
from tafelrunde.sim.schocken_fast import simulate_fast
from tafelrunde.sim.schocken_stats import KINDS_HIGH_FIRST, ClassCounts, SchockenStats, Spread

# games from which a bar shows even off a terminal (runs of a few seconds or more)
LARGE_RUN = {"exact": 200, "fast": 20_000}

_KIND_NAMES = {
    Kind.SCHOCK_OUT: ("Schock aus", "Schock out"),
    Kind.SCHOCK: ("Schock x", "Schock x"),
    Kind.GENERAL: ("General", "General"),
    Kind.STRAIGHT: ("Straße", "Straight"),
    Kind.HOUSE_NUMBER: ("Hausnummer", "House number"),
}


def _whole(text: str | None, field: str, de: str, en: str) -> int:
    """Read a whole number the user typed, or refuse it in his language."""
    try:
        return int(str(text).strip())
    except ValueError:
        raise RuleError(
            f"{de} muss eine ganze Zahl sein, nicht {text!r}",
            f"{en} must be a whole number, not {text!r}",
            field=field,
        ) from None


@contextmanager
def _progress(show: bool, games: int, lang: str) -> Iterator[Callable[[int], None] | None]:
    """Show a progress bar on stderr while the games run (never on stdout)."""
    if not show:
        yield None
        return
    bar = Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    with bar:
        task = bar.add_task(t(lang, "Spiele", "games"), total=games)
        yield lambda n: bar.advance(task, n)


def simulate(args: argparse.Namespace, out: Console) -> int:
    """Simulate Schocken games with bots and print the statistics."""
    players = _whole(args.players, "players", "Spielerzahl", "the number of players")
    games = _whole(args.games, "games", "Spielzahl", "the number of games")
    seed = (
        secrets.randbelow(2**31)
        if args.seed is None
        else _whole(args.seed, "seed", "Seed", "the seed")
    )
    if args.bot not in BOTS:
        raise RuleError(
            f"unbekannter Bot {args.bot!r} (threshold oder odds)",
            f"unknown bot {args.bot!r} (threshold or odds)",
            field="bot",
        )
    if args.fast and args.bot != "threshold":
        raise RuleError(
            "der schnelle Weg spielt nur den threshold-Bot",
            "the fast path only plays the threshold bot",
            field="bot",
        )
    engine = "fast" if args.fast else "exact"
    err = Console(stderr=True)
    show = err.is_terminal or games >= LARGE_RUN[engine]
    with _progress(show, games, args.lang) as progress:
        if args.fast:
            stats = simulate_fast(players=players, games=games, seed=seed, progress=progress)
        else:
            stats = simulate_exact(
                players=players, games=games, seed=seed, bot=args.bot, progress=progress
            )
    if args.json:
        print(json.dumps(stats.to_json(), ensure_ascii=False))
    else:
        _print(stats, out, args.lang)
    return 0


def _spread(s: Spread) -> str:
    return f"{s.mean:.2f} ± {s.sd:.2f} ({s.low}–{s.high})"


def _print(stats: SchockenStats, out: Console, lang: str) -> None:
    """Print the statistics as two tables: the games, then the hands by kind."""
    how = (
        t(lang, "schneller Weg", "fast path")
        if stats.engine == "fast"
        else t(lang, "exakte Engine", "exact engine")
    )
    table = RichTable(
        title=t(lang, "Schocken-Simulation", "Schocken simulation") + f" ({how}, Bot {stats.bot})"
    )
    table.add_column(t(lang, "Größe", "Figure"))
    table.add_column(t(lang, "Wert", "Value"), justify="right")
    rows = [
        (t(lang, "Spieler am Tisch", "players at the table"), str(stats.players)),
        (t(lang, "Spiele", "games"), str(stats.games)),
        ("Seed", str(stats.seed)),
        (t(lang, "Spiele pro Sekunde", "games per second"), f"{stats.games_per_second:,.0f}"),
        (t(lang, "Hälften", "halves"), str(stats.halves)),
        (t(lang, "Runden pro Hälfte", "rounds per half"), _spread(stats.rounds_per_half)),
        (t(lang, "Runden pro Spiel", "rounds per game"), _spread(stats.rounds_per_game)),
        (
            t(lang, "Pitsch Patsch (beide Hälften verloren)", "whitewashes (lost both halves)"),
            f"{stats.whitewashes} ({stats.whitewash_share:.1%})",
        ),
        (t(lang, "Finale", "deciders"), f"{stats.deciders} ({stats.decider_share:.1%})"),
        (
            t(lang, "bewegte Deckel (pro Spiel)", "lids moved (per game)"),
            f"{stats.lids_moved} ({stats.lids_moved / stats.games:.1f})",
        ),
        (
            t(lang, "verlorene Spiele je Platz", "games lost by seat"),
            ", ".join(str(n) for n in stats.losses),
        ),
    ]
    for name, value in rows:
        table.add_row(name, value)
    out.print(table)
    out.print(_kinds_table(stats.hands, stats.throws, lang))


def _kinds_table(hands: ClassCounts, throws: ClassCounts, lang: str) -> RichTable:
    """Show hands kept and throws of three dice by kind, counts and shares."""
    table = RichTable(title=t(lang, "Hände nach Art", "hands by kind"))
    table.add_column(t(lang, "Art", "Kind"))
    table.add_column(t(lang, "gezeigte Hände", "hands shown"), justify="right")
    table.add_column(t(lang, "Anteil", "share"), justify="right")
    table.add_column(t(lang, "Würfe mit 3 Würfeln", "throws of 3 dice"), justify="right")
    table.add_column(t(lang, "Anteil", "share"), justify="right")
    for kind in KINDS_HIGH_FIRST:
        de, en = _KIND_NAMES[kind]
        table.add_row(
            t(lang, de, en),
            str(hands.of_kind(kind)),
            f"{hands.kind_share(kind):.2%}",
            str(throws.of_kind(kind)),
            f"{throws.kind_share(kind):.2%}",
        )
    table.add_row(t(lang, "zusammen", "total"), str(hands.total), "", str(throws.total), "")
    return table
