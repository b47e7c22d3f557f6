"""Which event a tournament belongs to, and (formats A–C) the day it was played."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext

from tafelrunde.web.core.iso_inputs import IsoDateInput
from tafelrunde.web.core.models import Event


class TournamentEventForm(forms.Form):
    """The tournament's event and, for formats A–C, its day (empty: the event's date)."""

    event = forms.ChoiceField(required=False)
    day = forms.DateField(required=False, widget=IsoDateInput())

    def __init__(self, *args: Any, with_day: bool = True, **kwargs: Any) -> None:
        """Fill the events and label the fields in the active language."""
        super().__init__(*args, **kwargs)
        f = self.fields
        f["event"].label = gettext("Event")
        cast(forms.ChoiceField, f["event"]).choices = [("", gettext("– no event –"))] + [
            (str(e.pk), str(e)) for e in Event.objects.all()
        ]
        f["event"].error_messages |= {"invalid_choice": gettext("This event does not exist.")}
        if with_day:
            f["day"].label = gettext("Tournament day")
            f["day"].help_text = gettext(
                "empty: the event's date; seasons and the club's pages date the tournament so"
            )
            f["day"].error_messages |= {"invalid": gettext("A valid date.")}
        else:
            del f["day"]

    def chosen(self) -> Event | None:
        """The chosen event, if any."""
        pk = self.cleaned_data.get("event")
        return Event.objects.filter(pk=int(pk)).first() if pk else None
