"""Every key of a ruleset declared once: the docs' key tables, the file reader's bounds and words
and the rules form's fields all follow the declarations."""

from __future__ import annotations

import ast
import copy
from operator import attrgetter
from pathlib import Path
from typing import Any

import pytest

from tafelrunde.engine import family_engine
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.ruleset import Ruleset
from tafelrunde.engine.groups.ruleset_file import ruleset_from_dict
from tafelrunde.engine.knockout.rules import KnockoutRules
from tafelrunde.engine.knockout.rules_file import knockout_rules_from_dict
from tafelrunde.engine.rule_docs import docs_tables, with_tables
from tafelrunde.engine.rule_keys import KNOCKOUT, LEVELS, STRUCTURE, RuleKey
from tafelrunde.engine.season.rules_file import season_rules_from_dict
from tafelrunde.presets import load_rules, preset_names

pytestmark = pytest.mark.unit

DOCS = [Path(__file__).parents[2] / "docs" / name for name in ("rulesets.md", "seasons.md")]
SMALL: dict[str, Any] = {
    "name": "Klein",
    "stages": [
        {"id": "a", "games": 1, "scoring": {"points": {"4": [3, 2, 1, 0], "3": [3, 2, 1]}},
         "ranking": ["points", "lot"]},
        {"id": "b", "games": 1, "entrants": {"top": 4},
         "scoring": {"points": {"4": [3, 2, 1, 0], "3": [3, 2, 1]}}, "ranking": ["points"]},
    ],
}  # fmt: skip


SEASON_WITH = {  # what a season's key needs beside it
    "count.n": {"count": {"mode": "best"}},
    "count.min_evenings": {"count": {"mode": "average"}},
    "count.below_minimum": {"count": {"mode": "average"}},
}


def with_value(k: RuleKey, level: str, value: Any) -> dict[str, Any]:
    """The small ruleset with one key set (in the second stage for a stage's key)."""
    data = copy.deepcopy(SMALL) if level != "knockout" else {"format": "D"}
    if level == "season":
        data = {"name": "Jahr"} | copy.deepcopy(SEASON_WITH.get(k.dotted, {}))
    table = data if level != "stage" else data["stages"][1]
    for part in k.path[:-1]:
        table = table.setdefault(part, {})
    table[k.path[-1]] = value
    return data


def where(k: RuleKey, level: str) -> str:
    """The field a refusal of this key names."""
    return f"stages[2].{k.dotted}" if level == "stage" else k.dotted


def read(level: str, data: dict[str, Any]) -> object:
    """Read a ruleset file of formats A–C, or of format D."""
    if level == "knockout":
        return knockout_rules_from_dict(data)
    if level == "season":
        return season_rules_from_dict(data)
    return ruleset_from_dict(data)


