"""The season form: name, ruleset (preset, file or pasted text), date range, event kinds."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import get_language, gettext

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import labelled
from tafelrunde.engine.season import SeasonRules, season_rules_from_toml
from tafelrunde.i18n import msg
from tafelrunde.presets.seasons import load_season_rules, season_preset_names
from tafelrunde.web.core.iso_inputs import IsoDateInput
from tafelrunde.web.core.models import Event
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.core.validators import one_line

KEEP = "-"  # the preset choice "keep the season's ruleset" (editing)
MAX_RULES_BYTES = 100_000


def used_kinds() -> list[str]:
    """The kinds of event used so far, sorted."""
    kinds = Event.objects.exclude(kind="").values_list("kind", flat=True).distinct()
    return sorted(set(kinds), key=str.casefold)


def preset_title(name: str) -> str:
    """A season preset's title in the active language."""
    rules = load_season_rules(name)
    return (rules.name_en or rules.name) if get_language() == "en" else rules.name


class SeasonForm(forms.Form):
    """A season: its name, ruleset, the days and kinds of event it takes."""

    name = forms.CharField(max_length=100)
    preset = forms.ChoiceField(required=False)
    rules_file = forms.FileField(required=False)
    rules_text = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 6}))
    date_from = forms.DateField(required=False, widget=IsoDateInput())
    date_to = forms.DateField(required=False, widget=IsoDateInput())
    kinds = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args: Any, keep: str = "", extra_kinds: list[str] | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        """Fill the choices and label the fields in the active language."""
        super().__init__(*args, **kwargs)
        f = self.fields
        f["name"].validators.append(one_line)
        f["name"].label = gettext("Name of the season")
        f["name"].error_messages |= {
            "required": gettext("Name: please fill this in."),
            "max_length": gettext("Name: at most 100 characters."),
        }
        own = [("", gettext("– own ruleset (file or text below) –"))]
        kept = [(KEEP, gettext("– unchanged: {name} –").format(name=keep))] if keep else []
        cast(forms.ChoiceField, f["preset"]).choices = (
            kept + own + [(n, preset_title(n)) for n in season_preset_names()]
        )
        f["preset"].label = gettext("Season ruleset")
        f["preset"].error_messages |= {"invalid_choice": gettext("Ruleset: unknown preset.")}
        f["rules_file"].label = gettext("Ruleset file (TOML)")
        f["rules_text"].label = gettext("or the ruleset pasted as text (TOML)")
        f["rules_text"].help_text = gettext("see the presets; a file or text replaces the preset")
        for key, label in (("date_from", gettext("From")), ("date_to", gettext("To"))):
            f[key].label = label
            f[key].help_text = gettext("day of the tournament; empty: no limit")
            f[key].error_messages |= {"invalid": gettext("{field}: please a valid date.")
                                      .format(field=label)}  # fmt: skip
        kinds = sorted(set(used_kinds()) | set(extra_kinds or []), key=str.casefold)
        cast(forms.ChoiceField, f["kinds"]).choices = [(k, k) for k in kinds]
        f["kinds"].label = gettext("Kinds of event")
        f["kinds"].help_text = (
            gettext("none ticked: every kind")
            if kinds
            else gettext("No event has a kind yet; an event's kind is set on the event's page.")
        )
        f["kinds"].error_messages |= {"invalid_choice": gettext("Kinds: unknown kind of event.")}

    def clean(self) -> dict[str, Any]:
        """Check the date range and read the ruleset (refused with its field and reason)."""
        data = super().clean() or {}
        start, end = data.get("date_from"), data.get("date_to")
        if start and end and end < start:
            self.add_error("date_to", gettext("To: must not be before From."))
        try:
            data["rules"] = self._rules(data)
        except RuleError as err:
            self.add_error("rules_text", translated(labelled(err.msg, err.field or "")))
        return data

    def _rules(self, data: dict[str, Any]) -> SeasonRules | None:
        """The ruleset given (None: keep the season's)."""
        upload = data.get("rules_file")
        text = (data.get("rules_text") or "").strip()
        if upload is not None:
            if upload.size > MAX_RULES_BYTES:
                raise RuleError(msg("The file is too large (at most 100 kB)."))
            try:
                text = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise RuleError(msg("The file is not UTF-8 text.")) from None
        if text:
            return season_rules_from_toml(text)
        preset = data.get("preset") or ""
        if preset == KEEP:
            return None
        if not preset:
            raise RuleError(msg("Please choose a preset or give a ruleset."))
        return load_season_rules(preset)
