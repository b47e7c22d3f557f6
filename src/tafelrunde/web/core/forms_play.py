"""The forms of play (formats A–C): release a draw, a table's result, a roll-off, undo.

A result form has one field per player and kind (points, pips, place), made from the
table's seats; each value is checked at its field with the stage's bounds, and the engine
checks the whole result again when it is recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.ruleset import StageRule
from tafelrunde.engine.limits import (
    MAX_FACT_NUMBER,
    MAX_PIPS,
    MAX_SEED,
    NAME_LENGTH,
    NUMBER_TEXT,
    whole_number,
)
from tafelrunde.engine.numbers import Num, parse_number
from tafelrunde.i18n import msg
from tafelrunde.web.core.templatetags.tafel import translated

Seats = Sequence[tuple[str, str]]  # player id and name, in seat order


class WholeField(forms.CharField):
    """A whole number in ASCII digits within its bounds, read by the engine (one reader)."""

    def __init__(self, low: int, high: int, refusal: str = "", **kwargs: Any) -> None:
        """Bounds of the number, and the field's own refusal (in the active language; empty:
        the engine's words)."""
        self.low, self.high, self.refusal = low, high, refusal
        super().__init__(**kwargs)
        self.error_messages["required"] = gettext("Please fill this in.")

    def to_python(self, value: Any) -> int | None:  # type: ignore[override]  # text in, number out
        """The number, or None for an empty optional field; else the engine's refusal."""
        text = super().to_python(value)
        if text in self.empty_values:
            return None
        try:
            return whole_number(str(text), field="value", low=self.low, high=self.high)
        except RuleError as err:
            raise forms.ValidationError(self.refusal or translated(err.msg)) from None


def _whole(low: int, high: int, **kwargs: Any) -> WholeField:
    """A whole-number field from `low` to `high`."""
    return WholeField(low, high, **kwargs)


class VersionForm(forms.Form):
    """A change made on a known state of the tournament (a stale one is refused)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Add the hidden state number."""
        super().__init__(*args, **kwargs)
        self.fields["version"] = _whole(0, MAX_FACT_NUMBER, widget=forms.HiddenInput)


class ReleaseForm(VersionForm):
    """Release the previewed draw: the seed it was made with."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Add the seed."""
        super().__init__(*args, **kwargs)
        self.fields["seed"] = _whole(0, MAX_SEED, widget=forms.HiddenInput)


class LateForm(VersionForm):
    """A late player's name (formats A–C, where the ruleset lets late players join)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Add the name."""
        super().__init__(*args, **kwargs)
        self.fields["name"] = forms.CharField(label=gettext("Name"), max_length=NAME_LENGTH)
        self.fields["name"].widget.attrs |= {"data-suggest": "person", "autocomplete": "off"}
        self.fields["name"].error_messages["required"] = gettext("Please fill this in.")
        self.fields["name"].error_messages["max_length"] = gettext(
            "at most %(limit_value)d characters"
        )


class UndoForm(VersionForm):
    """Take back the latest entry; `back` says which page to return to."""

    back = forms.ChoiceField(choices=[("", ""), ("draw", "draw")], required=False)


class TableForm(forms.Form):
    """Which table of which game (of which stage) a result is for, the entry it replaces (0:
    none), and the stage to take back to before its draw first (a correction's way back)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Add the hidden numbers."""
        super().__init__(*args, **kwargs)
        self.fields["game"] = _whole(1, MAX_FACT_NUMBER, widget=forms.HiddenInput)
        self.fields["table"] = _whole(1, MAX_FACT_NUMBER, widget=forms.HiddenInput)
        self.fields["basis"] = _whole(0, MAX_FACT_NUMBER, widget=forms.HiddenInput)
        self.fields["stage"] = forms.CharField(max_length=60, required=False)
        self.fields["rewind"] = forms.CharField(max_length=60, required=False)


