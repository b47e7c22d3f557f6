"""The pages of a table: its secret link, where its players enter and confirm results."""

from __future__ import annotations

from django.apps import AppConfig


class TableConfig(AppConfig):
    """The pages of a table: its secret link, where its players enter and confirm results."""

    name = "tafelrunde.web.table"
    label = "table"
