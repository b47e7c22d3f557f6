"""`tafelrunde serve`, `createorganiser` (logins and their roles), `backup` and `restore`:
the web application here.

Starting never dies of a full disk or a read-only data folder: the backup at start is
then a warning, and the server serves every page read-only until writing works again.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import getpass
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console

from tafelrunde.engine.errors import RuleError
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.database import data_dir, private_folder


def _django(data: Path | None, *, public: bool = False, public_url: str | None = None) -> Path:
    """Point Django at the (private) data folder and start it; return the folder."""
    if data is not None:
        os.environ["TAFELRUNDE_DATA"] = str(data.resolve())
    if public:  # phones reach the laptop by its names and addresses in the club's network
        os.environ["TAFELRUNDE_PUBLIC"] = "1"
    if public_url is not None:
        os.environ["TAFELRUNDE_PUBLIC_URL"] = checked_url(public_url)
    folder = data_dir()
    private_folder(folder)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tafelrunde.web.core.settings")
    import django

    django.setup()
    return folder


def _sqlite_file() -> Path | None:
    """The SQLite database file, or None on PostgreSQL."""
    from django.conf import settings

    from tafelrunde.web.core.startup import is_sqlite

    return Path(settings.DATABASES["default"]["NAME"]) if is_sqlite() else None


def backup_folders(folder: Path, second: Path | None) -> list[Path]:
    """Where backups go: the data folder's backups/, and a second folder if one is set."""
    extra = second or (
        Path(os.environ["TAFELRUNDE_BACKUP_DIR"])
        if os.environ.get("TAFELRUNDE_BACKUP_DIR")
        else None
    )
    return [folder / "backups", *([extra.resolve()] if extra else [])]


@contextlib.contextmanager
def running(folder: Path) -> Iterator[None]:
    """Mark the data folder as in use by a server (restore waits until it has stopped)."""
    with contextlib.ExitStack() as stack:
        with contextlib.suppress(OSError):
            mark = stack.enter_context((folder / ".server.lock").open("a"))
            fcntl.flock(mark, fcntl.LOCK_SH)
        yield


def _start_backup(out: Console, lang: str, folders: list[Path]) -> None:
    """Back the database up at start; a failure is a warning, never a reason not to start."""
    from tafelrunde.web.core.backup import backup_everywhere

    database = _sqlite_file()
    if database is None:
        return
    made, warnings = backup_everywhere(database, folders)
    for copy in made:
        out.print(msg("Backup: {copy}", copy=copy).text(lang))
    for warning in warnings:
        out.print(
            msg("[yellow]Warning:[/yellow] no backup in {warning}", warning=warning).text(lang)
        )


def _prepare(out: Console, lang: str, folder: Path, demo: bool) -> None:
    """Migrate under the lock and add the demo; without writing, serve what is there."""
    from django.db import DatabaseError

    from tafelrunde.web.core import storage
    from tafelrunde.web.core.startup import migrate

    try:
        migrate(folder)
        if demo:
            from tafelrunde.web.club.demo import add_club_demo
            from tafelrunde.web.core.demo import DEMO_PASSWORD, DEMO_USER, add_demo
            from tafelrunde.web.player.demo import add_sign_up_demo

            add_demo()
            add_club_demo()
            add_sign_up_demo()
            out.print(
                msg(
                    "Demo data ready. Organiser login: {user} / {password}",
                    user=DEMO_USER,
                    password=DEMO_PASSWORD,
                ).text(lang)
            )
    except (DatabaseError, OSError) as err:
        reason = storage.reason_of(err)
        if reason is None:
            raise
        storage.failed(reason)
        out.print(msg("[yellow]Read only:[/yellow] {reason}", reason=reason).text(lang))


def _check_public(lang: str) -> None:
    """Refuse to go on the network while an organiser has a published password."""
    from tafelrunde.web.core.startup import published_password_users

    users = published_password_users()
    if users:
        names = ", ".join(users)
        first = users[0]
        raise RuleError(
            msg(
                "On the network (--public) no login may have a published password; "
                "affected: {names}. Please set your own first: tafelrunde createorganiser {first}",
                names=names,
                first=first,
            ),
            field="password",
        )


