"""`tafelrunde createorganiser NAME --role referee|organiser`: a login with its role, from the
command line; run again, a new password and the role given; the last organiser stays one."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from test_serve import tafelrunde

pytestmark = [pytest.mark.integration]


def roles(folder: Path) -> dict[str, str]:
    """Every login of the data folder's database with its role."""
    with sqlite3.connect(folder / "tafelrunde.sqlite3") as db:
        rows = db.execute(
            "select u.username, g.name from auth_user u left join auth_user_groups ug"
            " on ug.user_id = u.id left join auth_group g on g.id = ug.group_id"
        ).fetchall()
    return {name: "referee" if group == "referee" else "organiser" for name, group in rows}


def test_createorganiser_makes_referees_and_organisers_and_changes_roles(tmp_path: Path) -> None:
    made = tafelrunde("createorganiser", "chef", "--password", "sicher-genug", data=tmp_path)
    assert made.returncode == 0 and "Turnierleitung angelegt: chef" in made.stdout, made.stderr
    made = tafelrunde("createorganiser", "schiri", "--role", "referee", "--password",
                      "pfeife-und-karte", data=tmp_path)  # fmt: skip
    assert made.returncode == 0 and "Schiedsrichter angelegt: schiri" in made.stdout, made.stderr
    assert roles(tmp_path) == {"chef": "organiser", "schiri": "referee"}
    # again for the referee, without --role: a new password, and the default role
    again = tafelrunde("createorganiser", "schiri", "--password", "neues-passwort", data=tmp_path)
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines() == [
        "Neues Passwort gesetzt für: schiri",
        "schiri gehört jetzt zur Turnierleitung.",
    ]
    assert roles(tmp_path) == {"chef": "organiser", "schiri": "organiser"}
    back = tafelrunde("createorganiser", "chef", "--role", "referee", "--password",
                      "sicher-genug", "--lang", "en", data=tmp_path)  # fmt: skip
    assert back.stdout.splitlines() == ["New password set for: chef", "chef is now a referee."]
    assert roles(tmp_path) == {"chef": "referee", "schiri": "organiser"}
    # the last organiser is not made a referee; nothing changes
    last = tafelrunde("createorganiser", "schiri", "--role", "referee", "--password",
                      "noch-ein-passwort", data=tmp_path)  # fmt: skip
    assert last.returncode == 2
    assert "„schiri“ ist die letzte Anmeldung der Turnierleitung" in last.stdout + last.stderr
    assert roles(tmp_path) == {"chef": "referee", "schiri": "organiser"}
    wrong = tafelrunde("createorganiser", "neu", "--role", "boss", "--password", "x" * 9,
                       data=tmp_path)  # fmt: skip
    assert wrong.returncode == 2 and "boss" in wrong.stderr
    assert set(roles(tmp_path)) == {"chef", "schiri"}
    with sqlite3.connect(tmp_path / "tafelrunde.sqlite3") as db:
        lines = [r[0] for r in db.execute("select message from web_auditentry order by id")]
    assert [json.loads(line)["id"] for line in lines] == [
        "Login '{name}' added as organiser",
        "Login '{name}' added as referee",
        "New password for login '{name}'",
        "Login '{name}' is now an organiser",
        "New password for login '{name}'",
        "Login '{name}' is now a referee",
    ]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("de", ["--role {organiser,referee}", "Schiedsrichter, nur Ergebnisse, Stechen"]),
        ("en", ["--role {organiser,referee}", "referee: results, roll-offs, losers"]),
    ],
)
def test_the_help_of_createorganiser_names_the_roles(
    tmp_path: Path, lang: str, words: list[str]
) -> None:
    shown = tafelrunde("createorganiser", "--help", "--lang", lang, data=tmp_path)
    assert shown.returncode == 0
    said = " ".join(shown.stdout.split())
    for word in words:
        assert word in said, said
