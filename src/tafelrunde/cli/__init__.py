"""The `tafelrunde` command: run a tournament from a file on the command line."""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console

from tafelrunde.cli import (
    commands,
    ko_entry,
    ko_show,
    presence,
    ratings,
    season,
    serve,
    simulate,
    unlock,
)
from tafelrunde.cli.ko_common import is_knockout
from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import DEFAULT_LANGUAGE, languages, msg

Handler = Callable[[argparse.Namespace, Console], int]
_LANG = [DEFAULT_LANGUAGE]  # the language of the help texts, set before the parser is built
# the shared commands that format D answers in its own way
KNOCKOUT: dict[str, Handler] = {
    "tables": ko_show.tables,
    "standings": ko_show.standings,
    "ranking": ko_show.ranking_cmd,
    "export": ko_show.export,
    "pending": ko_show.pending,
    "history": ko_show.history,
    "verify": ko_show.verify,
    "undo": ko_entry.undo,
    "withdraw": ko_entry.withdraw,
}
NOT_IN_D = {"draw": "open", "result": "lost", "rolloff": "lost", "join": "register"}


def _(text: str) -> str:
    """A help text in the language asked for (--lang, TAFELRUNDE_LANG)."""
    return msg(text).text(_LANG[0])


def at_help() -> str:
    """The help of --at."""
    return _("Time instead of now: 17:05 or ISO")


def language_of(argv: Sequence[str]) -> str:
    """The language the command line asks for, read before the parser exists."""
    lang = os.environ.get("TAFELRUNDE_LANG", DEFAULT_LANGUAGE)
    for k, arg in enumerate(argv):
        if arg == "--lang" and k + 1 < len(argv):
            lang = argv[k + 1]
        elif arg.startswith("--lang="):
            lang = arg.split("=", 1)[1]
    return lang if lang in languages() else DEFAULT_LANGUAGE


def knockout_commands(cmd: Callable[..., argparse.ArgumentParser]) -> None:
    """Add the commands of format D (Schocken knockout)."""
    sp = cmd("status", _("Format D: queues, tables, chips, clock"), ko_show.status)
    sp.add_argument("--json", action="store_true"), sp.add_argument("--at", help=at_help())
    sp = cmd("register", _("Format D: register players"), ko_entry.register)
    sp.add_argument("names", nargs="+", help=_("Names"))
    sp.add_argument("--paid", action="store_true", help=_("Entry fee paid"))
    sp.add_argument("--late", action="store_true", help=_("After the registration deadline"))
    sp.add_argument("--at", help=at_help())
    for name, helptext, handler in (
        ("pay", _("Format D: entry fee paid"), ko_entry.pay),
        ("unpay", _("Format D: take a fee mark back (before the first table)"), ko_entry.unpay),
        ("checkin", _("Format D: check in"), ko_entry.checkin),
        (
            "withdraw",
            _("Withdraw players (A–C: after the draw, results stay; D: before the first table)"),
            presence.withdraw,
        ),
    ):
        sp = cmd(name, helptext, handler)
        sp.add_argument("names", nargs="*" if name == "pay" else "+", help=_("Names or ids"))
        if name == "pay":
            sp.add_argument("--all", action="store_true", help=_("Every present player"))
        sp.add_argument("--at", help=at_help())
    sp = cmd("hall", _("Format D: how many tables the hall has"), ko_entry.hall)
    sp.add_argument("count", type=int, help=_("Number of tables"))
    sp.add_argument("--at", help=at_help())
    sp = cmd(
        "open",
        _("Format D: open the next suggested table (or one by hand)"),
        ko_entry.open_table,
    )
    sp.add_argument("names", nargs="*", help=_("By hand: the players"))
    sp.add_argument("--bracket", help="haupt | trost | finale")
    sp.add_argument("--all", action="store_true", help=_("All suggested tables"))
    sp.add_argument("--at", help=at_help())
    sp = cmd("lost", _("Format D: record a game's loser"), ko_entry.lost)
    sp.add_argument("name", help=_("Loser"))
    sp.add_argument("--table", type=int, help=_("Table (default: the player's table)"))
    sp.add_argument("--correct", type=int, metavar="NR", help=_("Correct entry no."))
    sp.add_argument("--at", help=at_help())
    sp = cmd(
        "schockaus",
        _("Format D: record a Schock aus in one throw"),
        ko_entry.schockaus,
    )
    sp.add_argument("name")
    sp.add_argument("--table", type=int)
    sp.add_argument("--donated", action="store_true", help=_("Donation handed in at once"))
    sp.add_argument("--at", help=at_help())
    sp = cmd("donate", _("Format D: donation for Schock aus no."), ko_entry.donate)
    sp.add_argument("number", type=int, help=_("Entry number of the Schock aus"))
    sp.add_argument("--at", help=at_help())