def keys_of(kind: str) -> list[tuple[str, RuleKey]]:
    """Every declared key of a kind, with its level."""
    return [(level, k) for level, keys in LEVELS.items() for k in keys if k.kind == kind]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_the_key_tables_of_the_docs_are_the_declared_ones(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    fresh = with_tables(text)
    assert text == fresh, (
        f"docs/{doc.name} differs from the declarations in tafelrunde.engine.rule_keys; run "
        f"`python -m tafelrunde.engine.rule_docs docs/{doc.name}`. The tables:\n"
        + "\n".join(docs_tables().values())
    )


def test_every_key_table_has_its_place_in_the_docs() -> None:
    texts = [doc.read_text(encoding="utf-8") for doc in DOCS]
    for name in docs_tables():
        assert sum(f"<!-- {name} -->" in t for t in texts) == 1, f"the marker of {name}"


def test_the_small_ruleset_reads() -> None:
    assert isinstance(ruleset_from_dict(SMALL), Ruleset)


WHOLE = [(level, k) for level, k in keys_of("whole") if k.dotted != "schema"]  # own message


@pytest.mark.parametrize(("level", "k"), WHOLE, ids=lambda x: getattr(x, "dotted", x))
def test_a_whole_number_outside_its_declared_bounds_is_refused_at_its_field(
    level: str, k: RuleKey
) -> None:
    assert k.low is not None and k.high is not None
    for value in (k.low - 1, k.high + 1):
        with pytest.raises(RuleError) as err:
            read(level, with_value(k, level, value))
        assert err.value.field == where(k, level)
        said = err.value.text("en")
        assert f"between {k.low} and {k.high}" in said


CHOICES = [(level, k) for level, k in keys_of("choice") if not k.joined]  # a list: its own code


@pytest.mark.parametrize(("level", "k"), CHOICES, ids=lambda x: getattr(x, "dotted", x))
def test_a_choice_takes_exactly_its_declared_words(level: str, k: RuleKey) -> None:
    with pytest.raises(RuleError) as err:
        read(level, with_value(k, level, "wuerfeln"))
    assert err.value.field == where(k, level)
    said = err.value.text("en")
    assert said.endswith("possible: " + ", ".join(k.words()) + ".")
    for word in k.words():  # accepted (a word may need another key: refused there)
        try:
            read(level, with_value(k, level, word))
        except RuleError as refused:
            assert refused.field != where(k, level), refused


def test_format_d_reads_every_declared_default_when_the_file_gives_none() -> None:
    rules = knockout_rules_from_dict({})
    assert rules == KnockoutRules()
    assert knockout_sections_values(rules) == {k.dotted: k.default for k in KNOCKOUT}


def knockout_sections_values(rules: KnockoutRules) -> dict[str, Any]:
    """The values the rules form shows for a format-D ruleset, by key."""
    return {".".join(p.path): p.value for p in family_engine.params(rules)} | {
        "schema": 1,
        "format": rules.format,
    }


def level_of(rules: object, stage: int | None) -> str:
    """Where a form field's key is declared."""
    if isinstance(rules, KnockoutRules):
        return "knockout"
    return "top" if stage is None else "stage"


@pytest.mark.parametrize("preset", preset_names())
def test_every_field_of_the_form_is_a_declared_key(preset: str) -> None:
    rules = load_rules(preset)
    levels = ["knockout"] if isinstance(rules, KnockoutRules) else ["top", "stage"]
    declared = {(level, k.path): k for level in levels for k in LEVELS[level]}  # type: ignore[index]
    fields = family_engine.params(rules)
    for field in fields:
        k = declared[(level_of(rules, field.stage), field.path)]
        assert (field.kind, field.label, field.low, field.high) == (k.kind, k.label, k.low, k.high)
        assert field.options == k.options or k.kind in ("points", "losers", "factors", "criteria")
    shown = {(level_of(rules, f.stage), f.path) for f in fields if f.stage != 0}
    structural = {("top", ("schema",)), ("top", ("format",)), ("stage", ("id",))}
    if levels == ["knockout"]:
        structural = {("knockout", ("schema",)), ("knockout", ("format",))}
    old = {(level, k.path) for (level, _), k in declared.items() if k.replaced_by}
    assert set(declared) - shown == structural | old, "every key but these has its field"


def candidates(k: RuleKey) -> list[Any]:
    """Values of a key's kind other than its default, the likeliest to be accepted first."""
    if k.kind == "flag":
        return [not k.default]
    if k.kind == "whole":
        assert k.low is not None and k.high is not None
        return [int(k.high), int(k.low), int(k.low) + 1]
    if k.kind == "choice":
        return [[w] if k.joined else w for w in ("pips", *k.words())]
    if k.kind in ("line", "text"):
        return ["Anders"]
    if k.kind == "number":
        return [2, "0.5"]
    if k.kind == "money":
        return ["2.50"]
    if k.kind == "time":
        return ["16:50", "16:40"]
    return []  # tables of sizes, criteria, lists: their own tests


PLAIN = [
    (level, k)
    for level, keys in LEVELS.items()
    for k in keys
    if candidates(k) and not k.replaced_by and k.dotted not in ("schema", "format", "id")
]


@pytest.mark.parametrize(("level", "k"), PLAIN, ids=lambda x: getattr(x, "dotted", x))
def test_a_value_from_the_file_reaches_the_rules_and_the_form(level: str, k: RuleKey) -> None:
    """The reader reads every declared key (none is allowed and then ignored) and the form
    shows it: a value other than the default, read from a file, is the form's value."""
    reached = [v for v in candidates(k) if _reaches(level, k, v)]
    assert reached, f"{k.dotted}: no value other than the default reached the form"


def _reaches(level: str, k: RuleKey, value: Any) -> bool:
    """Say whether a file with the key set to the value is read, and the value other than the
    default reaches the rules (a season's) or the rules form (the others')."""
    try:
        rules = read(level, with_value(k, level, value))
    except RuleError:
        return False
    if level == "season":  # no form: the value reaches the rules
        return attrgetter(k.field)(rules) not in (k.default, None, "")
    shown = {
        ".".join(p.path): p.value
        for p in family_engine.params(rules)  # type: ignore[arg-type]
        if p.stage == (1 if level == "stage" else None)
    }
    return shown[k.dotted] != k.default and shown[k.dotted] not in (None, "")


ENGINE = Path(__file__).parents[2] / "src" / "tafelrunde" / "engine"
READERS = ("groups/ruleset_file.py", "groups/ruleset.py", "knockout/rules.py",
           "knockout/rules_file.py", "knockout/rules_text.py", "season/rules_file.py",
           "season/rules.py")  # fmt: skip
READING = {"get", "count", "whole", "choice", "line", "text", "flag", "money", "time", "sub"}


def hand_read(source: str) -> list[str]:
    """The keys a module reads from file data by a literal name rather than by a declaration:
    `r.get("games", …)`, `r.data["games"]`, `"games" in r.data`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and _reads(node.func):
            found += [a.value for a in node.args[:2] if _word(a)][:1]
        elif isinstance(node, ast.Subscript) and _is_data(node.value):
            if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
                found.append(node.slice.value)
        elif (
            isinstance(node, ast.Compare)
            and _word(node.left)
            and any(_is_data(c) for c in node.comparators)
        ):
            found.append(node.left.value)  # type: ignore[attr-defined]
    return found


def _reads(func: ast.expr) -> bool:
    """Say whether a call reads a key: a reader's method, or a module's own helper."""
    if isinstance(func, ast.Attribute):
        return func.attr in READING
    return isinstance(func, ast.Name) and func.id.startswith("_") and func.id != "_fail"


def _word(node: ast.expr) -> bool:
    """Say whether an argument is a literal word (a key's name)."""
    return isinstance(node, ast.Constant) and node.value not in ("", *STRUCTURE["top"])


def _is_data(node: ast.expr) -> bool:
    """Say whether an expression is a file's table (`data`, `r.data`)."""
    return (isinstance(node, ast.Name) and node.id in ("data", "raw")) or (
        isinstance(node, ast.Attribute) and node.attr == "data"
    )


@pytest.mark.parametrize("module", READERS)
def test_no_key_of_the_file_is_read_by_its_own_literal_name(module: str) -> None:
    """Every key is read through its declaration (`key_reader.take`), so its type, bounds,
    default and words are the declared ones."""
    found = hand_read((ENGINE / module).read_text(encoding="utf-8"))
    assert found == [], f"{module} reads these keys by hand: {found}"


NO_ENUM = {"format", "confirmation", "placement_by"}  # a letter, a Literal, a list of words


@pytest.mark.parametrize(
    ("level", "k"),
    [(lv, k) for lv, k in keys_of("choice") + keys_of("order") if k.dotted not in NO_ENUM],
    ids=lambda x: getattr(x, "dotted", x),
)
def test_a_choice_is_read_as_its_enum(level: str, k: RuleKey) -> None:
    assert k.enum is not None, f"{k.dotted}: its words are bare strings"
    assert set(k.words()) == {str(m) for m in k.enum}
    for word in k.words():
        try:
            rules = read(level, with_value(k, level, [word] if k.kind == "order" else word))
        except RuleError:
            continue  # a word that needs another key beside it
        value = attrgetter(k.field)(rules.stages[1] if level == "stage" else rules)  # type: ignore[attr-defined]
        assert all(isinstance(v, k.enum) for v in (value if k.kind == "order" else [value]))
