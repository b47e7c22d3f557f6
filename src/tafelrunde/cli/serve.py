"""`tafelrunde serve` and `tafelrunde createorganiser`: the web application on this computer."""

from __future__ import annotations

import argparse
import getpass
import os
from pathlib import Path

from rich.console import Console

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.rules_text import t


def _django(data: Path | None) -> None:
    """Point Django at the data folder and start it."""
    if data is not None:
        os.environ["TAFELRUNDE_DATA"] = str(data.resolve())
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tafelrunde.web.settings")
    import django

    django.setup()


def _migrate() -> None:
    """Bring the database up to date (creates it on first start)."""
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


def serve(args: argparse.Namespace, out: Console) -> int:
    """Back up, set up the database, add the demo if asked, print address and login, serve."""
    if args.public:  # phones reach the laptop by its address in the club's network
        os.environ.setdefault("TAFELRUNDE_HOSTS", "*")
    _django(args.data)
    from django.conf import settings as conf

    from tafelrunde.web.backup import backup_sqlite

    where = conf.DATABASES["default"]
    if "sqlite" in where["ENGINE"]:
        copy = backup_sqlite(Path(where["NAME"]), Path(where["NAME"]).parent / "backups")
        if copy is not None:
            out.print(t(args.lang, f"Sicherung: {copy}", f"Backup: {copy}"))
    _migrate()
    import uvicorn
    from django.conf import settings

    from tafelrunde.web.database import data_dir

    lang = args.lang
    if args.demo:
        from tafelrunde.web.demo import DEMO_PASSWORD, DEMO_USER, add_demo

        add_demo()
        out.print(
            t(
                lang,
                f"Demo-Daten bereit. Anmeldung der Turnierleitung: {DEMO_USER} / {DEMO_PASSWORD}",
                f"Demo data ready. Organiser login: {DEMO_USER} / {DEMO_PASSWORD}",
            )
        )
    else:
        from django.contrib.auth import get_user_model

        if not get_user_model().objects.exists():
            out.print(
                t(
                    lang,
                    "Noch keine Turnierleitung: bitte `tafelrunde createorganiser NAME` ausführen.",
                    "No organiser yet: please run `tafelrunde createorganiser NAME`.",
                )
            )
    where = settings.DATABASES["default"]
    db = "PostgreSQL" if "postgresql" in where["ENGINE"] else f"SQLite: {where['NAME']}"
    out.print(t(lang, f"Daten: {data_dir()} ({db})", f"Data: {data_dir()} ({db})"))
    out.print(
        t(lang, "Tafelrunde läuft unter ", "Tafelrunde runs at ")
        + f"[bold]http://127.0.0.1:{args.port}/[/bold]"
        + t(lang, "  (beenden mit Strg+C)", "  (stop with Ctrl+C)")
    )
    from tafelrunde.web.asgi import application

    host = "0.0.0.0" if args.public else "127.0.0.1"
    uvicorn.run(application, host=host, port=args.port, log_level="warning", lifespan="off")
    return 0


def create_organiser(args: argparse.Namespace, out: Console) -> int:
    """Make an organiser login (or set a new password for one)."""
    _django(args.data)
    _migrate()
    from django.contrib.auth import get_user_model

    password = args.password or os.environ.get("TAFELRUNDE_PASSWORD") or ""
    if not password:
        password = getpass.getpass(t(args.lang, "Passwort: ", "Password: "))
        again = getpass.getpass(t(args.lang, "Passwort wiederholen: ", "Repeat password: "))
        if password != again:
            raise RuleError(
                "Die Passwörter stimmen nicht überein.", "The passwords differ.", field="password"
            )
    if len(password) < 8:
        raise RuleError(
            "Das Passwort braucht mindestens 8 Zeichen.",
            "The password needs at least 8 characters.",
            field="password",
        )
    users = get_user_model()
    user, made = users.objects.get_or_create(username=args.name)
    user.set_password(password)
    user.save()
    said = (
        t(args.lang, "Turnierleitung angelegt: ", "Organiser created: ")
        if made
        else t(args.lang, "Neues Passwort gesetzt für: ", "New password set for: ")
    )
    out.print(said + args.name)
    return 0
