"""The `simulate` command: let bots play many Schocken games and show the statistics."""

from __future__ import annotations

import argparse
import json
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table as RichTable

from tafelrunde.cli.files import rules_of
from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import Message, msg
from tafelrunde.presets import preset_names
from tafelrunde.schocken.hands import Kind
from tafelrunde.sim.schocken_exact import BOTS, simulate_exact
from tafelrunde.sim.schocken_fast import simulate_fast
from tafelrunde.sim.schocken_stats import KINDS_HIGH_FIRST, ClassCounts, SchockenStats, Spread
from tafelrunde.sim.tour_model import TimeModel, hours_minutes
from tafelrunde.sim.tournament import TournamentSim, simulate_tournament

# games from which a bar shows even off a terminal (runs of a few seconds or more)
LARGE_RUN = {"exact": 200, "fast": 20_000}

_KIND_NAMES = {
    Kind.SCHOCK_OUT: msg("Schock out"),
    Kind.SCHOCK: msg("Schock x"),
    Kind.GENERAL: msg("General"),
    Kind.STRAIGHT: msg("Straight"),
    Kind.HOUSE_NUMBER: msg("House number"),
}


def _whole(text: str | None, field: str, what: Message) -> int:
    """Read a whole number the user typed, or refuse it in his language."""
    try:
        return int(str(text).strip())
    except ValueError:
        raise RuleError(
            msg("{what} must be a whole number, not {text!r}", what=what, text=text),
            field=field,
        ) from None


