"""The club's website surfaces (feed, embeds, API, sign-up form) with hostile `Origin` and
`Referer` headers: every answer is the one without them, no header reflects them, and a
sign-up sent from another origin is refused and stores nothing."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from webhelpers import create, organiser

from tafelrunde.web.core import rates
from tafelrunde.web.core.embedding import save
from tafelrunde.web.core.models import Event, TournamentRecord
from tafelrunde.web.player.models import SignUp

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LISTED = "https://wuerfelfreunde.example"
HOSTILE = st.one_of(
    st.sampled_from([
        "null", "https://evil.example", LISTED + ".evil.example", "http://wuerfelfreunde.example",
        LISTED + "/", "https://wuerfelfreunde.example:443", "javascript:alert(1)",
        "http://testserver.evil.example", "https://testserver", "*", "", "x" * 5000,
        "https://evil.example/turniere/1/mitspielen/", LISTED + "\r\nSet-Cookie: a=b",
    ]),
    st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=0x2FF), max_size=200),
)  # fmt: skip
VARYING = re.compile(rb'csrfmiddlewaretoken" value="[^"]*"|"X-CSRFToken": "[^"]*"')


def surfaces(pk: int) -> list[str]:
    """Every address of the club's website a stranger can reach."""
    return ["/termine.ics", "/einbetten/termine/", f"/einbetten/turniere/{pk}/stand/",
            f"/einbetten/turniere/{pk}/endstand/", "/api/v1/events", "/api/v1/tournaments",
            f"/api/v1/tournaments/{pk}/standings", "/api/v1/openapi.json",
            f"/turniere/{pk}/mitspielen/"]  # fmt: skip


def answer(path: str, **headers: str) -> tuple[int, bytes, dict[str, str]]:
    """Status, body (the per-visitor token left out) and the headers that could leak."""
    got = Client(HTTP_ORIGIN="", raise_request_exception=False).get(path, headers=headers)
    shown = {k: got[k] for k in ("Content-Security-Policy", "X-Frame-Options") if k in got}
    assert not any(k.lower().startswith("access-control") for k in got.headers), path
    return got.status_code, VARYING.sub(b"", got.content), shown


@pytest.fixture
def world() -> int:
    """A tournament with an open sign-up, a date, one listed website; its id."""
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 4)
    client.post(f"/turniere/{rec.pk}/online-anmeldung/", {"open": "on", "capacity": ""})
    Event.objects.create(name="Spieleabend", date=timezone.localdate() + timedelta(5))
    save(LISTED)
    return rec.pk


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(origin=HOSTILE, referer=HOSTILE)
def test_hostile_origin_and_referer_change_no_answer(world: int, origin: str, referer: str) -> None:
    rates.forget()  # (the same world for every example: read only; the API's limit afresh)
    for path in surfaces(world):
        plain = answer(path)
        assert plain[0] == 200, path
        assert answer(path, Origin=origin, Referer=referer) == plain, (path, origin, referer)


def test_a_sign_up_from_another_origin_is_refused_and_stores_nothing(world: int) -> None:
    form = f"/turniere/{world}/mitspielen/"
    for origin in ("https://evil.example", LISTED, "null"):
        visitor = Client(enforce_csrf_checks=True)
        visitor.get(form)
        data = {"name": "Mallory", "email": "", "note": "", "code": "", "website": "",
                "csrfmiddlewaretoken": visitor.cookies["csrftoken"].value}  # fmt: skip
        sent = visitor.post(form, data, headers={"Origin": origin})
        assert sent.status_code == 403, origin
    assert not SignUp.objects.exists()
    assert len(TournamentRecord.objects.get(pk=world).players) == 4  # Mallory is not one
    same = Client(enforce_csrf_checks=True)
    same.get(form)
    data = {"name": "Mallory", "email": "", "note": "", "code": "", "website": "",
            "csrfmiddlewaretoken": same.cookies["csrftoken"].value}  # fmt: skip
    assert same.post(form, data, headers={"Origin": "http://testserver"}).status_code == 302
