"""The forms of the organiser's pages; labels and messages in the active language."""

from __future__ import annotations

import contextlib
from typing import Any, cast

from django import forms
from django.utils.translation import gettext

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import family_of, written
from tafelrunde.engine.rule_words import named
from tafelrunde.presets import AnyRules, load_rules, preset_names
from tafelrunde.web.core.domain.club_presets import choice_value, club_rules
from tafelrunde.web.core.iso_inputs import IsoDateInput
from tafelrunde.web.core.models import ClubPreset, Event
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.core.validators import one_line
from tafelrunde.web.orga.forms_ko_times import shown_times


def shipped_title(name: str) -> str:
    """A shipped preset as the form offers it: its letter and its own name ('A – …')."""
    rules = load_rules(name)
    data = written(rules)
    title = translated(named(rules.name, rules.name_en))
    letter = family_of(data).letter(data)
    return f"{letter} – {title}" if letter else title


def preset_choices() -> list[tuple[str, Any]]:
    """No preset (an own file), the shipped presets, then the club's own presets, grouped."""
    choices: list[tuple[str, Any]] = [
        ("", gettext("– own ruleset file –")),
        (gettext("Shipped presets"), [(n, shipped_title(n)) for n in preset_names()]),
    ]
    said, club = gettext("{preset} (format {format})"), gettext("{preset} (the club's own format)")
    own = [
        (choice_value(p), (said if p.format else club).format(preset=p.name, format=p.format))
        for p in ClubPreset.objects.all()
    ]
    return choices + ([(gettext("Club presets"), own)] if own else [])


def knockout_presets() -> dict[str, AnyRules]:
    """The presets (shipped and the club's) whose rules are a knockout, with their rules: the
    form's fields of times and day are theirs only."""
    found = {n: load_rules(n) for n in preset_names()}
    for preset in ClubPreset.objects.all():
        value = choice_value(preset)
        with contextlib.suppress(RuleError):  # a preset older rules allowed: refused on use
            found[value] = club_rules(value)
    return {value: rules for value, rules in found.items() if _day_in_rules(rules)}


def _day_in_rules(rules: AnyRules) -> bool:
    """Say whether the ruleset's family keeps the day and times in its rules."""
    return family_of(written(rules)).day_in_rules


def _required() -> dict[str, str]:
    """Django's 'required' message in the active language."""
    return {"required": gettext("Please fill this in.")}


class EventForm(forms.ModelForm):
    """A club event: a name and a date, or no date yet."""

    class Meta:
        model = Event
        fields = ("name", "date", "kind")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Label the fields in the active language."""
        super().__init__(*args, **kwargs)
        self.fields["name"].label = gettext("Name of the event")
        self.fields["name"].error_messages |= _required()
        self.fields["name"].validators.append(one_line)
        date = self.fields["date"]
        date.label = gettext("Date")
        date.help_text = gettext("leave empty: not fixed yet")
        date.widget = IsoDateInput()
        date.error_messages |= {"invalid": gettext("Please a valid date.")}
        kind = self.fields["kind"]
        kind.label = gettext("Kind of event")
        kind.help_text = gettext(
            "free text, e.g. Spieleabend, Vereinsmeisterschaft, Schocken-Serie; "
            "seasons pick their evenings by it"
        )
        kind.widget.attrs |= {"list": "event-kinds", "autocomplete": "off"}
        kind.error_messages |= {"max_length": gettext("At most 60 characters.")}
        kind.validators.append(one_line)

    def clean_kind(self) -> str:
        """The kind without surrounding spaces, spelled as a kind used already that differs
        only in case ("spieleabend" is "Spieleabend": one kind, one feed, one season pick)."""
        kind = str(self.cleaned_data.get("kind") or "").strip()
        others = Event.objects.exclude(pk=self.instance.pk).exclude(kind="")
        same = {k for k in others.values_list("kind", flat=True) if k.casefold() == kind.casefold()}
        return kind if not same or kind in same else min(same)


def _events() -> list[tuple[str, str]]:
    """The events to choose from, and none."""
    none = ("", gettext("– no event –"))
    return [none] + [(str(e.pk), str(e)) for e in Event.objects.all()]


TYPED_NAMES = {"data-suggest": "person", "autocomplete": "off"}  # known persons offered


class TournamentForm(forms.Form):
    """A new tournament: name, event, preset or uploaded ruleset, players, day."""

    name = forms.CharField(max_length=200, required=False)
    event = forms.ChoiceField(required=False)
    preset = forms.ChoiceField(required=False)
    ruleset = forms.FileField(required=False)
    players = forms.CharField(
        widget=forms.Textarea(attrs=TYPED_NAMES | {"rows": 8}), required=False
    )
    players_file = forms.FileField(required=False)
    day = forms.DateField(required=False, widget=IsoDateInput())

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Fill the choices and label the fields in the active language."""
        super().__init__(*args, **kwargs)
        f = self.fields
        f["name"].label = gettext("Name (empty: the ruleset's)")
        f["event"].label = gettext("Event")
        cast(forms.ChoiceField, f["event"]).choices = _events()
        f["preset"].label = gettext("Preset")
        cast(forms.ChoiceField, f["preset"]).choices = preset_choices()
        f["preset"].error_messages |= {"invalid_choice": gettext("This preset does not exist.")}
        knockout = knockout_presets()
        f["preset"].widget.attrs["data-knockout"] = " ".join(knockout)
        f["preset"].widget.attrs["data-times"] = shown_times(knockout)
        f["ruleset"].label = gettext("or upload a ruleset (TOML)")
        f["players"].label = gettext("Players, one per line")
        f["players"].help_text = gettext(
            "May stay empty: enter the players later, or let them sign up online."
        )
        f["players_file"].label = gettext("or upload players (CSV)")
        f["day"].label = gettext("Tournament day (format D)")
        f["day"].help_text = gettext("empty: the event's date")
        f["day"].error_messages |= {"invalid": gettext("A valid date.")}


class ImportForm(forms.Form):
    """A tournament file to continue here."""

    file = forms.FileField()
    event = forms.ChoiceField(required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Label the fields in the active language."""
        super().__init__(*args, **kwargs)
        self.fields["file"].label = gettext("Tournament file (JSON)")
        self.fields["file"].error_messages |= {"required": gettext("Please choose a file.")}
        self.fields["event"].label = gettext("Event")
        cast(forms.ChoiceField, self.fields["event"]).choices = _events()


class RulesForm(forms.Form):
    """The ruleset as TOML text, to change before the first draw."""

    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 30, "spellcheck": "false"}))
    version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Label the field in the active language."""
        super().__init__(*args, **kwargs)
        self.fields["text"].label = gettext("Ruleset (TOML)")
        self.fields["text"].error_messages |= _required()


class PlayersForm(forms.Form):
    """Players to add: typed names or a CSV file."""

    names = forms.CharField(
        widget=forms.Textarea(attrs=TYPED_NAMES | {"rows": 4}),
        required=False,
    )
    file = forms.FileField(required=False)
    late = forms.BooleanField(required=False)
    paid = forms.BooleanField(required=False)
    version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Label the fields in the active language."""
        super().__init__(*args, **kwargs)
        f = self.fields
        f["names"].label = gettext("Names, one per line")
        f["file"].label = gettext("or a CSV file (column 'name')")
        f["late"].label = gettext("accept after the registration deadline")
        f["paid"].label = gettext("entry fee paid")
