"""The form of a plan (Planung): preset, expected players, physical tables, maybe a seed."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext

from tafelrunde.presets import preset_names
from tafelrunde.web.core.domain.club_presets import choice_value, is_club_value
from tafelrunde.web.core.forms_play import WholeField
from tafelrunde.web.core.models import ClubPreset
from tafelrunde.web.orga.forms import preset_choices, shipped_title

MIN_PLAYERS, MAX_PLAYERS = 3, 2000
MIN_TABLES, MAX_TABLES = 1, 500
MAX_PLAN_SEED = 2**31 - 1


def preset_title(name: str) -> str:
    """The preset's title in the active language (its name if it has none); a club preset's
    name."""
    if is_club_value(name):
        found = next((p for p in ClubPreset.objects.all() if choice_value(p) == name), None)
        if found is None:
            return gettext("a club preset deleted since")
        return gettext("{preset} (club preset)").format(preset=found.name)
    return shipped_title(name) if name in preset_names() else name


def count_field(low: int, high: int, refusal: str, **kwargs: Any) -> WholeField:
    """A count typed on a phone's number pad: a whole-number field with its own refusal."""
    kwargs.setdefault("widget", forms.TextInput(attrs={"inputmode": "numeric"}))
    return WholeField(low, high, refusal, **kwargs)


class PlanForm(forms.Form):
    """What to plan: the preset, how many players are expected, how many tables the hall has."""

    preset = forms.ChoiceField()
    players = forms.CharField()
    tables = forms.CharField()
    seed = forms.CharField(required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Fill the choices; label the fields and word the refusals in the active language."""
        super().__init__(*args, **kwargs)
        f = self.fields
        f["preset"].label = gettext("Preset")
        cast(forms.ChoiceField, f["preset"]).choices = preset_choices()[
            1:
        ]  # shipped, then the club's own
        f["preset"].error_messages |= {
            "required": gettext("Please choose a preset from the list."),
            "invalid_choice": gettext("Please choose a preset from the list."),
        }
        f["players"] = count_field(
            MIN_PLAYERS,
            MAX_PLAYERS,
            gettext("The number of players must be a whole number from {low} to {high}.").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS
            ),
            label=gettext("Expected players"),
        )
        f["tables"] = count_field(
            MIN_TABLES,
            MAX_TABLES,
            gettext("The number of tables must be a whole number from {low} to {high}.").format(
                low=MIN_TABLES, high=MAX_TABLES
            ),
            label=gettext("Tables in the hall"),
            help_text=gettext("how many tables can be played at once"),
        )
        f["seed"] = count_field(
            0,
            MAX_PLAN_SEED,
            gettext("The seed must be a whole number from 0 to {high}, or empty.").format(
                high=MAX_PLAN_SEED
            ),
            label=gettext("Simulation seed"),
            required=False,
            help_text=gettext("empty: a new random one; the same seed gives the same plan"),
        )
