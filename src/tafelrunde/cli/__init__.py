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

from tafelrunde.cli import commands, ko_entry, ko_show, serve, simulate, unlock
from tafelrunde.cli.ko_common import is_knockout
from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import languages, msg

Handler = Callable[[argparse.Namespace, Console], int]
AT_HELP = "Zeit statt jetzt: 17:05 oder ISO / time instead of now: 17:05 or ISO"
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
}
NOT_IN_D = {"draw": "open", "result": "lost", "rolloff": "lost"}


def knockout_commands(cmd: Callable[..., argparse.ArgumentParser]) -> None:
    """Add the commands of format D (Schocken knockout)."""
    sp = cmd(
        "status", "Format D: Wartende, Tische, Chips, Uhr / queues, tables, clock", ko_show.status
    )
    sp.add_argument("--json", action="store_true"), sp.add_argument("--at", help=AT_HELP)
    sp = cmd("register", "Format D: Spieler anmelden / register players", ko_entry.register)
    sp.add_argument("names", nargs="+", help="Namen / names")
    sp.add_argument("--paid", action="store_true", help="Startgebühr bezahlt / entry fee paid")
    sp.add_argument("--late", action="store_true", help="nach Anmeldeschluss / after the deadline")
    sp.add_argument("--at", help=AT_HELP)
    for name, helptext, handler in (
        ("pay", "Format D: Startgebühr bezahlt / entry fee paid", ko_entry.pay),
        ("checkin", "Format D: einchecken / check in", ko_entry.checkin),
        ("withdraw", "Format D: abmelden (vor dem ersten Tisch) / withdraw", ko_entry.withdraw),
    ):
        sp = cmd(name, helptext, handler)
        sp.add_argument("names", nargs="+", help="Namen oder IDs / names or ids")
        sp.add_argument("--at", help=AT_HELP)
    sp = cmd(
        "open",
        "Format D: nächsten vorgeschlagenen Tisch eröffnen (oder von Hand) / open a table",
        ko_entry.open_table,
    )
    sp.add_argument("names", nargs="*", help="von Hand: die Spieler / by hand: the players")
    sp.add_argument("--bracket", help="haupt | trost | finale")
    sp.add_argument("--all", action="store_true", help="alle vorgeschlagenen / all suggested")
    sp.add_argument("--at", help=AT_HELP)
    sp = cmd("lost", "Format D: Spielverlierer eintragen / record a game's loser", ko_entry.lost)
    sp.add_argument("name", help="Verlierer / loser")
    sp.add_argument("--table", type=int, help="Tisch / table (Standard: sein Tisch)")
    sp.add_argument("--correct", type=int, metavar="NR", help="Eintrag Nr. korrigieren / correct")
    sp.add_argument("--at", help=AT_HELP)
    sp = cmd(
        "schockaus",
        "Format D: Schock aus in einem Wurf eintragen / record a one-throw Schock aus",
        ko_entry.schockaus,
    )
    sp.add_argument("name")
    sp.add_argument("--table", type=int)
    sp.add_argument("--donated", action="store_true", help="Spende gleich erhalten / donated")
    sp.add_argument("--at", help=AT_HELP)
    sp = cmd("donate", "Format D: Spende zu Schock aus Nr. / donation", ko_entry.donate)
    sp.add_argument("number", type=int, help="Nr. des Schock aus / its entry number")
    sp.add_argument("--at", help=AT_HELP)


