"""The rules text of formats A–C states its plain parameters in their declared words: the
label of the key and the words of its value, as the rules form shows them."""

from __future__ import annotations

import copy
from operator import attrgetter
from typing import Any

import pytest

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.rules_text import SAID, player_lines, stage_lines, summary_lines
from tafelrunde.engine.groups.ruleset import StageRule
from tafelrunde.engine.groups.ruleset_file import ruleset_from_dict
from tafelrunde.engine.rule_keys import LEVELS, Level, RuleKey, key
from tafelrunde.engine.rule_words import stated
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


def _stage_text(changed: dict[str, Any], lang: str = "de") -> str:
    """The small ruleset's first stage in the rules text, with some of its keys set."""
    rule = _rule(changed)
    return "\n".join(text_in(line, lang) for line in [rule.title(), *stage_lines(rule)])


def _rule(changed: dict[str, Any]) -> StageRule:
    """The small ruleset's first stage with some of its keys set."""
    data = copy.deepcopy(SMALL)
    stage = data["stages"][0]
    for dotted, value in changed.items():
        table = stage
        *parts, last = dotted.split(".")
        for part in parts:
            table = table.setdefault(part, {})
        table[last] = value
    return ruleset_from_dict(data).stages[0]


def _other(k: RuleKey) -> list[Any]:
    """Values of a stage's key other than its default, as a file writes them."""
    if k.kind == "flag":
        return [not k.default]
    if k.kind == "choice" and k.joined:
        return [w.split(",") for w in k.words() if tuple(w.split(",")) != k.default]
    if k.kind == "choice":
        return [w for w in k.words() if w != str(k.default)]
    if k.kind == "number":
        return ["-5", "7"]
    if k.kind in ("line", "text"):
        return ["Anders"]
    if k.kind == "whole":
        return [2, 3]
    if k.kind == "criteria":
        return [["points", "wins", "lot"], ["wins", "points"]]
    return []


UNSAID = [k for k in LEVELS["stage"] if k.dotted not in SAID and not k.replaced_by]
# what a key needs beside it to matter, where the lines say it only then
BESIDE: dict[str, dict[str, Any]] = {
    "scoring.rounding.step": {"scoring.rounding.mode": "floor", "scoring.tie": "split"},
    "scoring.game_point_rounding.step": {"scoring.game_point_rounding.mode": "floor"},
    "scoring.rolloff_losers": {"scoring.tie": "rolloff"},
    "play_if.entrants_at_least": {"repeat": True},
    "result.score_min": {"result.negative": True},
}
ENGLISH = {"name_en", "game_name_en", "points_name_en"}  # said in English only
NOT_IN_A_FIRST_STAGE = {"entrants.top", "entrants.per_table", "entrants.fill_multiple",
                        "entrants.fill_target"}  # fmt: skip


def test_every_stage_key_is_said_in_words_of_its_own_or_as_label_and_value() -> None:
    assert UNSAID and not SAID & {k.dotted for k in UNSAID}
    assert {k.dotted for k in LEVELS["stage"]} >= SAID


@pytest.mark.parametrize("k", UNSAID, ids=lambda k: k.dotted)
def test_a_stage_key_the_lines_do_not_say_is_said_as_label_and_value_once_set(k: RuleKey) -> None:
    base = _stage_text({})
    shown = [v for v in _other(k) if _reads(k, v)]
    assert shown, f"{k.dotted}: no other value to try"
    for value in shown:
        text = _stage_text({k.dotted: value})
        rule = _rule({k.dotted: value})
        line = text_in(stated("stage", k.dotted, attrgetter(k.field)(rule)), "de")
        assert line in text.splitlines() and line not in base.splitlines()


@pytest.mark.parametrize(
    "k",
    [k for k in LEVELS["stage"] if k.dotted in SAID - NOT_IN_A_FIRST_STAGE - {"id"} and _other(k)],
    ids=lambda k: k.dotted,
)
def test_a_stage_key_the_lines_say_changes_them(k: RuleKey) -> None:
    """The keys in SAID are said indeed: another value changes the stage's rules text."""
    lang = "en" if k.dotted in ENGLISH else "de"
    beside = BESIDE.get(k.dotted, {})
    base = _stage_text(beside, lang)
    changed = [v for v in _other(k) if _reads(k, v, beside)]
    assert any(_stage_text(beside | {k.dotted: v}, lang) != base for v in changed), k.dotted


def _reads(k: RuleKey, value: Any, beside: dict[str, Any] | None = None) -> bool:
    """Say whether the small ruleset takes the value."""
    try:
        _stage_text((beside or {}) | {k.dotted: value})
    except RuleError:
        return False
    return True
