"""The seed formats as ruleset files, and loading a ruleset by preset name or path."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import family_of
from tafelrunde.engine.family_engine import engine
from tafelrunde.engine.groups.engine import group_rules
from tafelrunde.engine.groups.ruleset import Ruleset
from tafelrunde.engine.knockout import KnockoutRules
from tafelrunde.engine.knockout.engine import knockout_rules
from tafelrunde.engine.toml_reader import read_toml
from tafelrunde.i18n import msg

AnyRules = Ruleset | KnockoutRules


def preset_names() -> list[str]:
    """List the shipped presets."""
    folder = resources.files(__name__)
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def preset_text(name: str) -> str:
    """Return the TOML text of a preset."""
    return resources.files(__name__).joinpath(f"{name}.toml").read_text(encoding="utf-8")


def shipped_description(text: str) -> bool:
    """Say whether a description is a shipped preset's own (fixed) text."""
    wanted = " ".join(text.split())
    return bool(wanted) and any(
        wanted == " ".join(load_rules(n).description.split()) for n in preset_names()
    )


def rules_from_toml(text: str, *, origin: str = "ruleset") -> AnyRules:
    """Read a ruleset file of any format: `format = "D"` is the knockout, A–C the rest."""
    data = read_toml(text, origin=origin)
    return engine(family_of(data)).read_rules(data)


def load_rules(name_or_path: str) -> AnyRules:
    """Load a preset by name or a ruleset file by path, of any format."""
    if name_or_path in preset_names():
        return rules_from_toml(preset_text(name_or_path), origin=name_or_path)
    path = Path(name_or_path)
    if not path.is_file():
        names = ", ".join(preset_names())
        raise RuleError(
            msg(
                "'{name_or_path}' is neither a preset ({names}) nor a file.",
                name_or_path=name_or_path,
                names=names,
            ),
            field="ruleset",
        )
    try:
        text = path.read_text(encoding="utf-8-sig")  # a byte order mark as some editors write it
    except (OSError, UnicodeDecodeError) as err:
        raise RuleError(
            msg("cannot read {name}: {reason}", name=path.name, reason=str(err)), field="ruleset"
        ) from None
    return rules_from_toml(text, origin=path.name)


def load_ruleset(name_or_path: str) -> Ruleset:
    """Load a format A–C ruleset (preset or file); refuse a format-D one."""
    return group_rules(load_rules(name_or_path), name_or_path)


def load_knockout(name_or_path: str = "schocken-ko") -> KnockoutRules:
    """Load a format-D ruleset (preset or file); refuse one of A–C."""
    return knockout_rules(load_rules(name_or_path), name_or_path)


__all__ = [
    "AnyRules",
    "load_knockout",
    "load_rules",
    "load_ruleset",
    "preset_names",
    "preset_text",
    "rules_from_toml",
    "shipped_description",
]
