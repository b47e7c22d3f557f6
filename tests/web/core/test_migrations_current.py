"""The migrations describe the models as they are: nothing is left for a new migration."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]


def test_no_model_change_is_without_its_migration() -> None:
    out = io.StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)  # exits 1 on a change
    assert "No changes detected" in out.getvalue()