@contextmanager
def _progress(
    show: bool, games: int, lang: str, what: Message | None = None
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
        task = bar.add_task((what or msg("games")).text(lang), total=games)
        yield lambda n: bar.advance(task, n)


def simulate(args: argparse.Namespace, out: Console) -> int:
    """Simulate Schocken games with bots and print the statistics (or a whole tournament)."""
    if args.what == "tournament":
        return simulate_tournament_cmd(args, out)
    players = _whole(args.players or "4", "players", msg("the number of players"))
    games = _whole(args.games, "games", msg("the number of games"))
    seed = (
        secrets.randbelow(2**31)
        if args.seed is None
        else _whole(args.seed, "seed", msg("the seed"))
    )
    if args.bot not in BOTS:
        raise RuleError(
            msg("unknown bot {bot!r} (threshold or odds)", bot=args.bot),
            field="bot",
        )
    if args.fast and args.bot != "threshold":
        raise RuleError(
            msg("the fast path only plays the threshold bot"),
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
    how = msg("fast path") if stats.engine == "fast" else msg("exact engine")
    title = msg("Schocken simulation ({how}, Bot {bot})", how=how, bot=stats.bot)
    table = RichTable(title=title.text(lang))
    table.add_column(msg("Figure").text(lang))
    table.add_column(msg("Value").text(lang), justify="right")
    rows = [
        (msg("players at the table").text(lang), str(stats.players)),
        (msg("games").text(lang), str(stats.games)),
        ("Seed", str(stats.seed)),
        (msg("games per second").text(lang), f"{stats.games_per_second:,.0f}"),
        (msg("halves").text(lang), str(stats.halves)),
        (msg("rounds per half").text(lang), _spread(stats.rounds_per_half)),
        (msg("rounds per game").text(lang), _spread(stats.rounds_per_game)),
        (
            msg("whitewashes (lost both halves)").text(lang),
            f"{stats.whitewashes} ({stats.whitewash_share:.1%})",
        ),
        (msg("deciders").text(lang), f"{stats.deciders} ({stats.decider_share:.1%})"),
        (
            msg("lids moved (per game)").text(lang),
            f"{stats.lids_moved} ({stats.lids_moved / stats.games:.1f})",
        ),
        (
            msg("games lost by seat").text(lang),
            ", ".join(str(n) for n in stats.losses),
        ),
    ]
    for name, value in rows:
        table.add_row(name, value)
    out.print(table)
    out.print(_kinds_table(stats.hands, stats.throws, lang))


def _kinds_table(hands: ClassCounts, throws: ClassCounts, lang: str) -> RichTable:
    """Show hands kept and throws of three dice by kind, counts and shares."""
    table = RichTable(title=msg("hands by kind").text(lang))
    table.add_column(msg("Kind").text(lang))
    table.add_column(msg("hands shown").text(lang), justify="right")
    table.add_column(msg("share").text(lang), justify="right")
    table.add_column(msg("throws of 3 dice").text(lang), justify="right")
    table.add_column(msg("share").text(lang), justify="right")
    for kind in KINDS_HIGH_FIRST:
        table.add_row(
            _KIND_NAMES[kind].text(lang),
            str(hands.of_kind(kind)),
            f"{hands.kind_share(kind):.2%}",
            str(throws.of_kind(kind)),
            f"{throws.kind_share(kind):.2%}",
        )
    table.add_row(msg("total").text(lang), str(hands.total), "", str(throws.total), "")
    return table


# -- simulate tournament ------------------------------------------------------------------

LARGE_TOURNAMENT = 500  # players times runs from which a bar shows even off a terminal


def _number(text: str | None, field: str, option: str) -> float | None:
    """Read a number the user typed (None when not given), or refuse it in his language."""
    if text is None:
        return None
    try:
        return float(str(text).strip().replace(",", "."))
    except ValueError:
        raise RuleError(
            msg("{option} must be a number, not {text!r}", option=option, text=text),
            field=field,
        ) from None


def _time_model(args: argparse.Namespace) -> TimeModel:
    """Build the time model from the defaults and the options given."""
    given = {
        "round_seconds": _number(args.round_seconds, "round_seconds", "--round-seconds"),
        "between_games_seconds": _number(
            args.between_seconds, "between_seconds", "--between-seconds"
        ),
        "table_seconds": _number(args.table_seconds, "table_seconds", "--table-seconds"),
        "game_minutes": _number(args.game_minutes, "game_minutes", "--game-minutes"),
    }
    return TimeModel(**{k: v for k, v in given.items() if v is not None})


def simulate_tournament_cmd(args: argparse.Namespace, out: Console) -> int:
    """Simulate whole tournaments of a preset or a ruleset file and print duration, tables and
    waits."""
    if not args.preset:
        raise RuleError(
            msg("Give a preset or a ruleset file: --preset NAME or --preset FILE."),
            field="preset",
        )
    rules = rules_of(args.preset, "--preset")  # read as `create` reads it
    label = args.preset if args.preset in preset_names() else Path(args.preset).name
    if args.players is None:
        raise RuleError(
            msg("Give the number of players: --players N."),
            field="players",
        )
    players = _whole(args.players, "players", msg("the number of players"))
    runs = _whole(args.runs, "runs", msg("the number of runs"))
    tables = (
        None if args.tables is None else _whole(args.tables, "tables", msg("the number of tables"))
    )
    seed = (
        secrets.randbelow(2**31)
        if args.seed is None
        else _whole(args.seed, "seed", msg("the seed"))
    )
    model = _time_model(args)
    engine = "fast" if args.fast else "exact"
    err = Console(stderr=True)
    show = err.is_terminal or players * runs >= LARGE_TOURNAMENT
    with _progress(show, players * runs, args.lang, msg("places")) as progress:
        sim = simulate_tournament(
            preset=label,
            rules=rules,
            players=players,
            seed=seed,
            runs=runs,
            model=model,
            engine=engine,
            progress=progress,
            tables=tables,
        )
    if args.json:
        print(json.dumps(sim.to_json(), ensure_ascii=False))
    else:
        _print_tournament(sim, out, args.lang)
    return 0


def _print_tournament(sim: TournamentSim, out: Console, lang: str) -> None:
    """Print the figures of the runs: one value, or min / median / max over the runs."""
    name = sim.name if lang == "de" else sim.name_en
    table = RichTable(title=msg("Tournament simulation: {name}", name=name).text(lang))
    table.add_column(msg("Figure").text(lang))
    table.add_column(msg("Value").text(lang) if len(sim.runs) == 1 else "min / median / max")

    def spread(figure: str, clock: bool = False) -> str:
        s = sim.spread(figure)
        show = hours_minutes if clock else (lambda v: f"{v:.0f}")
        values = [s.low] if len(sim.runs) == 1 else [s.low, s.median, s.high]
        return " / ".join(show(v) for v in values)

    seeds = str(sim.seed) if len(sim.runs) == 1 else f"{sim.seed}–{sim.seed + len(sim.runs) - 1}"
    first = sim.runs[0]
    rows = [
        (
            msg("preset").text(lang),
            msg("{preset} (format {format})", preset=sim.preset, format=sim.format).text(lang),
        ),
        (msg("players").text(lang), str(sim.players)),
        (
            msg("tables in the hall").text(lang),
            str(sim.tables) if sim.tables is not None else msg("as many as needed").text(lang),
        ),
        (msg("runs (seeds)").text(lang), f"{len(sim.runs)} ({seeds})"),
        (msg("duration (hh:mm)").text(lang), spread("duration", clock=True)),
        (msg("tables at once (max)").text(lang), spread("tables_max")),
        (msg("tables in total").text(lang), spread("tables_total")),
        (
            msg("longest wait for a table").text(lang),
            spread("longest_wait", clock=True),
        ),
        (msg("games played").text(lang), spread("games")),
        (msg("winner (first run)").text(lang), first.ranking[0]),
    ]
    for label, value in rows:
        table.add_row(label, value)
    out.print(table)
    m = sim.model
    if sim.by_throws:
        engine = msg("fast path") if sim.engine == "fast" else msg("exact engine")
        how = msg("Schocken bots, {engine}", engine=engine)
        times = msg(
            "{round:g} s per round of throws, {between:g} s between games",
            round=m.round_seconds,
            between=m.between_games_seconds,
        )
    else:
        how = msg("random results")
        times = msg(
            "{minutes:g} min per game (± {jitter:.0%}), {between:g} s between games",
            minutes=m.minutes_of(sim.format),
            jitter=m.jitter,
            between=m.between_games_seconds,
        )
    table_time = msg("{table:g} s to form a table", table=m.table_seconds)
    model = msg(
        "time model: {how}; {times}; {table_time}; computed in {seconds:.1f} s",
        how=how,
        times=times,
        table_time=table_time,
        seconds=sim.seconds,
    )
    out.print(model.text(lang))
