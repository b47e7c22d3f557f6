"""Pages everyone reads are made once per tournament state and served to every visitor alike;
logged-in users, typed searches and visitors with a message pending get their own."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import close_old_connections, connection
from django.test import Client
from django.test.signals import template_rendered
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from factories import logged_in, tournaments_in_play
from tafelrunde.engine.knockout import GameLost
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.i18n import msg
from tafelrunde.web.core.domain.store import Logged, append, engine_tournament
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.shared import RENDERS

pytestmark = pytest.mark.integration

# (tournament of `tournaments_in_play`, address below /turniere/<pk>/)
PAGES = [
    ("A", ""),
    ("A", "stand/"),
    ("A", "protokoll/?seite=1"),
    ("A", "tische/"),
    ("A", "tische/?partie=1&seite=1"),
    ("A", "auslosung/"),
    ("A", "spieler/"),
    ("A", "regeln/"),
    ("new", "spieler/"),
    ("new", "regeln/"),
    ("B", "endstand/"),
    ("B", "endstand.csv"),
    ("B", "endstand.xlsx"),
    ("B", "turnierdatei.json"),
    ("B", "drucken/endstand/"),
    ("C", "wo-sitze-ich/"),
    ("C", "drucken/wer-sitzt-wo/"),
    ("D", "leben/"),
    ("D", "endstand/"),
]


@contextmanager
def renders() -> Iterator[list[str]]:
    """The templates rendered meanwhile (in every thread)."""
    seen: list[str] = []

    def note(sender: Any, template: Any, **_: Any) -> None:
        seen.append(str(template.name))

    template_rendered.connect(note, dispatch_uid="shared-pages-test")
    try:
        yield seen
    finally:
        template_rendered.disconnect(dispatch_uid="shared-pages-test")


def a_game_lost(pk: int) -> None:
    """Store one more lost game at the first open table of a format-D tournament."""
    table = engine_tournament(TournamentRecord.objects.get(pk=pk)).state().open_tables()[0]  # type: ignore[union-attr]

    def change(tour: Any) -> Any:
        lost = GameLost(n=0, at=0, table=table.number, player=table.remaining[0])
        record_all(tour, [lost], at="2026-11-27T20:00:00")
        return tour.facts[-1]

    append(pk, change, log=lambda f: Logged(msg("no. {n}", n=f.n), f.n))


@pytest.mark.django_db
@pytest.mark.parametrize(("which", "address"), PAGES)
def test_every_public_page_is_made_once_per_state(which: str, address: str) -> None:
    url = f"/turniere/{tournaments_in_play()[which]}/{address}"
    before = RENDERS["count"]
    with renders() as first:
        made = Client().get(url)
    assert made.status_code == 200, url
    assert RENDERS["count"] == before + 1  # made once for sharing
    assert first or not made["Content-Type"].startswith("text/html")
    for _ in range(5):
        with renders() as again, CaptureQueriesContext(connection) as queries:
            served = Client().get(url)
        assert served.status_code == 200
        assert served.content == made.content
        assert served["Content-Type"] == made["Content-Type"]
        assert served.get("Content-Disposition") == made.get("Content-Disposition")
        assert again == [], url  # nothing rendered again
        marks = 2 if "drucken/" in address else 1  # the tournament's mark (and the club's look)
        assert len(queries) == marks, [q["sql"] for q in queries]
    assert RENDERS["count"] == before + 1  # and only once


@pytest.mark.django_db
def test_after_a_change_the_next_visitor_sees_it() -> None:
    pk = tournaments_in_play()["D"]
    before = {a: Client().get(f"/turniere/{pk}/{a}").content for a in ("leben/", "protokoll/")}
    a_game_lost(pk)
    with renders() as made:
        after = {a: Client().get(f"/turniere/{pk}/{a}").content for a in ("leben/", "protokoll/")}
    assert "public/ko_standings.html" in made and "public/log.html" in made
    assert after["leben/"] != before["leben/"]
    last = TournamentRecord.objects.get(pk=pk).version
    assert f"(#{last})".encode() in after["protokoll/"]
    assert f"(#{last})".encode() not in before["protokoll/"]


@pytest.mark.django_db
def test_an_organiser_never_gets_the_shared_page() -> None:
    pk = tournaments_in_play()["A"]
    url = f"/turniere/{pk}/"
    public = Client().get(url).content.decode()
    organiser = logged_in().get(url).content.decode()
    again = Client().get(url).content.decode()
    assert 'href="/turniere/neu/"' in organiser and "csrfmiddlewaretoken" in organiser
    assert 'href="/turniere/neu/"' not in public and 'href="/turniere/neu/"' not in again
    assert again == public


@pytest.mark.django_db
def test_each_language_has_its_own_copy() -> None:
    url = f"/turniere/{tournaments_in_play()['B']}/endstand/"
    english = Client().get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    german = Client().get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    chosen = Client()
    chosen.cookies["django_language"] = "en"
    with renders() as made:
        assert Client().get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode() == german
        assert chosen.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode() == english
    assert made == []
    assert '<html lang="en">' in english and "Final ranking" in english
    assert '<html lang="de">' in german and "Endstand" in german


@pytest.mark.django_db
def test_a_shared_page_sets_no_cookie_and_carries_no_token() -> None:
    url = f"/turniere/{tournaments_in_play()['C']}/"
    for _ in range(2):  # the one that makes it, and one served the kept page
        response = Client().get(url)
        assert response.status_code == 200
        assert not response.cookies, response.cookies
        assert "csrfmiddlewaretoken" not in response.content.decode()
        assert "X-CSRFToken" not in response.content.decode()
    switch = Client(enforce_csrf_checks=True)  # the language form works without a token
    answer = switch.post("/i18n/setlang/", {"language": "en", "next": url})
    assert answer.status_code == 302 and answer["Location"] == url
    assert switch.cookies["django_language"].value == "en"
    assert '<html lang="en">' in switch.get(url).content.decode()


@pytest.mark.django_db
def test_a_visitor_with_a_message_gets_a_page_of_their_own() -> None:
    pk = tournaments_in_play()["A"]  # not over: no final ranking to download yet
    Client().get(f"/turniere/{pk}/endstand/")  # kept for everyone
    visitor = Client()
    refused = visitor.get(f"/turniere/{pk}/endstand.csv")
    assert refused.status_code == 302
    told = visitor.get(f"/turniere/{pk}/endstand/").content.decode()
    others = Client().get(f"/turniere/{pk}/endstand/").content.decode()
    assert 'class="messages"' in told and 'class="messages"' not in others


@pytest.mark.django_db
def test_typed_names_and_unknown_queries() -> None:
    pk = tournaments_in_play()["C"]
    url = f"/turniere/{pk}/wo-sitze-ich/"
    plain = Client().get(url).content.decode()
    with renders() as made:
        odd = Client().get(url + "?utm=x").content.decode()
        typed = [Client().get(url + "?name=Spieler").status_code for _ in range(2)]
    assert odd == plain and "utm" not in odd  # an unknown parameter is left out
    assert typed == [200, 200]
    assert made.count("public/seats.html") == 2  # each search is made for its visitor
    tables = f"/turniere/{pk}/tische/"
    Client().get(tables)
    jump = Client().get(tables + "?tisch=1")  # a jump to a table is answered, not shared
    assert jump.status_code == 302 and "#table-" in jump["Location"]


@pytest.mark.django_db(transaction=True)
def test_a_crowd_after_a_change_costs_one_page() -> None:
    pk = tournaments_in_play()["D"]
    url = f"/turniere/{pk}/leben/"
    Client().get(url)
    a_game_lost(pk)
    start = threading.Barrier(20)
    got: list[bytes] = []

    def phone() -> None:
        try:
            client = Client()
            start.wait()
            got.append(client.get(url).content)
        finally:
            close_old_connections()

    with renders() as made:
        crowd = [threading.Thread(target=phone) for _ in range(20)]
        for t in crowd:
            t.start()
        for t in crowd:
            t.join()
    assert len(got) == 20 and len(set(got)) == 1
    assert made.count("public/ko_standings.html") == 1


@pytest.mark.django_db
def test_what_the_revision_does_not_cover_is_seen_at_once() -> None:
    from tafelrunde.web.core.models import Event
    from tafelrunde.web.paper.models import ClubLook

    pk = tournaments_in_play()["A"]  # of the event "Vereinsabend"
    assert "Vereinsabend" in Client().get(f"/turniere/{pk}/").content.decode()
    printed = f"/turniere/{pk}/drucken/wer-sitzt-wo/"
    Client().get(printed)
    Event.objects.filter(tournaments=pk).update(name="Sommerfest")  # no signal, no revision
    ClubLook.objects.update_or_create(pk=1, defaults={"club_name": "Würfelfreunde 1887"})
    assert "Sommerfest" in Client().get(f"/turniere/{pk}/").content.decode()
    assert "Würfelfreunde 1887" in Client().get(printed).content.decode()


@pytest.mark.django_db
def test_the_club_pages_are_made_once_per_change_of_the_club() -> None:
    from tafelrunde.web.club.demo import SEASON, add_club_demo
    from tafelrunde.web.club.models import Person, Season
    from tafelrunde.web.core.demo import add_demo

    add_demo()
    add_club_demo()
    season = Season.objects.get(name=SEASON).pk
    person = next(
        p.pk for p in Person.objects.all() if Client().get(f"/personen/{p.pk}/").status_code == 200
    )
    pages = ["/saisons/", f"/saisons/{season}/", f"/saisons/{season}/drucken/",
             f"/saisons/{season}/export.csv", f"/saisons/{season}/export.xlsx",
             f"/personen/{person}/", "/spielstaerke/", "/statistik/"]  # fmt: skip
    first = {url: Client().get(url) for url in pages}
    assert {url: r.status_code for url, r in first.items()} == dict.fromkeys(pages, 200)
    before = RENDERS["count"]
    with renders() as again:
        assert all(Client().get(url).content == first[url].content for url in pages)
    assert again == [] and RENDERS["count"] == before
    renamed = Person.objects.get(pk=person)
    renamed.name = "Zacharias Neuname"
    renamed.save()  # as the person form does
    changed = Season.objects.get(pk=season)
    changed.name = "Saison mit neuem Namen"
    changed.save()
    assert "Zacharias Neuname" in Client().get(f"/personen/{person}/").content.decode()
    assert "Saison mit neuem Namen" in Client().get("/saisons/").content.decode()


@pytest.mark.django_db
def test_the_start_page_is_made_once_per_change_of_what_it_lists() -> None:
    from tafelrunde.web.core.models import Event

    pk = tournaments_in_play()["A"]  # of the event "Vereinsabend", without a date
    first = Client().get("/")
    assert first.status_code == 200 and "Vereinsabend" in first.content.decode()
    with renders() as again:
        assert all(Client().get("/").content == first.content for _ in range(5))
    assert again == []
    Event.objects.filter(tournaments=pk).update(name="Sommerfest")  # no signal, no revision
    TournamentRecord.objects.filter(pk=pk).update(name="Abendturnier")
    shown = Client().get("/").content.decode()
    assert "Sommerfest" in shown and "Abendturnier" in shown
    autumn = Event.objects.create(name="Herbstfest")  # a new event, no date yet
    assert "Herbstfest" in Client().get("/").content.decode()
    edit = reverse("event-edit", args=[autumn.pk])
    assert edit in logged_in().get("/").content.decode()  # an organiser's own page
    assert edit not in Client().get("/").content.decode()
