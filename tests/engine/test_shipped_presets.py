"""The shipped presets give the current keys only (the season rulesets too), and a preset written
with the older keys a key replaced still reads as the shipped one."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import pytest

from tafelrunde.engine.families import KNOCKOUT, family_of
from tafelrunde.engine.groups.ruleset_file import ruleset_from_dict
from tafelrunde.engine.knockout import knockout_rules_from_dict
from tafelrunde.engine.rule_keys import LEVELS, RuleKey
from tafelrunde.engine.toml_reader import read_toml
from tafelrunde.presets import load_rules, preset_names, preset_text, rules_from_toml
from tafelrunde.presets.seasons import season_preset_names

pytestmark = pytest.mark.unit

PREVIOUS = Path(__file__).resolve().parents[1] / "data" / "previous"
# the keys the reader still takes from older files and translates into a newer one
OLD_KEYS: list[RuleKey] = [k for keys in LEVELS.values() for k in keys if k.replaced_by]
# the keys that replace them
NEW_KEYS = [
    k for keys in LEVELS.values() for k in keys if k.dotted in {o.replaced_by for o in OLD_KEYS}
]
# a shipped preset's line with a newer key, and the same rule in the older keys
OLD_FORM = {
    "gruppenmodus": (
        "rolloff_losers = { 4 = [5, 3, 1], 3 = [5, 3] }",
        'rolloff_loser = "minus"\nrolloff_malus = 1',
    ),
}


def _files(folder: Traversable, under: str = "") -> Iterator[str]:
    """The TOML files in a folder and its subfolders, by their path within the first."""
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.is_dir():
            yield from _files(entry, f"{under}{entry.name}/")
        elif entry.name.endswith(".toml"):
            yield f"{under}{entry.name}"


SHIPPED = list(_files(resources.files("tafelrunde.presets")))


def shipped(name: str) -> dict[str, Any]:
    """A shipped ruleset file, parsed."""
    folder = resources.files("tafelrunde.presets")
    return tomllib.loads(folder.joinpath(name).read_text(encoding="utf-8"))


def scopes(data: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Where a file gives keys: its top, its defaults and each of its stages."""
    yield "", data
    if isinstance(data.get("defaults"), Mapping):
        yield "defaults.", data["defaults"]
    for i, stage in enumerate(data.get("stages") or []):
        if isinstance(stage, Mapping):
            yield f"stages[{i + 1}].", stage


def gives(scope: Mapping[str, Any], path: tuple[str, ...]) -> bool:
    """Say whether a table of the file gives the key at this path."""
    node: Any = scope
    for part in path:
        if not isinstance(node, Mapping) or part not in node:
            return False
        node = node[part]
    return True


def keys_given(data: Mapping[str, Any], keys: list[RuleKey]) -> list[str]:
    """The keys of these a file gives, where it gives them."""
    return [f"{at}{k.dotted}" for at, scope in scopes(data) for k in keys if gives(scope, k.path)]


def test_every_shipped_file_is_looked_at() -> None:
    names = set(SHIPPED)
    assert {f"{n}.toml" for n in preset_names()} <= names
    assert {f"seasons/{n}.toml" for n in season_preset_names()} <= names
    assert OLD_KEYS  # the keys older files gave


@pytest.mark.parametrize("name", SHIPPED)
def test_no_shipped_file_gives_an_old_key(name: str) -> None:
    assert keys_given(shipped(name), OLD_KEYS) == []


def test_an_old_key_is_found_where_a_file_gives_it() -> None:
    previous = tomllib.loads((PREVIOUS / "gruppenmodus.toml").read_text(encoding="utf-8"))
    found = keys_given(previous, OLD_KEYS)
    assert found == ["defaults.scoring.rolloff_loser", "defaults.scoring.rolloff_malus"]


def test_every_preset_with_a_newer_key_has_its_older_form_here() -> None:
    with_new = [n for n in preset_names() if keys_given(tomllib.loads(preset_text(n)), NEW_KEYS)]
    assert sorted(OLD_FORM) == with_new


@pytest.mark.parametrize("name", sorted(OLD_FORM))
def test_the_preset_in_the_older_keys_reads_the_same(name: str) -> None:
    new, old = OLD_FORM[name]
    text = preset_text(name)
    assert text.count(new) == 1
    older = text.replace(new, old)
    stored = read_toml(older, origin=name)  # as a club preset keeps the parsed file
    assert keys_given(stored, OLD_KEYS)
    assert rules_from_toml(older, origin=f"{name}.toml") == load_rules(name)
    reader = knockout_rules_from_dict if family_of(stored) is KNOCKOUT else ruleset_from_dict
    assert reader(stored) == load_rules(name)
