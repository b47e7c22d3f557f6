"""A third format family, defined only here: a card-game series ("Kartenserie").

It proves that a family is its own package and one registration: `register()` adds it to
the engine's registry (its engine, no simulation, no command line), to every web app (its
face with one page of its own, its answers to each app), one print kind and one slide
kind; `unregister()` takes it out again. No module of the program knows it.
"""

from __future__ import annotations

from seriesfamily.engine import SERIES
from tafelrunde.engine import families


def register() -> None:
    """Register the series family in the engine and, its web answers, in every app."""
    from seriesfamily import web

    families.register(SERIES)
    web.register()


def unregister() -> None:
    """Take the series family out of the registry and the apps again."""
    from seriesfamily import web

    web.unregister()
    families.unregister(SERIES.key)
