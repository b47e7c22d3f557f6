"""The club's embeds: small pages for the club's homepage that only the websites the
organisers list may show in a frame; every other page stays DENY. The organisers' page gives
the `<iframe>` code and a preview, and refuses a website address it cannot use."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from webhelpers import organiser, text

from factories import tournaments_in_play
from tafelrunde.web.core.models import EmbedOrigins, Event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def ancestors(answer: object) -> str:
    """The frame-ancestors directive of an answer's security policy."""
    policy = answer["Content-Security-Policy"]  # type: ignore[index]
    return next(d.strip() for d in policy.split(";") if d.strip().startswith("frame-ancestors"))


def test_embeds_may_be_framed_by_the_listed_websites_only() -> None:
    made = tournaments_in_play()
    client = Client()
    organiser(client)
    saved = client.post(
        "/vereinsseite/", {"origins": "https://www.wuerfelfreunde.de\nhttp://localhost:8080/"}
    )
    assert saved.status_code == 302
    assert EmbedOrigins.objects.get().listed() == [
        "https://www.wuerfelfreunde.de",
        "http://localhost:8080",
    ]
    paths = ("/einbetten/termine/", f"/einbetten/turniere/{made['A']}/stand/",
             f"/einbetten/turniere/{made['B']}/endstand/",
             f"/einbetten/turniere/{made['D']}/stand/")  # fmt: skip
    for path in paths:
        answer = Client(
            HTTP_ORIGIN="https://evil.example", HTTP_REFERER="https://evil.example/x"
        ).get(path)
        assert answer.status_code == 200, path
        assert "X-Frame-Options" not in answer
        assert (
            ancestors(answer)
            == "frame-ancestors 'self' https://www.wuerfelfreunde.de http://localhost:8080"
        )
    page = Client().get(f"/turniere/{made['A']}/stand/")
    assert page["X-Frame-Options"] == "DENY" and ancestors(page) == "frame-ancestors 'none'"


def test_an_embed_shows_only_its_content_and_updates_itself() -> None:
    made = tournaments_in_play()
    Event.objects.create(name="Spieleabend im Dezember", date=None, kind="Spieleabend")
    dates = text(Client().get("/einbetten/termine/"))
    assert "Spieleabend im Dezember" in dates and "noch nicht fest" in dates
    assert '<header class="top">' not in dates and 'data-live-poll="60"' in dates
    live = text(Client().get(f"/einbetten/turniere/{made['A']}/stand/"))
    assert f'data-live-stream="/turniere/{made["A"]}/live/"' in live and 'id="live-lost"' in live
    assert "Gruppenrunde – Stand" in live and '<base target="_blank">' in live
    ranking = text(Client().get(f"/einbetten/turniere/{made['B']}/endstand/"))
    assert "Endstand" in ranking
    for path in (
        f"/einbetten/turniere/{made['A']}/stand/",
        f"/einbetten/turniere/{made['B']}/endstand/",
    ):
        seen = {"X-Tafelrunde-Seen": key_of(text(Client().get(path)))}
        assert Client().get(path, headers=seen).status_code == 204, path  # kept for all: same
    assert Client().get("/einbetten/turniere/999999/stand/").status_code == 404
    assert Client().get("/einbetten/saisons/999999/").status_code == 404
    assert Client().post("/einbetten/termine/").status_code == 405


def key_of(page: str) -> str:
    """The digest an embed names of itself."""
    found = re.search(r'data-live-key="([0-9a-f]{24})"', page)
    assert found, page
    return found[1]


def test_an_embed_asked_again_answers_no_content_until_what_it_shows_changes() -> None:
    Event.objects.create(name="Spieleabend", date=timezone.localdate() + timedelta(3))
    key = key_of(text(Client().get("/einbetten/termine/")))
    again = Client().get("/einbetten/termine/", headers={"X-Tafelrunde-Seen": key})
    assert again.status_code == 204 and again.content == b""
    Event.objects.create(name="Strategieabend", date=None)
    changed = Client().get("/einbetten/termine/", headers={"X-Tafelrunde-Seen": key})
    assert changed.status_code == 200 and "Strategieabend" in text(changed)
    assert key_of(text(changed)) != key
    other = Client().get("/einbetten/termine/", headers={"X-Tafelrunde-Seen": "x" * 5000})
    assert other.status_code == 200  # any other value: the page


def test_the_organisers_page_gives_the_code_and_refuses_bad_addresses() -> None:
    made = tournaments_in_play()
    assert Client().get("/vereinsseite/").status_code in (302, 403)
    client = Client()
    organiser(client)
    page = text(client.get("/vereinsseite/"))
    assert "Noch keine Webseite eingetragen" in page
    assert (
        f"/einbetten/turniere/{made['A']}/stand/" in page
        and '<iframe src="http://testserver/einbetten/termine/"' in page
    )
    assert 'class="embed-preview" src="' in page
    for bad in (
        "https://a.org; script-src *",
        "javascript:alert(1)",
        "https://b.org:99999",
        "https://b.org:0",
        "https://a.org/pfad",
        "ftp://a.org",
        "https://" + "a" * 300 + ".org",
        "x\ny\nz " * 30,
    ):
        answer = client.post("/vereinsseite/", {"origins": bad})
        assert answer.status_code == 200 and 'role="alert"' in text(answer), bad
    assert not EmbedOrigins.objects.exists()
    assert client.post("/vereinsseite/", {"origins": "https://würfel.de"}).status_code == 302
    assert EmbedOrigins.objects.get().listed() == ["https://xn--wrfel-kva.de"]  # punycode
    assert client.post("/vereinsseite/", {"origins": ""}).status_code == 302
    assert "Noch keine Webseite eingetragen" in text(client.get("/vereinsseite/"))