def build_parser() -> argparse.ArgumentParser:
    """Describe every sub-command and its options."""
    p = argparse.ArgumentParser(
        prog="tafelrunde",
        description="Tafelrunde – Turnierverwaltung für Spieleclubs / "
        "tournament manager for game clubs.",
    )
    p.add_argument(
        "--lang",
        choices=languages(),
        default=os.environ.get("TAFELRUNDE_LANG", "de"),
        help="Sprache der Ausgabe / output language (" + ", ".join(languages()) + ")",
    )
    sub = p.add_subparsers(dest="command", metavar="BEFEHL/COMMAND")

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--lang",
        choices=languages(),
        default=argparse.SUPPRESS,
        help="Sprache der Ausgabe / output language (" + ", ".join(languages()) + ")",
    )

    def cmd(
        name: str, helptext: str, handler: Handler, file: bool = True
    ) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=helptext, description=helptext, parents=[common])
        if file:
            sp.add_argument("file", type=Path, help="Turnierdatei / tournament file (.json)")
        sp.set_defaults(handler=handler)
        return sp

    sp = cmd("create", "Turnier anlegen / create a tournament", commands.create)
    sp.add_argument("--preset", help="Vorlage / preset: " + ", ".join(commands.preset_names()))
    sp.add_argument("--ruleset", type=Path, help="eigene Regeldatei (TOML) / own ruleset file")
    sp.add_argument(
        "--players",
        type=Path,
        help="Spielerliste (CSV oder Text; für A–C nötig) / player list (needed for A–C)",
    )
    sp.add_argument("--name", help="Name des Turniers / tournament name")
    sp.add_argument("--date", help="Format D: Turniertag JJJJ-MM-TT / tournament day (heute/today)")
    sp.add_argument(
        "--paid", action="store_true", help="Format D: Startgebühr der Liste bezahlt / list paid"
    )
    sp.add_argument(
        "--late", action="store_true", help="Format D: nach Anmeldeschluss / after the deadline"
    )
    sp.add_argument("--at", help=AT_HELP)
    sp.add_argument("--seed", type=int, help="Los-Seed / lot seed (sonst zufällig / else random)")
    sp.add_argument(
        "--force", action="store_true", help="vorhandene Datei überschreiben / overwrite"
    )

    cmd("presets", "Vorlagen auflisten / list presets", commands.presets, file=False)
    sp = cmd(
        "preset",
        "Vorlage als TOML ausgeben (zum Kopieren) / print a preset's TOML",
        commands.preset,
        file=False,
    )
    sp.add_argument("name")
    sp = cmd("rules", "Regeln lesbar zeigen / show the rules readably", commands.rules, file=False)
    sp.add_argument(
        "source", help="Turnierdatei, Vorlage oder Regeldatei / tournament file, preset or ruleset"
    )

    sp = cmd(
        "draw", "nächste Runde oder Partie auslosen / draw the next stage or game", commands.draw
    )
    sp.add_argument(
        "--seed", type=int, help="Seed der Auslosung / seed of the draw (sonst zufällig)"
    )

    sp = cmd("tables", "Tische zeigen / show tables", commands.tables)
    (
        sp.add_argument("--stage"),
        sp.add_argument("--game", type=int),
        sp.add_argument("--json", action="store_true"),
        sp.add_argument("--at", help=AT_HELP),
    )
    knockout_commands(cmd)

    sp = cmd("result", "Tischergebnis eintragen / enter a table result", commands.result)
    sp.add_argument("--table", type=int, required=True, help="Tischnummer / table number")
    sp.add_argument("--game", type=int, help="Partie / game (Standard: die offene)")
    sp.add_argument("--scores", help='Spielpunkte / game scores: "Anna=131, Bob=120, ..."')
    sp.add_argument("--pips", help='Augen / pips: "Anna=17, Bob=12, ..."')
    sp.add_argument("--places", help='Platzierungen / placements: "Anna=1, Bob=2, ..."')
    sp.add_argument(
        "--correct",
        action="store_true",
        help="vorhandenes Ergebnis korrigieren / correct the entered result",
    )

    sp = cmd(
        "rolloff",
        "Stechen eintragen (Reihenfolge, Sieger zuerst) / enter a roll-off (winner first)",
        commands.rolloff,
    )
    sp.add_argument("order", nargs="*", help="Spieler, Sieger zuerst / players, winner first")
    sp.add_argument(
        "--auto",
        action="store_true",
        help="von der Software würfeln lassen / let the software roll",
    )
    sp.add_argument(
        "--correct",
        action="store_true",
        help="ein entschiedenes Stechen korrigieren / correct a decided roll-off",
    )
    sp.add_argument("--seed", type=int)

    sp = cmd("standings", "Stand einer Runde / standings of a stage", commands.standings)
    sp.add_argument("--stage"), sp.add_argument("--json", action="store_true")
    sp = cmd("ranking", "Gesamtwertung / overall ranking", commands.ranking)
    sp.add_argument("--json", action="store_true")
    sp = cmd("export", "Endstand exportieren / export the final ranking", commands.export)
    sp.add_argument("--csv", type=Path, help="als CSV-Datei / as a CSV file")
    sp.add_argument("--json", type=Path, help="als JSON-Datei / as a JSON file")
    sp = cmd("pending", "was offen ist / what is pending", commands.pending_cmd)
    sp.add_argument("--json", action="store_true")
    sp = cmd("undo", "letzten Eintrag zurücknehmen / undo the latest entry", commands.undo)
    sp.add_argument("--at", help=AT_HELP)
    cmd(
        "history",
        "alle Einträge mit Zeit und Person / every entry with time and author",
        commands.history,
    )
    cmd(
        "verify",
        "Auslosungen aus ihren Seeds nachprüfen / re-run draws from their seeds",
        commands.verify,
    )
    sp = cmd(
        "demo",
        "Demo-Turniere A, B, C durchspielen / play demo tournaments",
        commands.demo,
        file=False,
    )
    sp.add_argument(
        "--dir", type=Path, default=Path("demo"), help="Ordner für die Dateien / folder"
    )
    sp.add_argument("--players", type=int, default=13)
    sp.add_argument("--seed", type=int, default=2026)

    sp = cmd(
        "serve",
        "Web-Anwendung starten / start the web application",
        serve.serve,
        file=False,
    )
    sp.add_argument("--demo", action="store_true", help="Demo-Daten anlegen / add demo data")
    sp.add_argument("--port", type=int, default=8000, help="Port (8000)")
    data_folder(sp)
    sp.add_argument(
        "--public", action="store_true", help="im Netz erreichbar / reachable from the network"
    )
    sp.add_argument(
        "--workers", type=int, default=1, help="App-Prozesse / app processes (1; PostgreSQL: 2+)"
    )
    sp.add_argument(
        "--backup-dir",
        type=Path,
        help="zweiter Ordner für Sicherungen, z. B. ein USB-Stick (TAFELRUNDE_BACKUP_DIR) / "
        "second folder for backups, e.g. a USB stick",
    )
    sp.add_argument(
        "--backup-minutes",
        type=float,
        default=_env_number("TAFELRUNDE_BACKUP_MINUTES", 10.0),
        help="Sicherung alle N Minuten, wenn sich etwas geändert hat (10; 0: nur beim Start) / "
        "back up every N minutes when something changed",
    )
    sp = cmd(
        "backup",
        "Datenbank jetzt sichern / back the database up now",
        serve.backup,
        file=False,
    )
    data_folder(sp)
    sp.add_argument("--to", type=Path, help="zusätzlicher Ordner / additional folder")
    sp = cmd(
        "restore",
        "Datenbank aus einer Sicherung wiederherstellen / restore the database from a backup",
        serve.restore,
        file=False,
    )
    sp.add_argument("file", type=Path, help="Sicherungsdatei / backup file (.sqlite3)")
    data_folder(sp)
    sp = cmd(
        "createorganiser",
        "Anmeldung für die Turnierleitung anlegen / create an organiser login",
        serve.create_organiser,
        file=False,
    )
    sp.add_argument("name", help="Benutzername / user name")
    sp.add_argument("--password", help="Passwort (sonst Abfrage) / password (else asked)")
    data_folder(sp)
    sp = cmd(
        "unlock",
        "Anmeldung nach falschen Passwörtern entsperren / unlock a login after wrong passwords",
        unlock.unlock,
        file=False,
    )
    sp.add_argument("name", nargs="?", help="Benutzername (sonst alle) / user name (else all)")
    data_folder(sp)

    sp = cmd(
        "simulate",
        "Bots spielen lassen und auswerten / let bots play and show statistics",
        simulate.simulate,
        file=False,
    )
    sp.add_argument(
        "what", choices=("schocken", "tournament"), help="was / what: schocken | tournament"
    )
    sp.add_argument(
        "--players",
        help="Spieler am Tisch (schocken, Standard 4) bzw. im Turnier / "
        "players at the table (schocken, default 4) or in the tournament",
    )
    sp.add_argument("--games", default="1000", help="Anzahl Spiele / number of games")
    sp.add_argument("--seed", help="Seed (sonst zufällig / else random)")
    sp.add_argument("--bot", default="threshold", help="Bot: threshold | odds")
    sp.add_argument("--fast", action="store_true", help="NumPy-Weg / NumPy path (threshold)")
    sp.add_argument("--json", action="store_true")
    sp.add_argument("--preset", help="Turnier: Vorlage / tournament: preset")
    sp.add_argument("--runs", default="1", help="Turnier: Läufe / tournament: runs (seed, +1, …)")
    sp.add_argument("--round-seconds", help="Sekunden je Wurfrunde / seconds per round (25)")
    sp.add_argument(
        "--between-seconds", help="Sekunden zwischen Spielen / seconds between games (20)"
    )
    sp.add_argument(
        "--table-seconds", help="Sekunden je Tischbildung / seconds to form a table (60)"
    )
    sp.add_argument(
        "--game-minutes", help="Minuten je Partie (A–C) / minutes per game (A 10, B 60, C 20)"
    )
    return p


def data_folder(sp: argparse.ArgumentParser) -> None:
    """The --data option of the commands that use the web application's data folder."""
    sp.add_argument("--data", type=Path, help="Datenordner / data folder (./tafelrunde-daten)")


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
