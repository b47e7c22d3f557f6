"""Format D on the create form: admission, deadline and start as time fields; the override.

The fields show the times of a format-D preset, the one named in the hidden field `basis`
(the shipped Schocken knockout until the page's script fills in the chosen preset's): a time
the organiser leaves as shown is the ruleset's own, one they change is theirs."""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Mapping
from datetime import date, time
from typing import Any

from django import forms
from django.utils.translation import gettext

from tafelrunde.engine.clock import clock_text, is_late
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import KnockoutRules, knockout_rules_from_dict
from tafelrunde.i18n import msg
from tafelrunde.presets import AnyRules, load_rules, preset_names
from tafelrunde.web.core.domain.club_presets import club_rules, is_club_value
from tafelrunde.web.core.iso_inputs import IsoTimeInput

TIMES = ("admission", "deadline", "start")
PRESET = "schocken-ko"  # the times are prefilled from it, until the page's script changes them
BASIS_LENGTH = 100
TIME = IsoTimeInput()


def _clock(secs: int) -> time:
    """Seconds since midnight as a time of day."""
    return time(secs // 3600, secs % 3600 // 60)


def times_of(rules: AnyRules | None) -> dict[str, int] | None:
    """The admission, deadline and start of a format-D ruleset, in seconds of the day; None
    for another format's."""
    if not isinstance(rules, KnockoutRules):
        return None
    return {name: int(getattr(rules, name)) for name in TIMES}


def preset_times(value: str) -> dict[str, int] | None:
    """The times of a format-D preset (shipped or the club's); None for another format's, or
    a preset that does not exist."""
    rules: AnyRules | None = None
    with contextlib.suppress(RuleError):
        if value in preset_names():
            rules = load_rules(value)
        elif is_club_value(value):
            rules = club_rules(value)
    return times_of(rules)


def shown_times(presets: Mapping[str, AnyRules]) -> str:
    """The times of each format-D preset as the page's script fills them in (JSON:
    {preset: {field: "16:45"}})."""
    found = {value: times_of(rules) for value, rules in presets.items()}
    return json.dumps(
        {v: {n: clock_text(s) for n, s in times.items()} for v, times in found.items() if times}
    )


class _Basis(forms.Field):
    """The hidden name of the preset whose times the fields show: only a hint, never stored
    (one that names no format-D preset counts as the shipped knockout)."""

    widget = forms.HiddenInput

    def clean(self, value: Any) -> str:
        """Whatever came back, cut short: `KoTimesForm` reads it only to find the times."""
        return str(value or "")[:BASIS_LENGTH]


class KoTimesForm(forms.Form):
    """Admission, registration deadline and start of a format-D tournament, and the override."""

    prefix = "ko"
    admission = forms.TimeField(required=False, widget=TIME)
    deadline = forms.TimeField(required=False, widget=TIME)
    start = forms.TimeField(required=False, widget=TIME)
    override_deadline = forms.BooleanField(required=False)
    basis = _Basis(required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Prefill the times the page showed (those of the preset named in `basis`) and label
        the fields in the active language."""
        data = args[0] if args else kwargs.get("data")
        basis = str((data or {}).get(f"{self.prefix}-basis") or PRESET)[:BASIS_LENGTH]
        times = preset_times(basis)
        if times is None:
            basis, times = PRESET, preset_times(PRESET)
        assert times is not None
        kwargs.setdefault("initial", {}).update(
            {name: _clock(secs) for name, secs in times.items()} | {"basis": basis}
        )
        super().__init__(*args, **kwargs)
        f = self.fields
        f["admission"].label = gettext("Admission")
        f["deadline"].label = gettext("Registration deadline")
        f["start"].label = gettext("Start")
        f["override_deadline"].label = gettext("Override the registration deadline")
        f["override_deadline"].help_text = gettext(
            "Register the players above even though the deadline has passed (recorded in the log)."
        )
        for name in TIMES:
            f[name].help_text = gettext("empty: the ruleset's time")
            f[name].error_messages |= {"invalid": gettext("Please enter a time such as 16:45.")}


def with_times(rules: AnyRules, form: KoTimesForm) -> AnyRules:
    """The ruleset with the times the organiser changed; refuse them for another format."""
    changed = [n for n in TIMES if n in form.changed_data and form.cleaned_data[n] is not None]
    if not changed:
        return rules
    if not isinstance(rules, KnockoutRules):
        raise RuleError(msg("These times are only for format D."), field=changed[0])
    source = copy.deepcopy(rules.source)
    registration = source.setdefault("registration", {})
    for name in changed:
        registration[name] = form.cleaned_data[name].strftime("%H:%M")
    try:
        return knockout_rules_from_dict(source)
    except RuleError as err:
        field = (err.field or "").removeprefix("registration.")
        raise RuleError(err.msg, field=field if field in TIMES else changed[0]) from None


def late_registration(
    rules: AnyRules, form: KoTimesForm, names: list[str], *, day: date, at: str
) -> bool:
    """Say whether the players are registered after the deadline; refuse that without override."""
    if not isinstance(rules, KnockoutRules) or not names or not is_late(at, rules.deadline, day):
        return False
    if not form.cleaned_data["override_deadline"]:
        raise RuleError(
            msg(
                "The registration deadline ({time}) has passed. To register the players "
                "anyway, tick 'Override the registration deadline'.",
                time=clock_text(rules.deadline),
            ),
            field="override_deadline",
        )
    return True