class ResultForm(TableForm):
    """One table's result: points, pips and places of each player, as the stage asks."""

    KINDS = ("points", "pips", "place")
    refused_on_store = False  # valid, but the engine refused it when it was to be stored

    def __init__(
        self, *args: Any, seats: Seats, rule: StageRule, kinds: dict[str, bool], **kwargs: Any
    ) -> None:
        """A field per player and kind the stage uses."""
        super().__init__(*args, **kwargs)
        self.seats, self.rule = list(seats), rule
        for p, name in self.seats:
            if kinds.get("points"):
                self.fields[f"points-{p}"] = forms.CharField(
                    required=False, max_length=NUMBER_TEXT, label=name
                )
            if kinds.get("pips"):
                self.fields[f"pips-{p}"] = _whole(0, MAX_PIPS, required=False, label=name)
            if kinds.get("places"):
                self.fields[f"place-{p}"] = _whole(1, len(self.seats), required=False, label=name)
        for name in self.fields:
            if name.startswith(("points-", "place-", "pips-")):
                self.fields[name].error_messages["max_length"] = gettext(
                    "at most %(limit_value)d characters"
                )

    def clean(self) -> dict[str, Any]:
        """Read every player's points exactly, within the stage's bounds; one value at least."""
        super().clean()
        data = self.cleaned_data
        for p, name in self.seats:
            key = f"points-{p}"
            text = (data.get(key) or "").strip()
            if not text:
                data[key] = None
                continue
            try:
                value: Num = parse_number(text, field="points", fractions=False)
            except RuleError as err:
                said = msg("Game points of {name}: {reason}", name=name, reason=err.msg)
                self.add_error(key, translated(said))
                continue
            if refusal := self.rule.score_refusal(value, name):
                self.add_error(key, translated(refusal.msg))
            else:
                data[key] = value
        if not self.errors and not any(
            data.get(f"{k}-{p}") not in (None, "") for p, _ in self.seats for k in self.KINDS
        ):
            raise forms.ValidationError(translated(msg("Please enter the result.")))
        return data

    def values(self, kind: str) -> dict[str, Any]:
        """The entered values of one kind (points, pips, place) by player id."""
        found = {p: self.cleaned_data.get(f"{kind}-{p}") for p, _ in self.seats}
        return {p: v for p, v in found.items() if v not in (None, "")}

    def field_errors(self) -> dict[str, str]:
        """The first message of each refused field, with the player's name."""
        names = dict(self.seats)
        out = {}
        for key, errors in self.errors.items():
            if key == "__all__":
                continue
            kind, _, p = key.partition("-")
            said = str(errors[0])
            if kind != "points" and p in names:
                said = translated(_labelled(kind, names[p], said))
            out[key] = said
        return out

    def form_error(self) -> str:
        """The message of the whole form, if any."""
        return " ".join(str(e) for e in self.non_field_errors())


def _labelled(kind: str, name: str, said: str) -> Any:
    """A field's message with what and whose it is ('Pips of Anna: … between 0 and …')."""
    if kind == "pips":
        return msg("Pips of {name}: {reason}", name=name, reason=said)
    return msg("Place of {name}: {reason}", name=name, reason=said)


class RolloffForm(forms.Form):
    """A roll-off: its players, and either their order (pos-1 …) or the software's throw."""

    def __init__(self, *args: Any, players: Seats, **kwargs: Any) -> None:
        """A place field per player of the roll-off."""
        super().__init__(*args, **kwargs)
        self.players = list(players)
        choices = [("", "")] + [(p, name) for p, name in self.players]
        self.fields["auto"] = forms.BooleanField(required=False)
        for i in range(1, len(self.players) + 1):
            field = forms.ChoiceField(choices=choices, required=False)
            field.error_messages["invalid_choice"] = gettext(
                "'%(value)s' does not take part in this roll-off."
            )
            self.fields[f"pos-{i}"] = field

    def clean(self) -> dict[str, Any]:
        """Every player on exactly one place, unless the software rolls."""
        super().clean()
        data = self.cleaned_data
        if data.get("auto") or self.errors:
            return data
        order = [data.get(f"pos-{i}") for i in range(1, len(self.players) + 1)]
        if len(order) == 2 and order[0] and not order[1]:  # one click: "Sieger: Anna"
            order[1] = next((p for p, _ in self.players if p != order[0]), None)
        if sorted(o or "" for o in order) != sorted(p for p, _ in self.players):
            raise forms.ValidationError(
                translated(msg("Put every player of the roll-off on exactly one place."))
            )
        data["order"] = order
        return data
