"""Families are typed objects: no module outside a family's own keeps a table by family or
tells the families apart by their classes; every concern is answered by every family."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tafelrunde.engine.families import FAMILIES
from tafelrunde.engine.family_engine import engine
from tafelrunde.engine.family_interface import FamilyEngine

pytestmark = pytest.mark.unit

SOURCE = Path(__file__).resolve().parents[2] / "src" / "tafelrunde"
KNOCKOUT_TYPES = r"Knockout\w*|OpenTable|TableLoser\w*|KoUndo|KnockoutUndo"
GROUP_TYPES = r"Tournament|TournamentState|Ruleset|StageState"
CHECK = r"isinstance\(.*\b(?:{types})\b"
TABLES = [  # the shapes of a table kept by family
    r"\b(?:GROUP|KNOCKOUT)\.key\s*:",
    r"""^\s*["'](?:group|knockout)["']\s*:\s*(?!\w+\.by_throws)[A-Za-z_]""",
    r"\[\s*[\w.]*family\.key\s*\]",
    r"\bFAMILIES\s*\[",
]
KNOCKOUT_OWN = re.compile(r"(?:^|/)(?:knockout|ko)(?:/|_|\.py$)|_(?:knockout|ko)(?:_|\.py$)")
GROUP_OWN = re.compile(r"(?:^|/)groups?(?:/|_|\.py$)|_groups?(?:_|\.py$)")
# the store turns records into each family's typed state (`group_read`, `knockout_read`)
GROUP_HOMES = ("web/core/domain/store.py",)


def _rel(path: Path) -> str:
    """A source file's path below the package."""
    return str(path.relative_to(SOURCE))


def _lines(path: Path, shape: str) -> list[str]:
    """The lines of a source that match a shape."""
    text = path.read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if re.search(shape, line)]


def found_checks() -> dict[str, list[str]]:
    """Every check of a family's class outside the family's own modules."""
    found: dict[str, list[str]] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        rel = _rel(path)
        hits = []
        if not KNOCKOUT_OWN.search(rel):
            hits += _lines(path, CHECK.format(types=KNOCKOUT_TYPES))
        if not GROUP_OWN.search(rel) and not rel.startswith(GROUP_HOMES):
            hits += _lines(path, CHECK.format(types=GROUP_TYPES))
        if hits:
            found[rel] = hits
    return found


# the ruleset file's levels: the knockout's file is one of them (top, stage, knockout, season)
LEVELS = "engine/rule_keys.py"


def found_tables() -> dict[str, list[str]]:
    """Every table by family outside the registry."""
    return {
        _rel(path): hits
        for path in sorted(SOURCE.rglob("*.py"))
        if _rel(path) not in ("engine/families.py", LEVELS)
        and (hits := [h for shape in TABLES for h in _lines(path, shape)])
    }


def test_no_module_checks_a_familys_classes_but_the_familys_own() -> None:
    assert found_checks() == {}


def test_no_module_keeps_a_table_by_family() -> None:
    assert found_tables() == {}


def test_the_greps_find_the_shapes_they_forbid() -> None:
    checks = ["if isinstance(rules, KnockoutRules):", "assert isinstance(state, KnockoutState)",
              "isinstance(f, Undo | KnockoutUndo)", "if not isinstance(tour, Tournament):",
              "isinstance(fact, (TableLoserEntered, X))"]  # fmt: skip
    knockout, group = CHECK.format(types=KNOCKOUT_TYPES), CHECK.format(types=GROUP_TYPES)
    assert [c for c in checks if not (re.search(knockout, c) or re.search(group, c))] == []
    assert not re.search(group, "isinstance(value, int | Decimal)")
    tables = ["    GROUP.key: _group_rows,", "x = READERS[rec.family.key](rec)",
              '    "knockout": ko,', "FAMILIES[1]"]  # fmt: skip
    assert [t for t in tables if not any(re.search(s, t) for s in TABLES)] == []
    assert not any(re.search(s, '"knockout": self.by_throws,  # the key') for s in TABLES)
    assert KNOCKOUT_OWN.search("web/core/ko_board.py") and KNOCKOUT_OWN.search(
        "engine/knockout/x.py"
    )
    assert GROUP_OWN.search("web/paper/group.py") and not GROUP_OWN.search("web/core/grouping.py")


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.key)
def test_every_family_has_an_engine_that_answers_every_question(family: object) -> None:
    answers = engine(family)  # type: ignore[arg-type]
    asked = [name for name in dir(FamilyEngine) if not name.startswith("_")]
    assert asked and [n for n in asked if not callable(getattr(answers, n, None))] == []