def build_parser() -> argparse.ArgumentParser:
    """Describe every sub-command and its options."""
    p = argparse.ArgumentParser(
        prog="tafelrunde",
        description=_("Tafelrunde – tournament manager for game clubs."),
    )
    p.add_argument(
        "--lang",
        choices=languages(),
        default=os.environ.get("TAFELRUNDE_LANG", "de"),
        help=_("Output language ({languages})").replace("{languages}", ", ".join(languages())),
    )
    sub = p.add_subparsers(dest="command", metavar=_("COMMAND"))

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--lang",
        choices=languages(),
        default=argparse.SUPPRESS,
        help=_("Output language ({languages})").replace("{languages}", ", ".join(languages())),
    )

    def cmd(
        name: str, helptext: str, handler: Handler, file: bool = True
    ) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=helptext, description=helptext, parents=[common])
        if file:
            sp.add_argument("file", type=Path, help=_("Tournament file (.json)"))
        sp.set_defaults(handler=handler)
        return sp

    sp = cmd("create", _("Create a tournament"), commands.create)
    presets = ", ".join(commands.preset_names())
    sp.add_argument(
        "--preset",
        help=_("Preset ({presets}) or ruleset file (TOML)").replace("{presets}", presets),
    )
    sp.add_argument("--ruleset", type=Path, help=_("Own ruleset file (TOML)"))
    sp.add_argument(
        "--players",
        type=Path,
        help=_("Player list (CSV or text; needed for A–C)"),
    )
    sp.add_argument("--name", help=_("Name of the tournament"))
    sp.add_argument("--date", help=_("Format D: tournament day YYYY-MM-DD (default: today)"))
    sp.add_argument(
        "--paid", action="store_true", help=_("Format D: the list's entry fees are paid")
    )
    sp.add_argument(
        "--late", action="store_true", help=_("Format D: after the registration deadline")
    )
    sp.add_argument("--at", help=at_help())
    sp.add_argument("--seed", type=int, help=_("Lot seed (else random)"))
    sp.add_argument("--force", action="store_true", help=_("Overwrite an existing file"))

    cmd("presets", _("List the presets"), commands.presets, file=False)
    sp = cmd(
        "preset",
        _("Print a preset as TOML (to copy)"),
        commands.preset,
        file=False,
    )
    sp.add_argument("name")
    sp = cmd("rules", _("Show the rules readably"), commands.rules, file=False)
    sp.add_argument("source", help=_("Tournament file, preset or ruleset file"))

    sp = cmd("draw", _("Draw the next stage or game"), commands.draw)
    sp.add_argument("--seed", type=int, help=_("Seed of the draw (else random)"))

    sp = cmd("tables", _("Show the tables"), commands.tables)
    (
        sp.add_argument("--stage"),
        sp.add_argument("--game", type=int),
        sp.add_argument("--json", action="store_true"),
        sp.add_argument("--at", help=at_help()),
    )
    knockout_commands(cmd)

    sp = cmd("result", _("Enter a table's result"), commands.result)
    sp.add_argument("--table", type=int, required=True, help=_("Table number"))
    sp.add_argument("--game", type=int, help=_("Game (default: the open one)"))
    sp.add_argument("--scores", help=_('Game scores: "Anna=131, Bob=120, ..."'))
    sp.add_argument("--pips", help=_('Pips: "Anna=17, Bob=12, ..."'))
    sp.add_argument("--places", help=_('Placements: "Anna=1, Bob=2, ..."'))
    sp.add_argument(
        "--correct",
        action="store_true",
        help=_("Correct the entered result"),
    )

    sp = cmd(
        "rolloff",
        _("Enter a roll-off (order, winner first)"),
        commands.rolloff,
    )
    sp.add_argument("order", nargs="*", help=_("Players, winner first"))
    sp.add_argument(
        "--auto",
        action="store_true",
        help=_("Let the software roll"),
    )
    sp.add_argument(
        "--correct",
        action="store_true",
        help=_("Correct a decided roll-off"),
    )
    sp.add_argument("--seed", type=int)

    sp = cmd(
        "join",
        _("A late player joins before the next newly drawn game (if the rules allow it)"),
        presence.join,
    )
    sp.add_argument("names", nargs="+", help=_("Names"))
    sp.add_argument("--at", help=at_help())

    sp = cmd("standings", _("Standings of a stage"), commands.standings)
    sp.add_argument("--stage"), sp.add_argument("--json", action="store_true")
    sp = cmd("ranking", _("Overall ranking"), commands.ranking)
    sp.add_argument("--json", action="store_true")
    sp = cmd("export", _("Export the final ranking"), commands.export)
    sp.add_argument("--csv", type=Path, help=_("As a CSV file"))
    sp.add_argument("--json", type=Path, help=_("As a JSON file"))
    sp = cmd("pending", _("What is pending"), commands.pending_cmd)
    sp.add_argument("--json", action="store_true")
    sp = cmd("undo", _("Undo the latest entry"), commands.undo)
    sp.add_argument("--at", help=at_help())
    cmd(
        "history",
        _("Every entry with time and author"),
        commands.history,
    )
    cmd(
        "verify",
        _("Re-run the draws from their seeds"),
        commands.verify,
    )
    sp = cmd(
        "demo",
        _("Play the demo tournaments A, B, C through"),
        commands.demo,
        file=False,
    )
    sp.add_argument("--dir", type=Path, default=Path("demo"), help=_("Folder for the files"))
    sp.add_argument("--players", type=int, default=13)
    sp.add_argument("--seed", type=int, default=2026)

    sp = cmd(
        "serve",
        _("Start the web application"),
        serve.serve,
        file=False,
    )
    sp.add_argument("--demo", action="store_true", help=_("Add demo data"))
    sp.add_argument("--port", type=int, default=8000, help="Port (8000)")
    data_folder(sp)
    sp.add_argument("--public", action="store_true", help=_("Reachable from the network"))
    sp.add_argument(
        "--public-url",
        help=_("The address phones use, e.g. behind a reverse proxy (TAFELRUNDE_PUBLIC_URL)"),
    )
    sp.add_argument(
        "--workers", type=int, default=1, help=_("App processes (1; a big evening: one per core)")
    )
    sp.add_argument(
        "--backup-dir",
        type=Path,
        help=_("Second folder for backups, e.g. a USB stick (TAFELRUNDE_BACKUP_DIR)"),
    )
    sp.add_argument(
        "--backup-minutes",
        type=float,
        default=_env_number("TAFELRUNDE_BACKUP_MINUTES", 10.0),
        help=_("Back up every N minutes when something changed (10; 0: only at start)"),
    )
    sp = cmd(
        "backup",
        _("Back the database up now"),
        serve.backup,
        file=False,
    )
    data_folder(sp)
    sp.add_argument("--to", type=Path, help=_("Additional folder"))
    sp = cmd(
        "restore",
        _("Restore the database from a backup"),
        serve.restore,
        file=False,
    )
    sp.add_argument("file", type=Path, help=_("Backup file (.sqlite3)"))
    data_folder(sp)
    sp = cmd(
        "createorganiser",
        _("Create a login for the organisers (or a referee), or set its password and role"),
        serve.create_organiser,
        file=False,
    )
    sp.add_argument("name", help=_("User name"))
    sp.add_argument("--password", help=_("Password (else asked)"))
    sp.add_argument(
        "--role",
        choices=("organiser", "referee"),
        default="organiser",
        help=_(
            "organiser: may everything (default); referee: results, roll-offs, losers, "
            "Schock aus and donations only"
        ),
    )
    data_folder(sp)
    sp = cmd(
        "unlock",
        _("Unlock a login after wrong passwords"),
        unlock.unlock,
        file=False,
    )
    sp.add_argument("name", nargs="?", help=_("User name (else all)"))
    data_folder(sp)
    sp = cmd(
        "ratings",
        _("Show the ratings of the club's persons per game family"),
        ratings.show_ratings,
        file=False,
    )
    sp.add_argument("--family", help=_("Only this game family (e.g. alhambra)"))
    sp.add_argument("--top", type=int, default=50, help=_("How many per family (default 50)"))
    data_folder(sp)
    sp = cmd(
        "season",
        _("The club's season rankings: list, create, show, export"),
        season.season_command,
        file=False,
    )
    season.season_arguments(sp, _)
    data_folder(sp)

    sp = cmd(
        "simulate",
        _("Let bots play and show statistics"),
        simulate.simulate,
        file=False,
    )
    sp.add_argument(
        "what", choices=("schocken", "tournament"), help=_("What: schocken | tournament")
    )
    sp.add_argument(
        "--players",
        help=_("Players at the table (schocken, default 4) or in the tournament"),
    )
    sp.add_argument("--games", default="1000", help=_("Number of games"))
    sp.add_argument("--seed", help=_("Seed (else random)"))
    sp.add_argument("--bot", default="threshold", help="Bot: threshold | odds")
    sp.add_argument("--fast", action="store_true", help=_("NumPy path (threshold)"))
    sp.add_argument("--json", action="store_true")
    sp.add_argument(
        "--preset",
        help=_("Tournament: preset ({presets}) or ruleset file (TOML)").replace(
            "{presets}", ", ".join(commands.preset_names())
        ),
    )
    sp.add_argument("--runs", default="1", help=_("Tournament: runs (seed, +1, …)"))
    sp.add_argument("--tables", help=_("Tournament: physical tables (else as many as needed)"))
    sp.add_argument("--round-seconds", help=_("Seconds per round of throws (25)"))
    sp.add_argument("--between-seconds", help=_("Seconds between games (20)"))
    sp.add_argument("--table-seconds", help=_("Seconds to form a table (60)"))
    sp.add_argument("--game-minutes", help=_("Minutes per game (A 10, B 60, C 20)"))
    return p


