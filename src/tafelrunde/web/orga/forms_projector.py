"""The projector's settings as a form: slide kinds, seconds per slide, theme; German refusals."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext

from tafelrunde.engine.families import Family
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.live.projector_choice import (
    FEWEST_SECONDS,
    MOST_SECONDS,
    THEMES,
    Choice,
)
from tafelrunde.web.live.slide_kinds import kinds_of


class ProjectorForm(forms.Form):
    """Which slide kinds rotate, how many seconds each slide stays, dark or light."""

    kinds = forms.MultipleChoiceField(widget=forms.CheckboxSelectMultiple)
    seconds = forms.IntegerField(min_value=FEWEST_SECONDS, max_value=MOST_SECONDS)
    theme = forms.ChoiceField(widget=forms.RadioSelect)

    def __init__(self, family: Family, *args: Any, **kwargs: Any) -> None:
        """Offer the kinds of this format; label the fields and say what is wrong in words."""
        super().__init__(*args, **kwargs)
        f = self.fields
        cast(forms.ChoiceField, f["kinds"]).choices = [
            (k.key, translated(k.name)) for k in kinds_of(family)
        ]
        f["kinds"].label = gettext("Slides")
        f["kinds"].help_text = gettext("A slide with nothing to show is left out by itself.")
        f["kinds"].error_messages |= {
            "required": gettext("Slides: please tick at least one kind."),
            "invalid_choice": gettext("Slides: '%(value)s' is not a kind of slide."),
            "invalid_list": gettext("Slides: please tick at least one kind."),
        }
        f["seconds"].label = gettext("Seconds per slide")
        limits = {"low": FEWEST_SECONDS, "high": MOST_SECONDS}
        f["seconds"].help_text = gettext("from %(low)s to %(high)s") % limits
        between = (
            gettext("Seconds per slide: please enter a whole number from %(low)s to %(high)s.")
            % limits
        )
        f["seconds"].error_messages |= {
            "required": between, "invalid": between, "min_value": between, "max_value": between,
        }  # fmt: skip
        f["seconds"].widget.attrs |= {"min": FEWEST_SECONDS, "max": MOST_SECONDS, "step": 1}
        cast(forms.ChoiceField, f["theme"]).choices = [
            (k, translated(label)) for k, label in THEMES.items()
        ]
        f["theme"].label = gettext("Colours")
        f["theme"].error_messages |= {
            "required": gettext("Colours: please choose dark or light."),
            "invalid_choice": gettext("Colours: please choose dark or light."),
        }

    def choice(self) -> Choice:
        """The organisers' choice (of a valid form)."""
        data = self.cleaned_data
        return Choice(tuple(data["kinds"]), data["seconds"], data["theme"])
