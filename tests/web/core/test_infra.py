"""The web tests run on the database the environment names: PostgreSQL by URL, else SQLite.

`python3 make.py test` runs tests/web twice, the second time on a private PostgreSQL
cluster (TAFELRUNDE_DATABASE_URL); this proves that run really talks to PostgreSQL.
"""

from __future__ import annotations

import os

import pytest
from django.db import connection

from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.both_databases]

RULESET = {
    "name": "Grüne Wiese – Schocken",
    "points": [3, 1, 0],
    "factor": 1.5,
    "tie_break": None,
    "final": True,
    "tables": {"size": 4, "names": ["Tisch 1", "Tisch 2"]},
}


@pytest.mark.django_db
def test_the_database_is_the_one_the_environment_names() -> None:
    on_postgres = bool(os.environ.get("TAFELRUNDE_DATABASE_URL"))
    assert connection.vendor == ("postgresql" if on_postgres else "sqlite")
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)


@pytest.mark.django_db
def test_a_json_field_comes_back_the_same() -> None:
    rec = TournamentRecord.objects.create(name="Probe", format="A", ruleset=RULESET)
    again = TournamentRecord.objects.get(pk=rec.pk)
    assert again.ruleset == RULESET and again.players == []
    assert TournamentRecord.objects.filter(ruleset__tables__size=4).get() == rec
    assert not TournamentRecord.objects.filter(ruleset__final=False).exists()