def data_folder(sp: argparse.ArgumentParser) -> None:
    """The --data option of the commands that use the web application's data folder."""
    sp.add_argument("--data", type=Path, help=_("Data folder (./tafelrunde-daten)"))


def _env_number(name: str, default: float) -> float:
    """A number from the environment (a setting), or the default when unset or no number."""
    try:
        return float(os.environ.get(name) or default)
    except ValueError:
        return default


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; user errors print one message and exit 2, changing nothing."""
    from tafelrunde.catalogue import compile_all

    compile_all(only_stale=True)  # a catalogue added or changed since the setup
    _LANG[0] = language_of(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 120)
    if getattr(args, "handler", None) is None:
        parser.print_help()
        return 0
    if getattr(args, "seed", None) is None and args.command in ("create", "draw", "rolloff"):
        args.seed = secrets.randbelow(2**31)
    try:
        if isinstance(getattr(args, "file", None), Path) and args.command != "create":
            _knockout_route(args)
        code: int = args.handler(args, console)
        return code
    except BrokenPipeError:  # the reader of our output has gone (e.g. `| head`)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as err:  # a file or folder the user named is missing or not writable
        where = f"{err.filename}: " if err.filename else ""
        return _report(
            RuleError(
                msg(
                    "{where}file or folder not usable ({reason}).",
                    where=where,
                    reason=str(err.strerror or err),
                ),
                field="file",
            ),
            args,
        )
    except RuleError as err:
        return _report(err, args)


def _knockout_route(args: argparse.Namespace) -> None:
    """Send a shared command on a format-D file to its knockout form; refuse A–C commands."""
    if args.command not in KNOCKOUT and args.command not in NOT_IN_D:
        return
    if not is_knockout(args.file):
        return
    if args.command in NOT_IN_D:
        instead = NOT_IN_D[args.command]
        raise RuleError(
            msg(
                "format D has no '{command}'; use: tafelrunde {instead} "
                "(see tafelrunde {instead} --help).",
                command=args.command,
                instead=instead,
            ),
            field="command",
        )
    args.handler = KNOCKOUT[args.command]


def _report(err: RuleError, args: argparse.Namespace) -> int:
    """Print one clear message for a user's mistake; exit code 2."""
    text = err.message(args.lang)
    if getattr(args, "json", False) is True:
        print(json.dumps({"error": text, "field": err.field}, ensure_ascii=False))
    else:
        label = msg("Error").text(args.lang)
        Console(stderr=True, highlight=False).print(f"[bold red]{label}:[/bold red] {text}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
