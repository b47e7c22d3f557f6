"""The club's look on paper as a form: its name and logo; German refusals at the field."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext

from tafelrunde.web.paper.logo import MAX_BYTES, LogoRefused, cleaned_logo


class LookForm(forms.Form):
    """The club's name, a new logo, or the logo taken away."""

    club_name = forms.CharField(max_length=80, required=False, strip=True)
    logo = forms.FileField(required=False)
    remove_logo = forms.BooleanField(required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Label the fields and say what is wrong in words."""
        super().__init__(*args, **kwargs)
        f = self.fields
        f["club_name"].label = gettext("Club name")
        f["club_name"].help_text = gettext("Printed on table cards and certificates.")
        f["club_name"].error_messages["max_length"] = gettext(
            "Club name: at most %(limit_value)d characters, please."
        )
        f["logo"].label = gettext("Club logo")
        f["logo"].help_text = gettext("A PNG, JPEG, GIF or WebP picture of at most 2 MB.")
        f["logo"].error_messages |= {
            "invalid": gettext("Club logo: this upload is no file."),
            "empty": gettext("Club logo: the file is empty."),
        }
        f["remove_logo"].label = gettext("Remove the logo")
        f["remove_logo"].help_text = gettext("Cards and certificates are then printed without it.")
        self.png = b""

    def clean_club_name(self) -> str:
        """The name without control characters."""
        name = str(self.cleaned_data.get("club_name") or "")
        if any(ord(c) < 32 or ord(c) == 127 for c in name):
            raise forms.ValidationError(gettext("Club name: please use letters, digits and marks."))
        return name

    def clean_logo(self) -> Any:
        """Check the picture and keep it as a PNG."""
        upload = self.cleaned_data.get("logo")
        if not upload:
            return upload
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(gettext("Club logo: the file is larger than 2 MB."))
        try:
            self.png = cleaned_logo(upload.read())
        except LogoRefused as err:
            raise forms.ValidationError(
                gettext("Club logo: this file is no PNG, JPEG, GIF or WebP picture.")
            ) from err
        return upload
