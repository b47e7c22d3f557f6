"""The installed format families: the one place a family is registered on the web."""

from __future__ import annotations

from collections.abc import Callable

from tafelrunde.web.families import group, knockout

INSTALLED: tuple[Callable[[], None], ...] = (group.register, knockout.register)


def register_all() -> None:
    """Add every installed family's answers to the apps' concerns."""
    for register in INSTALLED:
        register()
