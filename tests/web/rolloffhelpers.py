"""Helpers of the roll-off tests: a roll-off's form at a table, sent from a phone, counted."""

from __future__ import annotations

from django.test import Client
from linkhelpers import (
    csrf_post,
)
from webhelpers import (
    Form,
    forms_of,
    state_of,
)

from tafelrunde.web.core.models import FactRecord


def last_fact(pk: int) -> FactRecord:
    """The tournament's latest stored fact."""
    found = FactRecord.objects.filter(tournament_id=pk).order_by("n").last()
    assert found is not None
    return found


def rolloff_form(client: Client, token: str, action: str = "rolloff") -> Form:
    """The page's form for a roll-off (its entry, or its "Correct")."""
    found = [
        f for f in forms_of(client.get(f"/tisch/{token}/")) if f.inputs.get("action") == [action]
    ]
    assert len(found) == 1, found
    return found[0]


def send(client: Client, token: str, form: Form, **changed: str | list[str]) -> object:
    """Send a roll-off form with its hidden values and the values given."""
    data: dict[str, str | list[str]] = {
        k: v if len(v) > 1 else v[0] for k, v in form.inputs.items()
    }
    return csrf_post(client, f"/tisch/{token}/", data | changed)  # type: ignore[arg-type]


def counted(pk: int) -> bool:
    """Say whether table 1's Stechen counts."""
    cur = state_of(pk).current
    assert cur is not None
    return any(k[0] == "stechen" for k in cur.rolloffs)
