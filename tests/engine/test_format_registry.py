"""Format families are objects in one registry: no module outside it decides by a letter, and
each family answers for shipped formats and a club's own ruleset alike."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tafelrunde.engine.families import GROUP, KNOCKOUT, family_of, family_of_letter, written
from tafelrunde.engine.toml_reader import read_toml
from tafelrunde.presets import load_rules, preset_names, preset_text, rules_from_toml

pytestmark = pytest.mark.unit

SOURCE = Path(__file__).resolve().parents[2] / "src" / "tafelrunde"
REGISTRY = SOURCE / "engine" / "families.py"
FACES = SOURCE / "web" / "core" / "faces.py"
DATA = Path(__file__).resolve().parents[1] / "data"
LETTER = r"""["'][A-D]["']"""
BRANCHES = [  # the shapes a decision by format letter takes in Python and in templates
    rf"format\w*\s*(?:==|!=|is not|is)\s*{LETTER}",
    rf"{LETTER}\s*(?:==|!=)\s*[\w.]*format",
    rf"\bfmt\s*(?:==|!=)\s*{LETTER}",
    rf"""get\(\s*["']format["']\s*\)\s*(?:==|!=)\s*{LETTER}""",
    r"""["']ABCD?["']""",
    r"""\bformats\s*=\s*["']""",
    rf"""\{{\s*{LETTER}\s*:""",
    r"\.format\s+(?:not\s+)?in\b",
    r"\b(?:is|is not|==|!=)\s+(?:GROUP|KNOCKOUT)\b",  # a family by name, not by what it does
    r"family\.key\s*(?:==|!=)",
    r"\bfamily\.knockout\b",
]


def letter_branches(text: str) -> list[str]:
    """The lines of a source that decide something by a format letter."""
    return [
        line.strip()
        for line in text.splitlines()
        if any(re.search(shape, line) for shape in BRANCHES)
    ]


def test_no_module_outside_the_registry_branches_on_a_format_letter() -> None:
    found = {
        str(path.relative_to(SOURCE)): hits
        for path in sorted(SOURCE.rglob("*"))
        if path.suffix in (".py", ".html", ".js") and path not in (REGISTRY, FACES)
        and (hits := letter_branches(path.read_text(encoding="utf-8")))
    }  # fmt: skip
    assert found == {}


def test_the_grep_finds_the_shapes_it_forbids() -> None:
    shapes = ['if rec.format == "D":', "if fmt != 'D':", 'formats="ABC"', 'x = "ABCD"',
              'if data.get("format") == "D":', '{"A": 10.0}', "if rec.format in allowed:",
              '{% if result.format == "D" %}', "if rec.family is KNOCKOUT:",
              'if family.key == "group":', "if rec.family.knockout:"]  # fmt: skip
    assert [s for s in shapes if not letter_branches(s)] == []
    assert letter_branches('unicodedata.category(c)[0] == "C"') == []


def test_every_preset_and_a_club_ruleset_find_their_family() -> None:
    for name in preset_names():
        data = read_toml(preset_text(name), origin=name)
        rules = load_rules(name)
        family = family_of(data)
        assert (family is KNOCKOUT) == (type(rules).__name__ == "KnockoutRules"), name
        assert family.letter(data) == rules.format
        assert family.rating_family(data) in ("gruppenmodus", "alhambra", "king-lui", "schocken")
    club = {"name": "Fünferrunde", "stages": []}
    assert (
        family_of(club) is GROUP and GROUP.letter(club) == "" and GROUP.label(club) == "Fünferrunde"
    )
    assert GROUP.rating_family(club) == "fünferrunde"
    assert GROUP.rating_family(club | {"family": "Würfeln"}) == "würfeln"
    assert family_of_letter("D") is KNOCKOUT and family_of_letter("") is GROUP
    assert KNOCKOUT.rating_family({}) == "schocken"


def test_a_club_ruleset_names_its_rating_family_in_its_file() -> None:
    text = (DATA / "fuenferrunde.toml").read_text(encoding="utf-8")
    rules = rules_from_toml(text.replace("schema = 1", 'schema = 1\nfamily = "Würfeln"', 1))
    assert rules.family == "Würfeln" and GROUP.rating_family(written(rules)) == "würfeln"
    plain = rules_from_toml(text)
    assert plain.family == "" and GROUP.rating_family(written(plain)) == "fünferrunde"


FAMILY_TYPES = r"isinstance\([\w.]+,\s*Knockout(?:State|Tournament|Rules|Step)\b"
ADAPTERS = SOURCE / "web" / "core" / "domain"  # between the database and the engine's types


def test_no_web_page_tells_the_families_apart_by_their_engine_types() -> None:
    found = {
        str(path.relative_to(SOURCE)): hits
        for path in sorted((SOURCE / "web").rglob("*.py"))
        if ADAPTERS not in path.parents and not re.search(r"(?:^|_)(?:ko|knockout)(?:_|\.py$)",
                                                            path.name)
        and (hits := [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
                      if re.search(FAMILY_TYPES, line) and not line.strip().startswith("assert")])
    }  # fmt: skip
    assert found == {}
