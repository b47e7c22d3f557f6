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
from tafelrunde.sim.tour_model import TimeModel, hours_minutes
from tafelrunde.sim.tournament import TournamentSim, simulate_tournament

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
def _progress(
    show: bool, games: int, lang: str, what: tuple[str, str] = ("Spiele", "games")
) -> Iterator[Callable[[int], None] | None]:
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
        task = bar.add_task(t(lang, *what), total=games)
        yield lambda n: bar.advance(task, n)


def simulate(args: argparse.Namespace, out: Console) -> int:
    """Simulate Schocken games with bots and print the statistics (or a whole tournament)."""
    if args.what == "tournament":
        return simulate_tournament_cmd(args, out)
    players = _whole(args.players or "4", "players", "Spielerzahl", "the number of players")
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


# -- simulate tournament ------------------------------------------------------------------

LARGE_TOURNAMENT = 500  # players times runs from which a bar shows even off a terminal


def _number(text: str | None, field: str, de: str, en: str) -> float | None:
    """Read a number the user typed (None when not given), or refuse it in his language."""
    if text is None:
        return None
    try:
        return float(str(text).strip().replace(",", "."))
    except ValueError:
        raise RuleError(
            f"{de} muss eine Zahl sein, nicht {text!r}",
            f"{en} must be a number, not {text!r}",
            field=field,
        ) from None


def _time_model(args: argparse.Namespace) -> TimeModel:
    """Build the time model from the defaults and the options given."""
    given = {
        "round_seconds": _number(
            args.round_seconds, "round_seconds", "--round-seconds", "--round-seconds"
        ),
        "between_games_seconds": _number(
            args.between_seconds, "between_seconds", "--between-seconds", "--between-seconds"
        ),
        "table_seconds": _number(
            args.table_seconds, "table_seconds", "--table-seconds", "--table-seconds"
        ),
        "game_minutes": _number(
            args.game_minutes, "game_minutes", "--game-minutes", "--game-minutes"
        ),
    }
    return TimeModel(**{k: v for k, v in given.items() if v is not None})


def simulate_tournament_cmd(args: argparse.Namespace, out: Console) -> int:
    """Simulate whole tournaments of a preset and print duration, tables and waits."""
    if not args.preset:
        raise RuleError(
            "Bitte eine Vorlage angeben: --preset NAME.",
            "Give a preset: --preset NAME.",
            field="preset",
        )
    if args.players is None:
        raise RuleError(
            "Bitte die Spielerzahl angeben: --players N.",
            "Give the number of players: --players N.",
            field="players",
        )
    players = _whole(args.players, "players", "Spielerzahl", "the number of players")
    runs = _whole(args.runs, "runs", "Die Zahl der Läufe", "the number of runs")
    seed = (
        secrets.randbelow(2**31)
        if args.seed is None
        else _whole(args.seed, "seed", "Seed", "the seed")
    )
    model = _time_model(args)
    engine = "fast" if args.fast else "exact"
    err = Console(stderr=True)
    show = err.is_terminal or players * runs >= LARGE_TOURNAMENT
    with _progress(show, players * runs, args.lang, ("Plätze", "places")) as progress:
        sim = simulate_tournament(
            preset=args.preset,
            players=players,
            seed=seed,
            runs=runs,
            model=model,
            engine=engine,
            progress=progress,
        )
    if args.json:
        print(json.dumps(sim.to_json(), ensure_ascii=False))
    else:
        _print_tournament(sim, out, args.lang)
    return 0


def _print_tournament(sim: TournamentSim, out: Console, lang: str) -> None:
    """Print the figures of the runs: one value, or min / median / max over the runs."""
    name = sim.name if lang == "de" else sim.name_en
    table = RichTable(title=t(lang, "Turnier-Simulation", "Tournament simulation") + f": {name}")
    table.add_column(t(lang, "Größe", "Figure"))
    table.add_column(t(lang, "Wert", "Value") if len(sim.runs) == 1 else "min / median / max")

    def spread(figure: str, clock: bool = False) -> str:
        s = sim.spread(figure)
        show = hours_minutes if clock else (lambda v: f"{v:.0f}")
        values = [s.low] if len(sim.runs) == 1 else [s.low, s.median, s.high]
        return " / ".join(show(v) for v in values)

    seeds = str(sim.seed) if len(sim.runs) == 1 else f"{sim.seed}–{sim.seed + len(sim.runs) - 1}"
    first = sim.runs[0]
    rows = [
        (
            t(lang, "Vorlage", "preset"),
            f"{sim.preset} ({t(lang, 'Format', 'format')} {sim.format})",
        ),
        (t(lang, "Spieler", "players"), str(sim.players)),
        (t(lang, "Läufe (Seeds)", "runs (seeds)"), f"{len(sim.runs)} ({seeds})"),
        (t(lang, "Dauer (hh:mm)", "duration (hh:mm)"), spread("duration", clock=True)),
        (t(lang, "Tische gleichzeitig (max.)", "tables at once (max)"), spread("tables_max")),
        (t(lang, "Tische insgesamt", "tables in total"), spread("tables_total")),
        (
            t(lang, "längste Wartezeit auf einen Tisch", "longest wait for a table"),
            spread("longest_wait", clock=True),
        ),
        (t(lang, "Spiele", "games played"), spread("games")),
        (t(lang, "Sieger (1. Lauf)", "winner (first run)"), first.ranking[0]),
    ]
    for label, value in rows:
        table.add_row(label, value)
    out.print(table)
    m = sim.model
    if sim.format == "D":
        how = t(lang, "Schocken-Bots, ", "Schocken bots, ") + (
            t(lang, "schneller Weg", "fast path")
            if sim.engine == "fast"
            else t(lang, "exakte Engine", "exact engine")
        )
        times = t(
            lang,
            f"{m.round_seconds:g} s je Wurfrunde, {m.between_games_seconds:g} s zwischen Spielen",
            f"{m.round_seconds:g} s per round of throws, "
            f"{m.between_games_seconds:g} s between games",
        )
    else:
        how = t(lang, "Zufallsergebnisse", "random results")
        minutes = m.minutes_of(sim.format)
        times = t(
            lang,
            f"{minutes:g} min je Partie (± {m.jitter:.0%}), "
            f"{m.between_games_seconds:g} s zwischen Partien",
            f"{minutes:g} min per game (± {m.jitter:.0%}), "
            f"{m.between_games_seconds:g} s between games",
        )
    table_time = t(
        lang, f"{m.table_seconds:g} s je Tischbildung", f"{m.table_seconds:g} s to form a table"
    )
    out.print(
        t(lang, "Zeitmodell", "time model")
        + f": {how}; {times}; {table_time}; "
        + t(lang, f"Rechenzeit {sim.seconds:.1f} s", f"computed in {sim.seconds:.1f} s")
    )
