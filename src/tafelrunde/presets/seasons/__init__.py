"""The season rulesets as presets, and loading one by preset name or path."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.season import SeasonRules, season_rules_from_toml
from tafelrunde.i18n import msg


def season_preset_names() -> list[str]:
    """List the shipped season rulesets."""
    folder = resources.files(__name__)
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def season_preset_text(name: str) -> str:
    """Return the TOML text of a season preset."""
    return resources.files(__name__).joinpath(f"{name}.toml").read_text(encoding="utf-8")


def load_season_rules(name_or_path: str) -> SeasonRules:
    """Load a season preset by name or a season ruleset file by path."""
    if name_or_path in season_preset_names():
        return season_rules_from_toml(season_preset_text(name_or_path), origin=name_or_path)
    path = Path(name_or_path)
    if not path.is_file():
        names = ", ".join(season_preset_names())
        raise RuleError(
            msg(
                "'{name_or_path}' is neither a preset ({names}) nor a file.",
                name_or_path=name_or_path,
                names=names,
            ),
            field="season_ruleset",
        )
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise RuleError(
            msg("cannot read {name}: {reason}", name=path.name, reason=str(err)),
            field="season_ruleset",
        ) from None
    return season_rules_from_toml(text, origin=path.name)


__all__ = ["load_season_rules", "season_preset_names", "season_preset_text"]
