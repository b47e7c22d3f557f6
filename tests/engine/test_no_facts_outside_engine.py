"""One write path: the web app and the command line make no result-like fact themselves;
they call the engine's entry functions, which check and record them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tafelrunde
from tafelrunde.engine.groups import facts as group_facts
from tafelrunde.engine.knockout import facts as ko_facts

pytestmark = pytest.mark.unit

SRC = Path(tafelrunde.__file__).resolve().parent  # the package under test
# the facts of a result, a roll-off, a game loser and their entries at the table
RESULT_FACTS = {
    cls.__name__
    for cls in (*vars(group_facts).values(), *vars(ko_facts).values())
    if isinstance(cls, type)
    and (
        (issubclass(cls, group_facts.Fact) and cls.__name__ in ("Result", "Rolloff"))
        or (issubclass(cls, group_facts.AtTable) and cls is not group_facts.AtTable)
        or (issubclass(cls, ko_facts.KoFact) and cls.__name__.startswith(("GameLost", "Table")))
    )
}


def _named(node: ast.AST) -> str | None:
    """The fact class a name or attribute stands for (None: no such class)."""
    name = node.id if isinstance(node, ast.Name) else getattr(node, "attr", None)
    return name if name in RESULT_FACTS else None


def constructions(tree: ast.AST) -> list[tuple[int, str]]:
    """Where a module makes a result fact: a call of the class, or a class chosen to be
    called ("kind = TableDecided if decide else TableConfirmed")."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and (name := _named(node.func)):
            found.append((node.lineno, name))
        elif isinstance(node, ast.IfExp):
            for side in (node.body, node.orelse):
                if name := _named(side):
                    found.append((node.lineno, name))
    return found


def made_outside_the_engine() -> list[str]:
    """Every construction of a result fact in the web app and the command line."""
    out = []
    for part in ("web", "cli"):
        for path in sorted((SRC / part).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            out += [f"{path.relative_to(SRC)}:{line}: {name}" for line, name in constructions(tree)]
    return out


def test_the_fact_list_covers_both_families() -> None:
    assert {
        "Result", "Rolloff", "TableEntered", "TableConfirmed", "TableDecided",
        "RolloffEntered", "RolloffConfirmed",
        "GameLost", "TableLoserEntered", "TableLoserConfirmed", "TableLoserDecided",
    } == RESULT_FACTS  # fmt: skip


def test_the_finder_sees_a_call_and_a_chosen_class() -> None:
    code = "kind = TableDecided if decide else TableConfirmed\nf = kind(n=0)\ng = ko.GameLost(n=0)"
    assert [name for _, name in constructions(ast.parse(code))] == [
        "TableDecided", "TableConfirmed", "GameLost",
    ]  # fmt: skip


def test_the_web_app_and_the_command_line_make_no_result_fact() -> None:
    assert made_outside_the_engine() == []
