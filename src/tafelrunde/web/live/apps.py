"""Pages that update by themselves: the event stream per tournament and the projector."""

from __future__ import annotations

from django.apps import AppConfig


class LiveConfig(AppConfig):
    """Pages that update by themselves: the event stream per tournament and the projector."""

    name = "tafelrunde.web.live"
    label = "live"

    def ready(self) -> None:
        """Hear every change of a tournament."""
        from tafelrunde.web.live import publish  # noqa: F401  (connects the receivers)