def serve(args: argparse.Namespace, out: Console) -> int:
    """Back up, set up the database, add the demo if asked, print address and login, serve."""
    lang = args.lang
    folder = _django(args.data, public=args.public, public_url=getattr(args, "public_url", None))
    folders = backup_folders(folder, args.backup_dir)
    from django.conf import settings

    _start_backup(out, lang, folders)
    _prepare(out, lang, folder, args.demo)
    if args.public:
        _check_public(lang)
    _say_where(out, lang, folder, args.port, args.public)
    if not settings.SECRET_KEY_KEPT:
        out.print(
            msg(
                "[yellow]Warning:[/yellow] the key for logins could not be saved; "
                "they last until the next start only."
            ).text(lang)
        )
    return _run(args, out, folder, folders)


def _say_where(out: Console, lang: str, folder: Path, port: int, public: bool) -> None:
    """Print the data folder, the database and the address(es)."""
    from django.conf import settings
    from django.db import DatabaseError

    from tafelrunde.web.core.roles import organisers

    with contextlib.suppress(DatabaseError):
        if not organisers().exists():
            out.print(
                msg("No organiser yet: please run `tafelrunde createorganiser NAME`.").text(lang)
            )
    where = settings.DATABASES["default"]
    db = "PostgreSQL" if "postgresql" in where["ENGINE"] else f"SQLite: {where['NAME']}"
    out.print(msg("Data: {folder} ({db})", folder=folder, db=db).text(lang))
    if public:
        shown = [h for h in settings.ALLOWED_HOSTS if h[:1].isdigit() and h != "127.0.0.1"]
        for host in shown:
            out.print(msg("On the network: {url}", url=f"http://{host}:{port}/").text(lang))
    _phones(out, lang, port)
    url = f"[bold]http://127.0.0.1:{port}/[/bold]"
    out.print(msg("Tafelrunde runs at {url}  (stop with Ctrl+C)", url=url).text(lang))


def checked_url(text: str) -> str:
    """The address phones use, as given (http:// or https://, a host, maybe a port and path)."""
    given = text.strip().rstrip("/")
    if not re.fullmatch(r"https?://[A-Za-z0-9.\-\[\]:]+(/[^\s]*)?", given):
        raise RuleError(
            msg("'{url}' is no web address (http://… or https://…).", url=given[:100]),
            field="public-url",
        )
    return given


def _phones(out: Console, lang: str, port: int) -> None:
    """Print the address phones use and a QR code of the newest tournament's page there."""
    import segno
    from django.db import DatabaseError
    from django.urls import reverse

    from tafelrunde.web.core.hosts import public_base
    from tafelrunde.web.core.models import TournamentRecord

    base = public_base(port)
    if base is None:
        return
    url = f"{base}/"
    with contextlib.suppress(DatabaseError):
        newest = TournamentRecord.objects.order_by("-pk").first()
        if newest is not None:
            url = base + reverse("tournament", args=[newest.pk])
    out.print(msg("Phones open Tafelrunde at: {url}", url=f"[bold]{url}[/bold]").text(lang))
    segno.make(url, error="m").terminal(out=out.file, compact=True, border=2)


def _run(args: argparse.Namespace, out: Console, folder: Path, folders: list[Path]) -> int:
    """Serve with uvicorn; back up every few minutes while the database changes."""
    import uvicorn

    from tafelrunde.web.core.backup import BackupTimer
    from tafelrunde.web.core.guard import options
    from tafelrunde.web.live import shelf

    database = _sqlite_file()
    timer = None
    if database is not None and args.backup_minutes > 0:
        lang = args.lang

        def warn(where: str) -> None:
            out.print(
                msg("[yellow]Warning:[/yellow] no backup in {warning}", warning=where).text(lang)
            )

        timer = BackupTimer(database, folders, args.backup_minutes, warn)
        timer.start()
    host = "0.0.0.0" if args.public else "127.0.0.1"
    shelf.clear()  # copies of pages kept by the processes that served before
    with running(folder):
        uvicorn.run(
            "tafelrunde.web.asgi:application",
            host=host,
            port=args.port,
            workers=args.workers,
            **options(),  # heads on time and small, connections per address, the proxy list
            timeout_graceful_shutdown=3,  # open event streams (projector, pages) end then
        )
    if timer is not None:
        timer.stop.set()
        timer.once()  # the last state of the evening
    sys.stdout.flush()
    os._exit(0)  # a request still computing in a worker thread must not keep the server up


