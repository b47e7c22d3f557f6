"""Every date and time field of every form shows its value as ISO in every language: the
browser's `<input type=date>` reads only YYYY-MM-DD (a German 31.01.2026 shows an empty
field, and saving it unchanged would drop the date)."""

from __future__ import annotations

import datetime
import importlib
import pkgutil
from typing import Any

import pytest
from django import forms
from django.utils import translation

import tafelrunde.web

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

EXPECTED: tuple[tuple[type[forms.Field], str, Any, str], ...] = (
    (forms.DateTimeField, "datetime-local", datetime.datetime(2026, 1, 31, 18, 5),
     "2026-01-31T18:05"),
    (forms.DateField, "date", datetime.date(2026, 1, 31), "2026-01-31"),
    (forms.TimeField, "time", datetime.time(18, 5), "18:05"),
)  # fmt: skip
DATED = {"SeasonForm", "EventForm", "TournamentForm", "TournamentEventForm", "KoTimesForm"}


def project_forms() -> list[type[forms.BaseForm]]:
    """Every form class defined in the web application's modules."""
    for info in pkgutil.walk_packages(tafelrunde.web.__path__, "tafelrunde.web."):
        if ".migrations" not in info.name and not info.name.endswith((".asgi", ".startup")):
            importlib.import_module(info.name)
    found, todo = [], list(forms.BaseForm.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith("tafelrunde."):
            found.append(cls)
    return found


def fields_of(cls: type[forms.BaseForm]) -> dict[str, forms.Field]:
    """The fields of a form as made in a view (its class's fields if it needs arguments)."""
    try:
        return dict(cls().fields)
    except TypeError:
        return dict(cls.base_fields)


def test_every_date_and_time_field_of_every_form_renders_iso_in_german() -> None:
    classes = project_forms()
    assert {c.__name__ for c in classes} >= DATED
    checked, wrong = 0, []
    with translation.override("de"):
        for cls in classes:
            for name, field in fields_of(cls).items():
                for kind, html_type, value, iso in EXPECTED:
                    if not isinstance(field, kind):
                        continue
                    checked += 1
                    html = field.widget.render(name, value)
                    if f'value="{iso}"' not in html or f'type="{html_type}"' not in html:
                        wrong.append(f"{cls.__module__}.{cls.__name__}.{name}: {html}")
                    elif field.clean(iso) != value:
                        wrong.append(f"{cls.__name__}.{name} reads {iso!r} wrongly")
                    break
    assert checked >= 6
    assert not wrong, "\n".join(wrong)
