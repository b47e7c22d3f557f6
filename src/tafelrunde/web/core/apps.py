"""The core app: models, migrations, the domain, settings (its label stays "web")."""

from __future__ import annotations

from pathlib import Path

from django.apps import AppConfig


class CoreConfig(AppConfig):
    """Events, tournaments and their facts; the data folder is watched from here."""

    name = "tafelrunde.web.core"
    label = "web"  # the tables and migrations keep their names
    verbose_name = "Tafelrunde"

    def ready(self) -> None:
        """Watch the data folder of SQLite; a login writes nothing (no last-login time); a
        logout ends its session on the server."""
        from django.conf import settings
        from django.contrib.auth.models import update_last_login
        from django.contrib.auth.signals import user_logged_in, user_logged_out

        from tafelrunde.web.core import ended_sessions, storage

        user_logged_in.disconnect(update_last_login, dispatch_uid="update_last_login")
        user_logged_in.connect(ended_sessions.on_login, dispatch_uid="tafelrunde_login_key")
        user_logged_out.connect(ended_sessions.on_logout, dispatch_uid="tafelrunde_logout_ends")
        name = settings.DATABASES["default"]
        storage.watch(
            Path(name["NAME"]).parent if name["ENGINE"].endswith("sqlite_backend") else None
        )
