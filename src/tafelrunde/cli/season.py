"""`tafelrunde season`: the club's season rankings (Jahreswertung) on the command line: list,
create, show and export, from the same data as the web pages."""

from __future__ import annotations

import argparse
import datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import Message, msg

ACTIONS = ("list", "create", "show", "export")


def season_command(args: argparse.Namespace, out: Console) -> int:
    """Run one season action; bad input: a message and exit 2, an unknown season: exit 1."""
    from django.utils import translation

    from tafelrunde.cli.serve import _django
    from tafelrunde.web.core.startup import migrate

    migrate(_django(args.data))
    with translation.override(args.lang):
        try:
            return {"list": _list, "create": _create, "show": _show, "export": _export}[
                args.action
            ](args, out)
        except RuleError as err:
            out.print(err.msg.text(args.lang) if err.field is None else str(err))
            return 2


def _say(out: Console, args: argparse.Namespace, said: Message) -> None:
    """Print a message in the language asked for."""
    out.print(said.text(args.lang), highlight=False)


def _list(args: argparse.Namespace, out: Console) -> int:
    """Every season with its number, range and kinds."""
    from tafelrunde.web.club.models import Season

    seasons = list(Season.objects.all())
    if not seasons:
        _say(out, args, msg("No seasons yet: `tafelrunde season create NAME --rules PRESET`."))
        return 0
    table = Table()
    for head in (msg("No."), msg("Name"), msg("from"), msg("to"), msg("Kinds of event")):
        table.add_column(head.text(args.lang))
    for s in seasons:
        table.add_row(str(s.pk), s.name, _day(s.date_from), _day(s.date_to),
                      ", ".join(s.event_kinds or []) or "–")  # fmt: skip
    out.print(table)
    return 0


def _day(day: datetime.date | None) -> str:
    """A date for people, or a dash."""
    return day.strftime("%d.%m.%Y") if day else "–"


def _date(text: str | None, option: str) -> datetime.date | None:
    """A date given as YYYY-MM-DD or DD.MM.YYYY; refused in words."""
    if not text:
        return None
    for fmt in ("%Y-%m-%d", "%d.%m.%Y"):
        try:
            return datetime.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise RuleError(msg("{option}: a date such as 2026-01-31 or 31.01.2026, please (not {text}).",
                        option=option, text=text[:40]))  # fmt: skip


def _numbers(values: list[str] | None, option: str) -> list[int]:
    """Tournament numbers; refused in words."""
    found = []
    for value in values or []:
        if not (value.isascii() and value.isdigit() and len(value) < 12):
            raise RuleError(msg("{option}: a tournament number, please (not {text}).",
                                option=option, text=value[:40]))  # fmt: skip
        found.append(int(value))
    return found


def _create(args: argparse.Namespace, out: Console) -> int:
    """Store a new season: a name, a ruleset (preset or file), range, kinds, picks by hand."""
    from django.db import transaction

    from tafelrunde.presets.seasons import load_season_rules
    from tafelrunde.web.club.models import Season, SeasonChoice
    from tafelrunde.web.core.models import TournamentRecord

    name = (args.what or "").strip()
    if not name or len(name) > 100:
        raise RuleError(msg("The season needs a name of at most 100 characters."))
    if not args.rules:
        raise RuleError(msg("--rules: a season preset or a season ruleset file, please."))
    rules = load_season_rules(args.rules)
    start, end = _date(args.date_from, "--from"), _date(args.date_to, "--to")
    if start and end and end < start:
        raise RuleError(msg("--to lies before --from."))
    added, left = _numbers(args.add, "--add"), _numbers(args.leave_out, "--leave-out")
    known = set(TournamentRecord.objects.filter(pk__in=added + left).values_list("pk", flat=True))
    if missing := sorted(set(added + left) - known):
        raise RuleError(msg("There is no tournament number {numbers}.",
                            numbers=", ".join(map(str, missing))))  # fmt: skip
    kinds = [k.strip() for k in args.kind or [] if k.strip()]
    with transaction.atomic():
        season = Season.objects.create(name=name, rules=rules.source or {}, date_from=start,
                                       date_to=end, event_kinds=kinds)  # fmt: skip
        for pk in added:
            SeasonChoice.objects.create(season=season, tournament_id=pk, included=True)
        for pk in left:
            SeasonChoice.objects.update_or_create(season=season, tournament_id=pk,
                                                  defaults={"included": False})  # fmt: skip
    _say(out, args, msg("Season {number} stored: {name}.", number=season.pk, name=name))
    return 0


