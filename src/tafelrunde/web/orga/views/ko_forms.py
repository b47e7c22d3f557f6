"""The small forms of the format-D pages; the engine checks every value, the form only reads it."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext as _

from tafelrunde.engine.limits import MAX_HALL_TABLES


class VersionForm(forms.Form):
    """Every change carries the state it was made on: a stale form is refused."""

    version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Say in the active language what is wrong with a missing or broken hidden field."""
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.error_messages |= {
                "required": _("Please fill this in."),
                "invalid": _("Please enter a whole number."),
            }


class PlayerForm(VersionForm):
    """One player (pay, check in, withdraw, Schock aus)."""

    player = forms.CharField(max_length=100)


class SchockOutForm(PlayerForm):
    """A Schock aus in one throw, with its donation handed in or not."""

    donated = forms.BooleanField(required=False)


class HandTableForm(VersionForm):
    """A table chosen by hand: players (several) and a bracket (empty: the players')."""

    players = forms.MultipleChoiceField(required=False)
    bracket = forms.CharField(required=False, max_length=20)

    def __init__(self, *args: Any, choices: list[tuple[str, str]], **kwargs: Any) -> None:
        """Offer the players waiting now."""
        super().__init__(*args, **kwargs)
        field = cast(forms.ChoiceField, self.fields["players"])
        field.choices = choices
        field.error_messages["invalid_choice"] = _("'%(value)s' is not waiting for a table.")


class OpenForm(VersionForm):
    """Open the next suggested table, or all of them."""

    all = forms.BooleanField(required=False)


class LostForm(forms.Form):
    """The loser of a game at a table, with the table's state the form was made on."""

    player = forms.CharField(max_length=100)
    state = forms.CharField(max_length=2000)
    version = forms.IntegerField(required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Say in the active language what is missing."""
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.error_messages |= {
                "required": _("Please choose a player."),
                "invalid": _("Please enter a whole number."),
            }


class CorrectForm(PlayerForm):
    """Replace the loser of an earlier game."""

    corrects = forms.IntegerField()


class DonationForm(VersionForm):
    """The donation for a recorded Schock aus."""

    schock_out = forms.IntegerField()


class UndoForm(VersionForm):
    """Take back the entry shown (the latest that counts)."""

    target = forms.IntegerField()


class HallForm(VersionForm):
    """How many physical tables the hall has."""

    count = forms.IntegerField(min_value=1, max_value=MAX_HALL_TABLES)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Say in the active language what a table count must be."""
        super().__init__(*args, **kwargs)
        field = self.fields["count"]
        field.label = _("Tables in the hall")
        field.error_messages |= {
            "min_value": _("The hall needs at least 1 table."),
            "max_value": _("At most %(limit_value)s tables."),
        }
