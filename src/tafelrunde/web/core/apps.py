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
        """Watch the data folder of SQLite; a login writes nothing (no last-login time)."""
        from django.conf import settings
        from django.contrib.auth.models import update_last_login
        from django.contrib.auth.signals import user_logged_in

        from tafelrunde.web.core import storage

        user_logged_in.disconnect(update_last_login, dispatch_uid="update_last_login")
        name = settings.DATABASES["default"]
        storage.watch(
            Path(name["NAME"]).parent if name["ENGINE"].endswith("sqlite_backend") else None
        )