def _season(args: argparse.Namespace) -> Any:
    """The season named by its number (None: there is none)."""
    from tafelrunde.web.club.models import Season

    what = args.what or ""
    if not (what.isascii() and what.isdigit() and len(what) < 12):
        raise RuleError(msg("The season's number, please (`tafelrunde season list`)."))
    return Season.objects.filter(pk=int(what)).first()


def _view(args: argparse.Namespace, out: Console) -> Any:
    """The season's view, or None after saying why there is no table."""
    from tafelrunde.web.club.season_evenings import season_view

    season = _season(args)
    if season is None:
        _say(out, args, msg("There is no season {number}.", number=args.what))
        return None
    view = season_view(season)
    if view.table is None:
        out.print(view.refusal.text(args.lang) if view.refusal else "")
        return None
    return view


def _show(args: argparse.Namespace, out: Console) -> int:
    """Print the season table: place, name, each evening's points (counted ones marked)."""
    from tafelrunde.web.club.season_show import rules_words, shown_rows

    view = _view(args, out)
    if view is None:
        return 1
    table = Table(title=view.season.name)
    for head in (msg("Place"), msg("Name")):
        table.add_column(head.text(args.lang))
    for e in view.table.evenings:
        table.add_column(f"{e.date.strftime('%d.%m.')}\n{e.name[:18]}", justify="right")
    for head in (msg("Total"), msg("Evenings"), msg("Decided by")):
        table.add_column(head.text(args.lang))
    for r in shown_rows(view.table):
        guest = "" if r.row.member else f" ({msg('guest').text(args.lang)})"
        cells = [(f"[bold]{t} ✓[/bold]" if on else f"({t})") if t else "–" for t, on in r.cells]
        table.add_row(str(r.row.place), r.row.name + guest, *cells, r.total,
                      str(r.row.evenings), r.decided)  # fmt: skip
    out.print(table)
    if not view.table.evenings:
        _say(out, args, msg("No finished tournament in this season yet."))
    for line in rules_words(view.table.rules):
        out.print(line, highlight=False)
    if view.running:
        names = ", ".join(rec.name for rec in view.running)
        _say(out, args, msg("Still running (counts once over): {names}", names=names))
    return 0


def _export(args: argparse.Namespace, out: Console) -> int:
    """Write the season table as CSV or Excel."""
    from tafelrunde.web.club.season_show import season_csv, season_xlsx

    if (args.csv is None) == (args.xlsx is None):
        raise RuleError(msg("Either --csv FILE or --xlsx FILE, please."))
    view = _view(args, out)
    if view is None:
        return 1
    target: Path = args.csv or args.xlsx
    try:
        if args.csv is not None:
            target.write_bytes(season_csv(view.table, args.lang))
        else:
            target.write_bytes(season_xlsx(view.table, view.season.name))
    except OSError as err:
        raise RuleError(msg("{file} cannot be written: {reason}", file=str(target),
                            reason=err.strerror or str(err))) from None  # fmt: skip
    _say(out, args, msg("Season table written to {file}.", file=str(target)))
    return 0


def season_arguments(sp: argparse.ArgumentParser, _: Any) -> None:
    """The arguments of `tafelrunde season`."""
    sp.add_argument("action", choices=ACTIONS, help=_("list | create NAME | show N | export N"))
    sp.add_argument("what", nargs="?", help=_("The new season's name, or a season's number"))
    presets = "summe, beste-6-von-10, durchschnitt, schocken-serie"
    sp.add_argument("--rules", help=_("create: a season preset ({presets}) or a TOML file")
                    .replace("{presets}", presets))  # fmt: skip
    sp.add_argument("--from", dest="date_from", help=_("create: first day (2026-01-01)"))
    sp.add_argument("--to", dest="date_to", help=_("create: last day (2026-12-31)"))
    sp.add_argument("--kind", action="append", help=_("create: a kind of event (repeatable)"))
    sp.add_argument("--add", action="append", help=_("create: a tournament number to add"))
    sp.add_argument("--leave-out", action="append",
                    help=_("create: a tournament number to leave out"))  # fmt: skip
    sp.add_argument("--csv", type=Path, help=_("export: CSV file"))
    sp.add_argument("--xlsx", type=Path, help=_("export: Excel file"))