def _password(args: argparse.Namespace) -> str:
    """The new password: given, from TAFELRUNDE_PASSWORD, or asked twice."""
    password = args.password or os.environ.get("TAFELRUNDE_PASSWORD") or ""
    if not password:
        password = getpass.getpass(msg("Password: ").text(args.lang))
        again = getpass.getpass(msg("Repeat password: ").text(args.lang))
        if password != again:
            raise RuleError(msg("The passwords differ."), field="password")
    return password


def create_organiser(args: argparse.Namespace, out: Console) -> int:
    """Make a login with its role (organiser unless --role referee), or set a new password
    and the role given for one that exists."""
    from tafelrunde.web.core.startup import PUBLISHED_PASSWORDS, migrate

    folder = _django(args.data)
    migrate(folder)
    from tafelrunde.web.core.domain.logins import set_password_and_role

    password = _password(args)
    if len(password) < 8:
        raise RuleError(
            msg("The password needs at least 8 characters."),
            field="password",
        )
    if password.casefold() in PUBLISHED_PASSWORDS:
        raise RuleError(
            msg("This password is published (e.g. the demo's); please choose your own."),
            field="password",
        )
    referee = args.role == "referee"
    _, made, changed = set_password_and_role(args.name, password, args.role)
    if not made:
        said = msg("New password set for: {name}", name=args.name)
    elif referee:
        said = msg("Referee created: {name}", name=args.name)
    else:
        said = msg("Organiser created: {name}", name=args.name)
    out.print(said.text(args.lang))
    if changed and referee:
        out.print(msg("{name} is now a referee.", name=args.name).text(args.lang))
    elif changed:
        out.print(msg("{name} is now an organiser.", name=args.name).text(args.lang))
    return 0


def _sqlite_only(data: Path | None, done: Message) -> tuple[Path, Path]:
    """The data folder and its SQLite database; PostgreSQL has its own tools (named)."""
    folder = _django(data)
    database = _sqlite_file()
    if database is None:
        raise RuleError(
            msg("PostgreSQL is {done} with its own tools.", done=done),
            field="data",
        )
    return folder, database


def backup(args: argparse.Namespace, out: Console) -> int:
    """Back the SQLite database up now, into backups/ and the second folder if set."""
    from tafelrunde.web.core.backup import backup_everywhere

    folder, database = _sqlite_only(args.data, msg("backed up (pg_dump)"))
    if not database.exists():
        raise RuleError(
            msg("There is no database in {folder} yet.", folder=folder),
            field="data",
        )
    made, warnings = backup_everywhere(database, backup_folders(folder, args.to))
    for copy in made:
        out.print(msg("Backup: {copy}", copy=copy).text(args.lang))
    if warnings:
        raise RuleError(msg("No backup in {where}", where="; ".join(warnings)), field="data")
    return 0


def restore(args: argparse.Namespace, out: Console) -> int:
    """Replace the database by a backup (checked first); the server must be stopped."""
    from tafelrunde.web.core.backup import restore as restore_file

    folder, database = _sqlite_only(args.data, msg("restored (pg_restore)"))
    with (folder / ".server.lock").open("a") as mark:
        try:
            fcntl.flock(mark, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise RuleError(
                msg("Tafelrunde is still running with this data folder; please stop it first."),
                field="data",
            ) from None
        before = restore_file(args.file.resolve(), database, folder / "backups")
    if before is not None:
        out.print(msg("The previous state is backed up: {before}", before=before).text(args.lang))
    out.print(msg("Restored from {file}.", file=args.file).text(args.lang))
    return 0
