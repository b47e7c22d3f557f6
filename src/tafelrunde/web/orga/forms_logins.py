"""The forms of the logins page: a new referee, a login's role; messages at their field."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from tafelrunde.web.core.roles import ROLES

NAME_LENGTH = 150  # Django's user name


class RefereeForm(forms.Form):
    """A new referee login: a name and a password, typed twice, checked like every password."""

    name = forms.CharField(max_length=NAME_LENGTH)
    password = forms.CharField(strip=False, widget=forms.PasswordInput)
    again = forms.CharField(strip=False, widget=forms.PasswordInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Label the fields and say what is wrong in the active language."""
        super().__init__(*args, **kwargs)
        f = self.fields
        f["name"].label = gettext("User name")
        f["name"].help_text = gettext("Letters, digits and @ . + - _ only.")
        f["name"].widget.attrs |= {"autocomplete": "off", "autocapitalize": "none"}
        f["password"].label = gettext("Password")
        f["password"].help_text = " ".join(password_validation.password_validators_help_texts())
        f["again"].label = gettext("Password again")
        for name, field in f.items():
            field.widget.attrs["autocomplete"] = "off" if name == "name" else "new-password"
            field.error_messages |= {
                "required": gettext("Please fill this in."),
                "max_length": gettext("At most %(limit_value)s characters."),
            }

    def clean_name(self) -> str:
        """A user name Django accepts."""
        name = str(self.cleaned_data["name"]).strip()
        try:
            UnicodeUsernameValidator()(name)
        except ValidationError:
            raise ValidationError(
                gettext("Only letters, digits and @ . + - _ please (no spaces)."), code="invalid"
            ) from None
        return name

    def clean(self) -> dict[str, Any]:
        """The same password twice, and one that Django's password checks accept."""
        data = super().clean() or {}
        password, again = data.get("password"), data.get("again")
        if password and again and password != again:
            self.add_error("again", gettext("The passwords differ."))
        elif password:
            user = get_user_model()(username=data.get("name", ""))
            try:
                password_validation.validate_password(password, user)
            except ValidationError as err:
                self.add_error("password", err)
        return data


class RoleForm(forms.Form):
    """The role a login gets."""

    role = forms.ChoiceField(choices=[(r, r) for r in ROLES])
