"""A parameter is its declaration (engine/rule_keys.py) and its use: the rules' dataclasses
take their defaults from it, never a second literal; every declared key has its words."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tafelrunde.engine.rule_keys import LEVELS, RuleKey

pytestmark = pytest.mark.unit

ENGINE = Path(__file__).resolve().parents[2] / "src" / "tafelrunde" / "engine"
RULES = (
    "groups/ruleset.py",
    "groups/scoring.py",
    "tables.py",
    "knockout/rules.py",
)  # the rules' dataclasses
FIELDS = {k.field.split(".")[-1] for keys in LEVELS.values() for k in keys} | {
    k.path[-1] for keys in LEVELS.values() for k in keys
}


def _literal(node: ast.expr) -> bool:
    """Say whether a default is written out (a constant, an enum member, a tuple of them)."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.value.id[:1].isupper()  # Tie.SPLIT, not self.x
    if isinstance(node, ast.UnaryOp):
        return _literal(node.operand)
    if isinstance(node, ast.Tuple):
        return all(_literal(e) for e in node.elts)
    return False


def written_twice(source: str) -> list[str]:
    """The dataclass fields of a source whose default is a literal of a declared key."""
    found = []
    for cls in ast.walk(ast.parse(source)):
        if not isinstance(cls, ast.ClassDef):
            continue
        for item in cls.body:
            if (isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                    and item.value is not None and item.target.id in FIELDS
                    and _literal(item.value)):  # fmt: skip
                found.append(f"{cls.name}.{item.target.id}")
    return found


@pytest.mark.parametrize("module", RULES)
def test_no_default_of_a_declared_key_is_written_twice(module: str) -> None:
    assert written_twice((ENGINE / module).read_text(encoding="utf-8")) == []


def test_the_check_finds_a_default_written_twice() -> None:
    source = (
        "class Scoring:\n    tie: Tie = Tie.SPLIT\n    lives: int = 2\n    name: str = _D['name']\n"
    )
    assert written_twice(source) == ["Scoring.tie", "Scoring.lives"]


@pytest.mark.parametrize("k", [k for keys in LEVELS.values() for k in keys], ids=lambda k: k.dotted)
def test_every_declared_key_has_its_words(k: RuleKey) -> None:
    assert k.label.text("de").strip() and k.label.text("en").strip()
    assert k.rule.text("de").strip() and k.rule.text("en").strip()  # the rules text beside it
    assert k.doc.strip()  # its line in the docs' key table
