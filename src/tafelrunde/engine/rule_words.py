"""A declared key's value in words for the rules the players read: its label and its value."""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction
from operator import attrgetter
from typing import Any

from tafelrunde.engine.numbers import shown
from tafelrunde.engine.rule_keys import LEVELS, Level, key
from tafelrunde.i18n import Message, Text, msg


def value_words(level: Level, dotted: str, value: Any) -> Text:
    """A value as the rules say it: yes/no, a choice's label, an amount in euros, a number."""
    k = key(level, dotted)
    if k.kind == "flag":
        return msg("yes") if value else msg("no")
    if k.kind == "choice":
        word = ",".join(value) if isinstance(value, tuple) else str(value)  # a joined choice
        return dict(k.options).get(word, word)
    if k.kind == "money":
        return f"{value} €"
    if k.kind == "criteria":  # a family's criteria, each with its label
        return joined([c.label() for c in value], " → ")
    if isinstance(value, Fraction):
        return shown(value)
    return str(value)


def item(level: Level, dotted: str, value: Any) -> tuple[Message, Text]:
    """A key's line of the rules: its declared label and its value in words."""
    return key(level, dotted).label, value_words(level, dotted, value)


def stated(level: Level, dotted: str, value: Any) -> Message:
    """A key's line of the rules as one text: 'Seating: draw by lot'."""
    return stated_as(level, dotted, item(level, dotted, value)[1])


def stated_as(level: Level, dotted: str, words: Text) -> Message:
    """A key's line of the rules with its value in words of the family's own."""
    return msg("{label}: {value}", label=key(level, dotted).label, value=words)


def joined(items: list[Text], between: str) -> Text:
    """Several texts (messages or plain) in a row, as one text."""
    if all(isinstance(x, str) for x in items):
        return between.join(str(x) for x in items)
    params = {f"x{i}": x for i, x in enumerate(items)}
    return Message(between.join("{" + k + "}" for k in params), params)


def named(german: str, english: str) -> Message:
    """A name a ruleset gives in German and English (English falls back on German)."""
    return msg("{english}", english=english or german, german=german)


def unsaid_items(level: Level, rules: object, said: Collection[str]) -> list[tuple[Message, Text]]:
    """Every declared key of a level that the family's own lines do not say (`said`: their
    dotted names) and whose value differs from its default, as (label, value): a new
    parameter is in the rules the players read as soon as a ruleset sets it."""
    return [
        item(level, k.dotted, value)
        for k in LEVELS[level]
        if k.dotted not in said and not k.replaced_by
        and (value := attrgetter(k.field)(rules)) != k.default
    ]  # fmt: skip


def unsaid_lines(level: Level, rules: object, said: Collection[str]) -> list[Message]:
    """The same as lines: 'label: value'."""
    found = unsaid_items(level, rules, said)
    return [msg("{label}: {value}", label=label, value=words) for label, words in found]
