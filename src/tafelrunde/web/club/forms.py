"""The forms of the people pages: a person, a member list to import, a person to merge with."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import checked_name
from tafelrunde.web.club.models import NOTE_LENGTH, Person
from tafelrunde.web.core.templatetags.tafel import translated

MEMBER_CHOICES = (("1", "member"), ("0", "guest"))


class PersonForm(forms.Form):
    """A person's name, member or guest, e-mail address and note (never shown publicly)."""

    name = forms.CharField(max_length=200, required=False)
    member = forms.ChoiceField(widget=forms.RadioSelect)
    email = forms.EmailField(required=False, max_length=254)
    note = forms.CharField(required=False, max_length=NOTE_LENGTH)
    same_name = forms.BooleanField(required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Label the fields in the active language; say what is wrong at the field."""
        super().__init__(*args, **kwargs)
        f = self.fields
        f["name"].label = gettext("Name")
        f["member"].label = gettext("Member or guest")
        cast(forms.ChoiceField, f["member"]).choices = [
            ("1", gettext("Member")),
            ("0", gettext("Guest")),
        ]
        f["member"].error_messages |= dict.fromkeys(
            ("required", "invalid_choice"), gettext("Member or guest: please choose one.")
        )
        f["email"].label = gettext("E-mail address (optional, never shown publicly)")
        f["email"].error_messages |= dict.fromkeys(
            ("invalid", "max_length"),
            gettext("E-mail address: this is no e-mail address (like name@example.org)."),
        )
        f["note"].label = gettext("Note (optional, e.g. passive; only for the organisers)")
        f["note"].error_messages |= {
            "max_length": gettext("Note: at most %(n)s characters.") % {"n": NOTE_LENGTH}
        }
        f["same_name"].label = gettext("Save anyway: it is a different person of a similar name")
        f["same_name"].widget = forms.HiddenInput()

    def clean_name(self) -> str:
        """The name: not empty, at most 100 characters, one printable line."""
        raw = " ".join(str(self.cleaned_data.get("name") or "").split())
        if not raw:
            raise forms.ValidationError(gettext("Name: please enter a name."))
        try:
            return checked_name(raw, field="name")
        except RuleError as err:
            raise forms.ValidationError(gettext("Name: ") + translated(err.msg)) from None

    def clean_note(self) -> str:
        """The note on one line, without surrounding spaces."""
        return " ".join(str(self.cleaned_data.get("note") or "").split())

    def warn(self, alike: list[Person]) -> None:
        """Ask to confirm a name like others' (shown once; the tick box lets it through)."""
        names = ", ".join(p.name for p in alike[:5])
        self.add_error(
            "name",
            gettext("Name: there is already a person named like this: %(names)s.")
            % {"names": names},
        )
        self.fields["same_name"].widget = forms.CheckboxInput()


class ImportForm(forms.Form):
    """A member list to read: CSV or Excel (xlsx)."""

    file = forms.FileField(required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Label the field in the active language."""
        super().__init__(*args, **kwargs)
        self.fields["file"].label = gettext("Member list (CSV or Excel xlsx)")
        self.fields["file"].help_text = gettext(
            "First row: the headings. Recognised: Name (or Vorname and Nachname), "
            "Mitglied/Gast or Status, E-Mail. Other columns are ignored."
        )
        self.fields["file"].widget.attrs["accept"] = ".csv,.txt,.xlsx"

    def clean_file(self) -> Any:
        """A file must be chosen."""
        f = self.cleaned_data.get("file")
        if not f:
            raise forms.ValidationError(gettext("Member list: please choose a file."))
        return f
