"""The Django app of Tafelrunde."""

from __future__ import annotations

from pathlib import Path

from django.apps import AppConfig


class WebConfig(AppConfig):
    """Tafelrunde's web app: events, tournaments and their facts."""

    name = "tafelrunde.web"
    label = "web"
    verbose_name = "Tafelrunde"

    def ready(self) -> None:
        """Watch the data folder of SQLite; a login writes nothing (no last-login time)."""
        from django.conf import settings
        from django.contrib.auth.models import update_last_login
        from django.contrib.auth.signals import user_logged_in

        from tafelrunde.web import storage

        user_logged_in.disconnect(update_last_login, dispatch_uid="update_last_login")
        name = settings.DATABASES["default"]
        storage.watch(
            Path(name["NAME"]).parent if name["ENGINE"].endswith("sqlite_backend") else None
        )
