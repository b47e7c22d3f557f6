"""A declared key's value in words for the rules the players read: its label and its value."""

from __future__ import annotations

from typing import Any

from tafelrunde.engine.rule_keys import Level, key
from tafelrunde.i18n import Message, Text, msg


def value_words(level: Level, dotted: str, value: Any) -> Text:
    """A value as the rules say it: yes/no, a choice's label, an amount in euros, a number."""
    k = key(level, dotted)
    if k.kind == "flag":
        return msg("yes") if value else msg("no")
    if k.kind == "choice":
        return dict(k.options).get(str(value), str(value))
    if k.kind == "money":
        return f"{value} €"
    return str(value)


def item(level: Level, dotted: str, value: Any) -> tuple[Message, Text]:
    """A key's line of the rules: its declared label and its value in words."""
    return key(level, dotted).label, value_words(level, dotted, value)


def stated(level: Level, dotted: str, value: Any) -> Message:
    """A key's line of the rules as one text: 'Seating: draw by lot'."""
    label, words = item(level, dotted, value)
    return msg("{label}: {value}", label=label, value=words)


def joined(items: list[Text], between: str) -> Text:
    """Several texts (messages or plain) in a row, as one text."""
    if all(isinstance(x, str) for x in items):
        return between.join(str(x) for x in items)
    params = {f"x{i}": x for i, x in enumerate(items)}
    return Message(between.join("{" + k + "}" for k in params), params)


def named(german: str, english: str) -> Message:
    """A name a ruleset gives in German and English (English falls back on German)."""
    return msg("{english}", english=english or german, german=german)
