"""A table form refused (e.g. on a full disk), in words: whose pips, game points and place."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import Resolver404, resolve

from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.core.typed import Pairs
from tafelrunde.web.table.links import find

HIDDEN = ("action", "basis", "game", "entry", "kind", "rgame", "mark", "players")  # not typed
LABELS = {
    "points": lambda name: msg("Game points of {name}", name=name),
    "pips": lambda name: msg("Pips of {name}", name=name),
    "place": lambda name: msg("Place of {name}", name=name),
}


def in_words(request: HttpRequest, typed: Pairs) -> Pairs | None:
    """The values sent from a table link, named by player (None: not a table link's form)."""
    try:
        found = resolve(request.path_info)
    except Resolver404:
        return None
    if found.url_name != "table-link":
        return None
    link = find(str(found.kwargs.get("token", "")))
    if link is None:
        return [(k, v) for k, v in typed if k not in HIDDEN]
    state = read_only(link.tournament)[1]
    name = state.name_of
    return [(translated(_label(key, value, name)), _value(key, value, name))
            for key, value in typed if key not in HIDDEN]  # fmt: skip


def _label(key: str, value: str, name: Any) -> Message | str:
    """A field's name in words."""
    kind, _, player = key.partition("-")
    if kind in LABELS and player:
        return LABELS[kind](name(player))
    if key == "player":
        return msg("Name")
    if key == "loser":
        return msg("Lost the game:")
    if key == "winner":
        return msg("Who won?")
    if key == "order":
        return msg("Order of the roll-off")
    return key


def _value(key: str, value: str, name: Any) -> str:
    """A value in words: a player's id becomes their name."""
    return str(name(value)) if key in ("player", "loser", "winner", "order") else value
