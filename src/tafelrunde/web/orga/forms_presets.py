"""The forms of club presets: save the rules under a name, or load a ruleset file as one."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext

from tafelrunde.web.core.domain.club_presets import NAME_LENGTH


class PresetForm(forms.Form):
    """A name for the rules, to save them as a club preset."""

    name = forms.CharField(required=False, strip=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Label the field in the active language."""
        super().__init__(*args, **kwargs)
        name = self.fields["name"]
        name.label = gettext("Name of the club preset")
        name.help_text = gettext("At most %(n)s characters; each name only once.") % {
            "n": NAME_LENGTH
        }
        name.widget.attrs |= {"maxlength": str(NAME_LENGTH), "autocomplete": "off"}


class PresetFileForm(PresetForm):
    """A ruleset file (TOML) to keep as a club preset."""

    file = forms.FileField(required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Label the fields in the active language."""
        super().__init__(*args, **kwargs)
        self.fields["file"].label = gettext("Ruleset file (TOML)")
