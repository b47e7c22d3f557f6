"""The logins page (Zugänge): the organisers list the logins, add referees (Django's password
checks, German messages at the field), change roles and remove logins; the last organiser
and one's own login stay; each change is in the log."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rolehelpers import REFUSED, drawn_group, login, referee
from webhelpers import counts, forms_of, logged, organiser, text

from tafelrunde.engine.errors import RuleError
from tafelrunde.web.core.domain.logins import add_login, change_role, remove_login
from tafelrunde.web.core.models import AuditEntry
from tafelrunde.web.core.roles import ORGANISER, REFEREE, Role, role_of, set_role

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]


def users() -> list[tuple[str, str | None]]:
    """Every login with its role, by name."""
    return [(u.username, role_of(u)) for u in get_user_model().objects.order_by("username")]


def field_error(page: str, field: str) -> str:
    """The messages shown at one field of the add form."""
    part = page.split(f'id="field-{field}"', 1)[1].split('<div class="field"', 1)[0]
    return part.split("</form>", 1)[0]


def add(client: Client, name: str, password: str, again: str | None = None) -> Any:
    """Send the form that adds a referee."""
    data = {"name": name, "password": password, "again": password if again is None else again}
    return client.post("/zugaenge/", data)


def test_the_organisers_reach_the_logins_page_and_add_a_referee() -> None:
    boss = Client()
    organiser(boss)
    home = text(boss.get("/"))
    assert '<a href="/zugaenge/">Zugänge</a>' in home
    assert '<span class="role">Turnierleitung</span>' in home
    page = text(boss.get("/zugaenge/"))
    assert "<h1>Zugänge</h1>" in page and "leitung" in page and "(Sie selbst)" in page
    response = add(boss, "schiri", "Wuerfel-Turm-9")
    assert response.status_code == 302 and response["Location"] == "/zugaenge/"
    assert users() == [("leitung", ORGANISER), ("schiri", REFEREE)]
    page = text(boss.get("/zugaenge/"))
    assert "Schiedsrichter „schiri“ angelegt." in page
    assert "Anmeldung „schiri“ als Schiedsrichter angelegt" in page  # the latest changes
    row = page.split('id="login-', 3)[2]
    assert "schiri" in row and "Schiedsrichter" in row and "Zur Turnierleitung machen" in row
    assert logged() == ["Anmeldung „schiri“ als Schiedsrichter angelegt"]
    # the new referee logs in with that password and sees the role in the header
    other = Client()
    response = other.post("/anmelden/", {"username": "schiri", "password": "Wuerfel-Turm-9"})
    assert response.status_code == 302
    header = text(other.get("/")).split("</header>", 1)[0]
    assert '<span class="role">Schiedsrichter</span>' in header and "Zugänge" not in header


@pytest.mark.parametrize(
    ("name", "password", "again", "field", "said"),
    [
        ("", "Wuerfel-Turm-9", None, "name", "Bitte ausfüllen."),
        ("schiri", "", "", "password", "Bitte ausfüllen."),
        ("schiri", "Wuerfel-Turm-9", "Wuerfel-Turm-8", "again", "stimmen nicht überein"),
        ("schiri", "kurz-1", None, "password", "Dieses Passwort ist zu kurz."),
        ("schiri", "12345678901", None, "password", "Dieses Passwort ist komplett numerisch."),
        ("schiri", "qwertyuiop", None, "password", "Dieses Passwort ist zu üblich."),
        ("schiri", "tafelrunde", None, "password", "veröffentlichtes Passwort"),
        ("schiedsrichterin", "schiedsrichterin1", None, "password", "zu ähnlich"),
        ("schi ri", "Wuerfel-Turm-9", None, "name", "keine Leerzeichen"),
        ("leitung", "Wuerfel-Turm-9", None, "name", "Die Anmeldung „leitung“ gibt es schon."),
        ("LEITUNG", "Wuerfel-Turm-9", None, "name", "gibt es schon"),
        ("x" * 151, "Wuerfel-Turm-9", None, "name", "Höchstens 150 Zeichen."),
    ],
)
def test_a_bad_new_login_is_refused_at_its_field_and_nothing_is_stored(
    name: str, password: str, again: str | None, field: str, said: str
) -> None:
    boss = Client()
    organiser(boss)
    before, logins = counts(), users()
    response = add(boss, name, password, again)
    assert response.status_code == 200
    assert said in field_error(text(response), field), text(response)[-3000:]
    assert counts() == before and users() == logins
    assert 'value="Wuerfel' not in text(response)  # a password is never sent back


def test_roles_change_and_logins_are_removed_but_never_the_own_or_the_last_organiser() -> None:
    boss = Client()
    me = organiser(boss)
    second = login(Client(), "zweite-leitung", ORGANISER)
    schiri = referee(Client())
    page = boss.get("/zugaenge/")
    actions = {f.action for f in forms_of(page)}
    assert f"/zugaenge/{me.pk}/rolle/" not in actions  # one's own login: no buttons
    assert f"/zugaenge/{me.pk}/entfernen/" not in actions
    assert {f"/zugaenge/{second.pk}/rolle/", f"/zugaenge/{schiri.pk}/entfernen/"} <= actions
    assert "die eigene Anmeldung" in text(page)

    response = boss.post(f"/zugaenge/{schiri.pk}/rolle/", {"role": "organiser"}, follow=True)
    assert "„schiri“ gehört jetzt zur Turnierleitung." in text(response)
    response = boss.post(f"/zugaenge/{second.pk}/rolle/", {"role": "referee"}, follow=True)
    assert "„zweite-leitung“ ist jetzt Schiedsrichter." in text(response)
    assert users() == [("leitung", ORGANISER), ("schiri", ORGANISER),
                       ("zweite-leitung", REFEREE)]  # fmt: skip
    # the same click twice changes nothing and writes no second line
    boss.post(f"/zugaenge/{second.pk}/rolle/", {"role": "referee"})

    # one's own login, sent by hand: refused, nothing changes
    before = (counts(), users())
    response = boss.post(f"/zugaenge/{me.pk}/rolle/", {"role": "referee"}, follow=True)
    assert "Die eigene Rolle lässt sich nicht ändern." in text(response)
    response = boss.post(f"/zugaenge/{me.pk}/entfernen/", follow=True)
    assert "Die eigene Anmeldung lässt sich nicht entfernen." in text(response)
    response = boss.post(f"/zugaenge/{second.pk}/rolle/", {"role": "boss"}, follow=True)
    assert "Bitte eine Rolle wählen." in text(response)
    assert boss.post("/zugaenge/999/entfernen/", follow=True).status_code == 200
    assert (counts(), users()) == before

    response = boss.post(f"/zugaenge/{second.pk}/entfernen/", follow=True)
    assert "Anmeldung „zweite-leitung“ entfernt." in text(response)
    assert users() == [("leitung", ORGANISER), ("schiri", ORGANISER)]
    assert logged() == [
        "Anmeldung „schiri“ gehört jetzt zur Turnierleitung",
        "Anmeldung „zweite-leitung“ ist jetzt Schiedsrichter",
        "Anmeldung „zweite-leitung“ entfernt",
    ]
    # the last organiser stays one (whoever asks)
    assert boss.post(f"/zugaenge/{schiri.pk}/rolle/", {"role": "referee"}).status_code == 302
    page = boss.get("/zugaenge/")
    assert {f.action for f in forms_of(page) if "/zugaenge/" in f.action} == {
        f"/zugaenge/{schiri.pk}/rolle/",
        f"/zugaenge/{schiri.pk}/entfernen/",
    }
    with pytest.raises(RuleError) as refused:
        change_role(me.pk, REFEREE, by=schiri)
    assert "letzte Anmeldung der Turnierleitung" in refused.value.msg.text("de")


def test_a_removed_referees_entries_keep_the_name_in_the_log() -> None:
    boss, ref = Client(), Client()
    organiser(boss)
    schiri = referee(ref)
    pk, state = drawn_group()
    st = state.current
    assert st is not None
    seats = (st.tables(1) or ())[0]
    data = {"stage": st.key, "game": "1", "table": "1", "basis": "0"}
    data |= {f"pips-{p}": str(v) for p, v in zip(seats, (40, 30, 20, 10), strict=True)}
    assert ref.post(f"/turniere/{pk}/ergebnis/", data).status_code == 302
    assert boss.post(f"/zugaenge/{schiri.pk}/entfernen/").status_code == 302
    entry = AuditEntry.objects.get(tournament_id=pk, fact__isnull=False)
    assert entry.user is None and entry.who == "schiri"
    log = text(boss.get(f"/turniere/{pk}/protokoll/"))
    assert log.count("schiri") >= 2  # the log line and the stored fact


def test_a_referee_is_refused_the_logins_page() -> None:
    client = Client()
    referee(client)
    before = (counts(), users())
    for response in (client.get("/zugaenge/"), add(client, "neu", "Wuerfel-Turm-9")):
        assert response.status_code == 403 and REFUSED in text(response)
    assert (counts(), users()) == before


# -- a property: whatever the organisers do, one organiser is left ----------------------

OPS = st.tuples(
    st.sampled_from(("role", "role", "remove", "remove", "add")),
    st.integers(0, 5),  # who acts (an index into the logins)
    st.integers(0, 5),  # whom it concerns
    st.sampled_from((ORGANISER, REFEREE)),
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=st.lists(OPS, max_size=10))
def test_an_organiser_is_always_left_and_a_refusal_changes_nothing(
    ops: list[tuple[str, int, int, Role]],
) -> None:
    with transaction.atomic():
        for name, role in (("chef", ORGANISER), ("zweite", ORGANISER), ("schiri", REFEREE)):
            set_role(get_user_model().objects.create(username=name), role)  # no password
        for k, (op, actor, target, role) in enumerate(ops):
            users_now = list(get_user_model().objects.order_by("pk"))
            by, whom = users_now[actor % len(users_now)], users_now[target % len(users_now)]
            before = (users(), AuditEntry.objects.count())
            try:
                if op == "role":
                    change_role(whom.pk, role, by)
                elif op == "remove":
                    remove_login(whom.pk, by)
                else:
                    add_login(f"neu{k}", "Wuerfel-Turm-9", role, by=by)
            except RuleError:
                assert (users(), AuditEntry.objects.count()) == before
            assert any(r == ORGANISER for _, r in users()), ops[: k + 1]
        transaction.set_rollback(True)
