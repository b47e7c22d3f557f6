"""The rules text of formats A–C states its plain parameters in their declared words: the
label of the key and the words of its value, as the rules form shows them."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tafelrunde.engine.groups.rules_text import player_lines, stage_lines, summary_lines
from tafelrunde.engine.groups.ruleset_file import ruleset_from_dict
from tafelrunde.engine.rule_keys import Level, RuleKey, key
from tafelrunde.i18n import text_in

pytestmark = pytest.mark.unit

SMALL: dict[str, Any] = {
    "name": "Klein",
    "stages": [
        {"id": "a", "games": 2, "scoring": {"points": {"4": [3, 2, 1, 0], "3": [3, 2, 1]},
                                            "game_point_factor": {"3": "0.75"}},
         "ranking": ["points", "lot"]},
    ],
}  # fmt: skip
STATED: list[tuple[Level, str]] = [
    ("stage", "seating"),
    ("stage", "scoring.tie"),
    ("stage", "scoring.rounding.mode"),
    ("stage", "scoring.game_point_rounding.mode"),
    ("top", "players.withdrawn"),
]


def rules_text(level: Level, k: RuleKey, word: str, lang: str) -> str:
    """The rules text of the small ruleset with one key set to a word, in a language."""
    data = copy.deepcopy(SMALL)
    table = data if level == "top" else data["stages"][0]
    for part in k.path[:-1]:
        table = table.setdefault(part, {})
    table[k.path[-1]] = word
    rules = ruleset_from_dict(data)
    lines = [*summary_lines(rules), *stage_lines(rules.stages[0])]
    said = [text_in(line, lang) for line in lines]
    said += [
        f"{text_in(label, lang)}: {text_in(value, lang)}" for label, value in player_lines(rules)
    ]
    return "\n".join(said)


@pytest.mark.parametrize(("level", "dotted"), STATED)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_rules_text_says_a_choice_in_its_declared_words(
    level: Level, dotted: str, lang: str
) -> None:
    k = key(level, dotted)
    for word, label in k.options:
        words = text_in(label, lang)
        said = rules_text(level, k, word, lang)
        assert words in said, f"{dotted} = {word!r}"
        for other, _ in k.options:  # said for this value, not for another
            if other != word:
                assert said.count(words) > rules_text(level, k, other, lang).count(words)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_rules_text_names_a_stated_key_by_its_declared_label(lang: str) -> None:
    said = rules_text("stage", key("stage", "seating"), "draw", lang)
    for level, dotted in [("stage", "seating"), ("stage", "scoring.tie"),
                          ("top", "players.withdrawn"), ("top", "confirmation")]:  # fmt: skip
        assert text_in(key(level, dotted).label, lang) + ": " in said, dotted
