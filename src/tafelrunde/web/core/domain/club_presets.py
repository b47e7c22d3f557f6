"""A club's own presets (Vereinsvorlagen): rules saved under a name, to create tournaments from."""

from __future__ import annotations

import re
from typing import Any

import tomli_w
from django.db import IntegrityError, transaction

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import family_of, written
from tafelrunde.engine.limits import checked_text, labelled
from tafelrunde.i18n import msg
from tafelrunde.presets import AnyRules, rules_from_toml
from tafelrunde.web.core.domain.store import Logged, write_log
from tafelrunde.web.core.models import ClubPreset

NAME_LENGTH = 100
PREFIX = "club:"  # a club preset's value among the presets of the new-tournament form
_VALUE = re.compile(r"club:([0-9]{1,18})", re.ASCII)


def choice_value(preset: ClubPreset) -> str:
    """The value that names a club preset in a choice of presets."""
    return f"{PREFIX}{preset.pk}"


def is_club_value(value: str) -> bool:
    """Say whether a chosen preset is one of the club's."""
    return value.startswith(PREFIX)


def format_of(rules: AnyRules) -> str:
    """The format letter of a ruleset ('' for a club's own format)."""
    data = written(rules)
    return family_of(data).letter(data)


def club_rules(value: str) -> AnyRules:
    """The ruleset of the club preset a choice names, read as a ruleset file is."""
    found = _VALUE.fullmatch(value)
    preset = ClubPreset.objects.filter(pk=int(found.group(1))).first() if found else None
    if preset is None:
        raise RuleError(msg("This club preset does not exist (any more)."), field="preset")
    try:
        return rules_from_toml(tomli_w.dumps(preset.ruleset), origin=preset.name)
    except RuleError as err:  # a preset older rules allowed
        raise RuleError(labelled(err.msg, err.field or ""), field="preset") from None


def checked_name(value: Any, *, field: str = "name") -> str:
    """A preset's name: not empty, at most NAME_LENGTH characters, not taken yet."""
    name = checked_text(value, field=field, length=NAME_LENGTH, empty=False).strip()
    if ClubPreset.objects.filter(name__iexact=name).exists():
        raise RuleError(msg("A club preset '{name}' exists already.", name=name), field=field)
    return name


def save_preset(name: Any, ruleset: dict[str, Any], *, user: Any) -> ClubPreset:
    """Store a ruleset (checked) as a club preset under a new name; the log keeps a line."""
    name = checked_name(name)
    try:
        rules = rules_from_toml(tomli_w.dumps(ruleset), origin=name)
    except RuleError as err:
        raise err.with_field("ruleset") from None
    try:
        with transaction.atomic():
            preset = ClubPreset.objects.create(
                name=name, format=format_of(rules), ruleset=rules.source
            )
            write_log(None, user, Logged(msg("Club preset '{name}' saved", name=name)))
    except IntegrityError:  # the same name, saved at the same moment
        raise RuleError(
            msg("A club preset '{name}' exists already.", name=name), field="name"
        ) from None
    return preset


def delete_preset(preset: ClubPreset, *, user: Any) -> None:
    """Delete a club preset; its tournaments keep their rules. The log keeps a line."""
    with transaction.atomic():
        write_log(None, user, Logged(msg("Club preset '{name}' deleted", name=preset.name)))
        preset.delete()


def preset_toml(preset: ClubPreset) -> str:
    """A club preset as a ruleset file (TOML), to keep or to load elsewhere."""
    return tomli_w.dumps(preset.ruleset)
