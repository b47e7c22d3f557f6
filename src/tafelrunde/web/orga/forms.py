"""The forms of the organiser's pages; labels and messages in the active language."""

from __future__ import annotations

from typing import Any

from django import forms

from tafelrunde.presets import preset_names
from tafelrunde.web.core.models import Event
from tafelrunde.web.core.templatetags.tafel import t

PRESET_TITLES = {
    "gruppenmodus": ("A – Gruppenmodus mit Durchgängen", "A – group mode with passes"),
    "alhambra": ("B – Alhambra: Vorrunde, Zwischenrunde, Finale", "B – Alhambra: three stages"),
    "king-lui": ("C – King Lui mit Schlangenlinie", "C – King Lui, serpentine seating"),
    "schocken-ko": ("D – Schocken-K.-o. mit Leben und Chips", "D – Schocken knockout"),
}


def _required() -> dict[str, str]:
    """Django's 'required' message in the active language."""
    return {"required": t("Bitte ausfüllen.", "Please fill this in.")}


class EventForm(forms.ModelForm):  # type: ignore[type-arg]
    """A club event: a name and a date, or no date yet."""

    class Meta:
        model = Event
        fields = ("name", "date")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Label the fields in the active language."""
        super().__init__(*args, **kwargs)
        self.fields["name"].label = t("Name des Termins", "Name of the event")
        self.fields["name"].error_messages |= _required()
        date = self.fields["date"]
        date.label = t("Datum", "Date")
        date.help_text = t("leer lassen: steht noch nicht fest", "leave empty: not fixed yet")
        date.widget = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
        date.error_messages |= {"invalid": t("Bitte ein gültiges Datum.", "Please a valid date.")}


def _events() -> list[tuple[str, str]]:
    """The events to choose from, and none."""
    none = ("", t("– ohne Termin –", "– no event –"))
    return [none] + [(str(e.pk), str(e)) for e in Event.objects.all()]


class TournamentForm(forms.Form):
    """A new tournament: name, event, preset or uploaded ruleset, players, day."""

    name = forms.CharField(max_length=200, required=False)
    event = forms.ChoiceField(required=False)
    preset = forms.ChoiceField(required=False)
    ruleset = forms.FileField(required=False)
    players = forms.CharField(widget=forms.Textarea(attrs={"rows": 8}), required=False)
    players_file = forms.FileField(required=False)
    day = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Fill the choices and label the fields in the active language."""
        super().__init__(*args, **kwargs)
        f = self.fields
        f["name"].label = t("Name (leer: Name des Regelwerks)", "Name (empty: the ruleset's)")
        f["event"].label = t("Termin", "Event")
        f["event"].choices = _events()
        f["preset"].label = t("Vorlage", "Preset")
        f["preset"].choices = [("", t("– eigene Regeldatei –", "– own ruleset file –"))] + [
            (n, t(*PRESET_TITLES.get(n, (n, n)))) for n in preset_names()
        ]
        f["ruleset"].label = t("oder Regeldatei (TOML) hochladen", "or upload a ruleset (TOML)")
        f["players"].label = t("Spieler, einer je Zeile", "Players, one per line")
        f["players"].help_text = t(
            "Bei Format D können Spieler auch später angemeldet werden.",
            "In format D players can also register later.",
        )
        f["players_file"].label = t("oder Spielerliste (CSV) hochladen", "or upload players (CSV)")
        f["day"].label = t("Turniertag (Format D)", "Tournament day (format D)")
        f["day"].help_text = t("leer: Datum des Termins", "empty: the event's date")
        f["day"].error_messages |= {"invalid": t("Bitte ein gültiges Datum.", "A valid date.")}


class ImportForm(forms.Form):
    """A tournament file to continue here."""

    file = forms.FileField()
    event = forms.ChoiceField(required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Label the fields in the active language."""
        super().__init__(*args, **kwargs)
        self.fields["file"].label = t("Turnierdatei (JSON)", "Tournament file (JSON)")
        self.fields["file"].error_messages |= {
            "required": t("Bitte eine Datei wählen.", "Please choose a file.")
        }
        self.fields["event"].label = t("Termin", "Event")
        self.fields["event"].choices = _events()


class RulesForm(forms.Form):
    """The ruleset as TOML text, to change before the first draw."""

    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 30, "spellcheck": "false"}))
    version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Label the field in the active language."""
        super().__init__(*args, **kwargs)
        self.fields["text"].label = t("Regelwerk (TOML)", "Ruleset (TOML)")
        self.fields["text"].error_messages |= _required()


class PlayersForm(forms.Form):
    """Players to add: typed names or a CSV file."""

    names = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), required=False)
    file = forms.FileField(required=False)
    late = forms.BooleanField(required=False)
    paid = forms.BooleanField(required=False)
    version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Label the fields in the active language."""
        super().__init__(*args, **kwargs)
        f = self.fields
        f["names"].label = t("Namen, einer je Zeile", "Names, one per line")
        f["file"].label = t("oder CSV-Datei (Spalte „Name“)", "or a CSV file (column 'name')")
        f["late"].label = t(
            "nach dem Anmeldeschluss trotzdem annehmen", "accept after the registration deadline"
        )
        f["paid"].label = t("Startgebühr bezahlt", "entry fee paid")
