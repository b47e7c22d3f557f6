"""The seed formats as ruleset files, and loading a ruleset by preset name or path."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.ruleset import Ruleset
from tafelrunde.engine.ruleset_file import ruleset_from_toml


def preset_names() -> list[str]:
    """List the shipped presets."""
    folder = resources.files(__name__)
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def preset_text(name: str) -> str:
    """Return the TOML text of a preset."""
    return resources.files(__name__).joinpath(f"{name}.toml").read_text(encoding="utf-8")


def load_ruleset(name_or_path: str) -> Ruleset:
    """Load a preset by name or a ruleset file by path."""
    if name_or_path in preset_names():
        return ruleset_from_toml(preset_text(name_or_path), origin=name_or_path)
    path = Path(name_or_path)
    if not path.is_file():
        names = ", ".join(preset_names())
        raise RuleError(
            f"„{name_or_path}“ ist weder eine Vorlage ({names}) noch eine Datei.",
            f"'{name_or_path}' is neither a preset ({names}) nor a file.",
            field="ruleset",
        )
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise RuleError(
            f"{path.name} lässt sich nicht lesen: {err}",
            f"cannot read {path.name}: {err}",
            field="ruleset",
        ) from None
    return ruleset_from_toml(text, origin=path.name)
