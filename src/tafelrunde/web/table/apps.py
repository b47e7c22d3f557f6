"""The pages of a table: its secret link, where its players enter and confirm results."""

from __future__ import annotations

from django.apps import AppConfig


class TableConfig(AppConfig):
    """The pages of a table: its secret link, where its players enter and confirm results."""

    name = "tafelrunde.web.table"
    label = "table"

    def ready(self) -> None:
        """Name the table form's fields on the page of a refused change."""
        from tafelrunde.web.core.typed import register
        from tafelrunde.web.table.typed import in_words

        register(in_words)
