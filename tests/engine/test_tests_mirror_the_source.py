"""The tests mirror the source: each package of the engine and each app of the web has its
folder of tests, and no test module lies loose beside a package's folder that it belongs in."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src" / "tafelrunde"
TESTS = ROOT / "tests"
# the engine's packages with tests of their own, and the web apps (migrations aside)
ENGINE_PACKAGES = ("groups", "knockout", "season")
ABOVE_BOTH = {f"tafelrunde.engine.{m}" for m in (
    "family_engine", "export", "tournament_file", "families", "rating_games", "ratings"
)}  # fmt: skip
WEB_APPS = sorted(
    p.name for p in (SOURCE / "web").iterdir() if p.is_dir() and (p / "__init__.py").exists()
)


def _imported(path: Path) -> set[str]:
    """The tafelrunde modules a test module imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith("tafelrunde")
        ):
            found.add(node.module)
    return found


def _under(module: str, package: str) -> bool:
    """Say whether a module lies in an engine package."""
    return module.startswith(f"tafelrunde.engine.{package}")


@pytest.mark.parametrize("package", ENGINE_PACKAGES)
def test_each_engine_package_has_its_folder_of_tests(package: str) -> None:
    assert (SOURCE / "engine" / package / "__init__.py").exists()
    assert list((TESTS / "engine" / package).glob("test_*.py"))


def test_each_web_app_has_its_folder_of_tests() -> None:
    missing = [app for app in WEB_APPS if not list((TESTS / "web" / app).glob("test_*.py"))]
    assert "core" in WEB_APPS and missing == []


def test_no_engine_test_of_one_family_alone_lies_outside_its_folder() -> None:
    """A module in tests/engine that imports one family's package, no other family's and none
    of the modules above both (where their types meet) belongs in that family's folder."""
    loose = []
    for path in sorted((TESTS / "engine").glob("test_*.py")):
        modules = _imported(path)
        families = {p for p in ENGINE_PACKAGES for m in modules if _under(m, p)}
        if len(families) == 1 and not modules & ABOVE_BOTH:
            loose.append(path.name)
    assert loose == []
