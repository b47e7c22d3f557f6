"""The rules of format D in words: every declared key is said, in words of the family's own or
as its label and value; a key the own lines do not say appears as soon as a ruleset sets it."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import knockout_rules_from_dict
from tafelrunde.engine.knockout.rules_text import SAID, rule_items
from tafelrunde.engine.rule_keys import LEVELS, RuleKey
from tafelrunde.engine.rule_words import unsaid_items
from tafelrunde.i18n import text_in
from tafelrunde.presets import load_rules

pytestmark = pytest.mark.unit

BASE = load_rules("schocken-ko").source
HEAD = {"schema", "name", "name_en", "format", "description"}  # the page's head says them


def _rules(dotted: str, value: Any) -> Any:
    """The shipped knockout with one key set."""
    data = copy.deepcopy(BASE)
    table = data
    *parts, last = dotted.split(".")
    for part in parts:
        table = table.setdefault(part, {})
    table[last] = value
    return knockout_rules_from_dict(data)


def _text(rules: Any) -> list[str]:
    """The rules' lines in German."""
    return [f"{text_in(label, 'de')}: {text_in(value, 'de')}" for label, value in rule_items(rules)]


def _other(k: RuleKey) -> list[Any]:
    """Values other than the shipped one, as a file writes them."""
    if k.kind == "flag":
        return [True, False]
    if k.kind == "choice":
        return list(k.words())
    if k.kind == "whole":
        return [1, 2, 3, 5, 6]
    if k.kind in ("number", "money"):
        return ["1", "4.50"]
    if k.kind == "time":
        return ["15:00", "16:40", "16:50"]
    if k.kind == "sizes":
        return [[3], [5]]
    return []


SAID_KEYS = [k for k in LEVELS["knockout"] if k.dotted in SAID - HEAD and _other(k)]


def test_said_names_declared_keys_only() -> None:
    assert {k.dotted for k in LEVELS["knockout"]} >= SAID
    assert unsaid_items("knockout", load_rules("schocken-ko"), SAID) == []


@pytest.mark.parametrize("k", SAID_KEYS, ids=lambda k: k.dotted)
def test_a_key_the_lines_say_changes_them(k: RuleKey) -> None:
    base = _text(load_rules("schocken-ko"))
    changed = []
    for value in _other(k):
        try:
            changed.append(_text(_rules(k.dotted, value)))
        except RuleError:
            continue
    assert any(text != base for text in changed), k.dotted


def test_a_key_no_line_says_is_said_as_label_and_value_once_a_ruleset_sets_it() -> None:
    """As a new key would be: `lives` taken out of the own lines' keys."""
    rules = _rules("lives", 3)
    found = unsaid_items("knockout", rules, SAID - {"lives"})
    assert [(text_in(label, "de"), value) for label, value in found] == [("Leben", "3")]
    assert unsaid_items("knockout", load_rules("schocken-ko"), SAID - {"lives"}) == []
