"""Shared pages served in front of Django, on real servers: what a visitor who is not logged
in gets from the kept copy is what Django would make, a change shows at once, visitors with
a login or a query of their own always reach Django, and a crowd ordering the dearest page
is served from the copy while other pages keep answering.

A copy served in front says so with an Age header, as a cache does; Django's answers have none.
A page that sends the digest of what it shows gets "204 No Content" while that is unchanged.
"""

from __future__ import annotations

import contextlib
import gzip
import http.client
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hallclient import page_revision, table_mark
from loadclient import Browser, Server, dates_in, draw, fetch, free_port, prepared, server_env
from sseclient import Listener

pytestmark = [pytest.mark.integration]

USER, PASSWORD = "leitung", "vorn-passwort"
RANKING = "endstand/"
PRINTED = "drucken/endstand/"  # the dearest page: the printed final ranking
STANDINGS = "stand/"
SLIDES = "beamer/folien/"  # the projector's slide list
DIGEST = "X-Tafelrunde-Digest"
TABLE_LINK = re.compile(r'href="[^"]*?/tisch/([A-Za-z0-9_-]{24})/"')


def served_in_front(port: int, path: str, headers: dict[str, str] | None = None) -> bool:
    """Ask twice (the first may make the copy); tell whether the second came from the copy."""
    fetch(port, path, headers)
    status, head, _ = fetch(port, path, headers)
    assert status == 200
    return "age" in head


def watched(port: int, pk: int) -> Listener:
    """An open stream of the tournament (the server then hears each of its changes)."""
    listener = Listener(port, pk)
    assert listener.status == 200 and listener.wait(1, 10)
    return listener


@contextlib.contextmanager
def drawn_server(tmp_path: Path, players: int) -> Iterator[tuple[int, int, Browser, Any]]:
    """One app process (SQLite) with a drawn tournament and an open stream of it: the port,
    the tournament, the organiser's browser and the tournament's result forms."""
    env = server_env(tmp_path)
    made = prepared(env, players, USER, PASSWORD)
    pk = made["pk"]
    with Server(port := free_port(), 1, env, tmp_path / "s.log"):
        organiser = Browser(port, USER, PASSWORD)
        assert draw(organiser, pk, made["seed"])
        listener = watched(port, pk)
        yield port, pk, organiser, made["forms"]
        listener.close()
        organiser.close()


@pytest.mark.both_databases
def test_a_change_through_any_process_shows_at_once_on_the_next_fetch(
    tmp_path: Path, database_url: str
) -> None:
    """The copy is Django's answer byte for byte; after a result entered through another
    process the next fetch shows the new revision, never the kept one (SQLite: as soon as
    the POST is answered, as the other process was told before)."""
    env = server_env(tmp_path, database_url)
    made = prepared(env, 24, USER, PASSWORD)
    pk, page = made["pk"], f"/turniere/{made['pk']}/{RANKING}"
    port_a, port_b = free_port(), free_port()
    with Server(port_a, 1, env, tmp_path / "a.log"), Server(port_b, 1, env, tmp_path / "b.log"):
        organiser = Browser(port_a, USER, PASSWORD)
        assert draw(organiser, pk, made["seed"])
        listener = watched(port_b, pk)
        _, first_head, first = fetch(port_b, page)
        status, head, again = fetch(port_b, page)
        assert status == 200 and "age" in head and "age" not in first_head
        assert again == first  # the copy is what Django made
        assert "x-tafelrunde-shared" not in head and "x-tafelrunde-shared" not in first_head
        before = page_revision(again)
        for k, form in enumerate(made["forms"][:3], start=1):
            status, _ = organiser.post(f"/turniere/{pk}/ergebnis/", form)
            assert status == 302
            if not database_url:  # told before the POST was answered: fresh at once
                assert page_revision(fetch(port_b, page)[2]) != before
            assert listener.wait(1 + k, 10), "the change was not heard"
            now = listener.events[-1].id
            status, _, body = fetch(port_b, page)
            assert status == 200 and page_revision(body) == now != before
            before = now
        listener.close()
        organiser.close()


def test_a_copy_in_one_process_is_never_older_than_what_another_saved(tmp_path: Path) -> None:
    """SQLite, two processes: an event's name changed through A (nothing of the tournament
    changed) shows on B's next fetch of a page B keeps a copy of, not only once the copy has
    aged."""
    env = server_env(tmp_path)
    made = prepared(env, 12, USER, PASSWORD)
    dates_in(env, 1)  # the club's event 1
    pk, page = made["pk"], f"/turniere/{made['pk']}/{RANKING}"
    port_a, port_b = free_port(), free_port()
    with Server(port_a, 1, env, tmp_path / "a.log"), Server(port_b, 1, env, tmp_path / "b.log"):
        organiser = Browser(port_a, USER, PASSWORD)
        assert draw(organiser, pk, made["seed"])
        status, _ = organiser.post(f"/turniere/{pk}/termin/", {"event": "1", "day": ""})
        assert status == 302
        listener = watched(port_b, pk)
        assert served_in_front(port_b, page)
        for name in ("Sommerfest", "Herbstabend", "Winterpokal"):
            fields = {"name": name, "date": "2027-01-01", "kind": "Art 0"}
            status, _ = organiser.post("/termine/1/", fields)
            assert status == 302
            _, head, body = fetch(port_b, page)
            assert name in body.decode(), head
            assert served_in_front(port_b, page)  # and kept again
        listener.close()
        organiser.close()


def test_logins_messages_and_queries_of_ones_own_always_reach_django(tmp_path: Path) -> None:
    """A session cookie, an unknown cookie or a query the page does not share: made by Django
    each time; the language cookie and the CSRF cookie change nothing but the language."""
    with drawn_server(tmp_path, 12) as (port, pk, organiser, _):
        page = f"/turniere/{pk}/{RANKING}"
        assert served_in_front(port, page)
        assert served_in_front(port, page, {"Cookie": "csrftoken=abc"})
        cookie = "; ".join(f"{k}={v}" for k, v in organiser.cookies.items())
        assert not served_in_front(port, page, {"Cookie": cookie})
        assert not served_in_front(port, page, {"Cookie": "sessionid=x"})
        assert not served_in_front(port, page, {"Cookie": "messages=x"})
        assert not served_in_front(port, f"{page}?unbekannt=1")
        assert not served_in_front(port, f"{page}?partie=1&partie=2")
        # the organiser sees the organisers' page, never the visitors' copy
        status, body = organiser.get(page)
        assert status == 200 and "urkunden" in body
        assert "urkunden" not in fetch(port, page)[2].decode()
        # each language its own copy
        _, _, english = fetch(port, page, {"Accept-Language": "en"})
        _, _, german = fetch(port, page, {"Accept-Language": "de"})
        _, head, by_cookie = fetch(port, page, {"Cookie": "django_language=en"})
        assert "Overall ranking" in english.decode() and "Gesamtwertung" in german.decode()
        assert by_cookie == english and "age" in head


def test_a_live_page_gets_the_copy_of_the_change_it_was_told_of(tmp_path: Path) -> None:
    """A page names the change it was told of (X-Tafelrunde-Revision: revision and version, as
    live.js sends it): the copy of that change or a later one serves it even after further
    changes; a change the copy does not show yet (made through another process, not heard
    here yet) is never answered from the copy, even while this process thinks it current."""
    with drawn_server(tmp_path, 12) as (port, pk, organiser, forms):
        page = f"/turniere/{pk}/{RANKING}"
        assert served_in_front(port, page)
        old = page_revision(fetch(port, page)[2])  # the draw: version 1
        status, _ = organiser.post(f"/turniere/{pk}/ergebnis/", forms[0])
        assert status == 302
        _, head, body = fetch(port, page, {"X-Tafelrunde-Revision": f"{old} 1"})
        assert "age" in head and page_revision(body) == old
        _, head, body = fetch(port, page)
        new = page_revision(body)  # the result: version 2
        assert "age" not in head and new != old
        _, head, body = fetch(port, page, {"X-Tafelrunde-Revision": f"{old} 1"})
        assert "age" in head and page_revision(body) == new  # a later change will do
        _, head, body = fetch(port, page, {"X-Tafelrunde-Revision": f"{'ab' * 10} 2"})
        assert "age" not in head and page_revision(body) == new  # not known: Django
        _, head, body = fetch(port, page, {"X-Tafelrunde-Revision": f"{'ab' * 10} 99"})
        assert "age" not in head and page_revision(body) == new  # ahead of this process
        for junk in ("", "x", f"{new}", f"{new} -1", f"{new} 2 3", "ö 2"):
            status, _, body = fetch(port, page, {"X-Tafelrunde-Revision": junk})
            assert status == 200 and page_revision(body) == new
        _, head, body = fetch(port, page, {"X-Tafelrunde-Revision": f"{new} 2"})
        assert "age" in head and page_revision(body) == new


def test_a_browser_that_takes_gzip_gets_the_copy_compressed(tmp_path: Path) -> None:
    """The same page in a fraction of the bytes, said in Content-Encoding and Vary; none for
    a browser that refuses gzip. The visitor for whom Django makes the copy (the projector's
    first fetch after a change) gets it compressed too."""
    with drawn_server(tmp_path, 60) as (port, pk, _, _):
        slides = f"/turniere/{pk}/{SLIDES}"
        _, made_head, made = fetch(port, slides, {"Accept-Encoding": "gzip"})
        _, _, plain_slides = fetch(port, slides)
        assert "age" not in made_head and made_head["content-encoding"] == "gzip"
        assert gzip.decompress(made) == plain_slides and len(made) * 3 < len(plain_slides)
        page = f"/turniere/{pk}/{RANKING}"
        assert served_in_front(port, page)
        _, _, plain = fetch(port, page)
        _, packed_head, packed = fetch(port, page, {"Accept-Encoding": "br, gzip, deflate"})
        assert packed_head["content-encoding"] == "gzip" and "age" in packed_head
        assert "Accept-Encoding" in packed_head["vary"]
        assert gzip.decompress(packed) == plain and len(packed) * 3 < len(plain)
        assert int(packed_head["content-length"]) == len(packed)
        _, refused, body = fetch(port, page, {"Accept-Encoding": "gzip;q=0, identity"})
        assert "content-encoding" not in refused and body == plain


def test_four_loops_on_the_dearest_page_are_served_from_the_copy(tmp_path: Path) -> None:
    """Four anonymous clients ordering the printed final ranking over and over: nearly every
    answer comes from the copy (Django makes it again only when it has aged), and a phone's
    pages keep answering meanwhile."""
    with drawn_server(tmp_path, 200) as (port, pk, _, _):
        answers: list[tuple[int, bool]] = []
        stop = threading.Event()

        def loop() -> None:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            while not stop.is_set():
                conn.request("GET", f"/turniere/{pk}/{PRINTED}", headers={"Host": "localhost"})
                answer = conn.getresponse()
                answer.read()
                answers.append((answer.status, answer.getheader("Age") is not None))
            conn.close()

        loops = [threading.Thread(target=loop) for _ in range(4)]
        for one in loops:
            one.start()
        try:
            for path in ("", "stand/", "wo-sitze-ich/", "protokoll/") * 5:
                status, _, _ = fetch(port, f"/turniere/{pk}/{path}")
                assert status == 200, path
        finally:
            stop.set()
            for one in loops:
                one.join(60)
        assert answers and all(status == 200 for status, _ in answers)
        made_by_django = sum(1 for _, front in answers if not front)
        assert made_by_django <= max(8, len(answers) // 20), (made_by_django, len(answers))


def entered_at_table(port: int, organiser: Browser, pk: int, form: dict[str, str]) -> None:
    """A phone at table 1 enters the form's result through the table's link: entered, not
    confirmed yet."""
    assert form["table"] == "1"
    token = TABLE_LINK.findall(organiser.get(f"/turniere/{pk}/tisch-links/")[1])[0]
    phone, path = Browser.phone(port), f"/tisch/{token}/"
    assert phone.get(path)[0] == 200
    player = next(k for k in form if k.startswith("pips-")).removeprefix("pips-")
    assert phone.post(path, {"action": "me", "player": player})[0] == 302
    mark = table_mark(phone.get(path)[1].encode())
    values = {k: v for k, v in form.items() if k.startswith(("pips-", "points-"))}
    assert phone.post(path, {"action": "enter"} | mark | values)[0] == 302
    phone.close()


def test_a_page_that_shows_the_copy_already_gets_no_content(tmp_path: Path) -> None:
    """Each answer of a shared page names a digest of what it shows; a refetch that sends it
    while the page would show the same (the revision aside) gets "204 No Content" with the
    copy's headers and no body: after an entry not confirmed yet (the standings count only
    confirmed results), not after a confirmed result. A digest of another page or language
    does not match; a request without one gets the page."""
    with drawn_server(tmp_path, 12) as (port, pk, organiser, forms):
        page, listener = f"/turniere/{pk}/{STANDINGS}", watched(port, pk)
        _, head, first = fetch(port, page)  # made by Django
        digest = head[DIGEST.lower()]
        status, head, body = fetch(port, page, {DIGEST: digest})  # the copy
        assert status == 204 and body == b"" and "content-length" not in head
        assert head[DIGEST.lower()] == digest and DIGEST in head["vary"]
        assert "content-security-policy" in head and "Accept-Language" in head["vary"]
        for other in ({}, {DIGEST: "0" * 32}, {DIGEST: digest, "Accept-Language": "en"}):
            status, head, body = fetch(port, page, other)
            assert status == 200 and page_revision(body) == page_revision(first), other
        status, head, body = fetch(port, f"/turniere/{pk}/{RANKING}", {DIGEST: digest})
        assert status == 200 and head[DIGEST.lower()] != digest
        # an entry at a table, not confirmed: a new revision, the same standings
        entered_at_table(port, organiser, pk, forms[0])
        assert listener.wait(2, 10), "the change was not heard"
        told = {"X-Tafelrunde-Revision": f"{listener.events[-1].id} 2"}
        status, head, body = fetch(port, page, told | {DIGEST: digest})
        assert status == 204 and body == b"" and head[DIGEST.lower()] == digest
        status, head, body = fetch(port, page, told)
        assert status == 200 and page_revision(body) == listener.events[-1].id
        assert page_revision(body) != page_revision(first) and head[DIGEST.lower()] == digest
        # a result confirmed (by the organisers): the standings change
        assert organiser.post(f"/turniere/{pk}/ergebnis/", forms[1])[0] == 302
        assert listener.wait(3, 10), "the change was not heard"
        told = {"X-Tafelrunde-Revision": f"{listener.events[-1].id} 3"}
        status, head, body = fetch(port, page, told | {DIGEST: digest})
        assert status == 200 and page_revision(body) == listener.events[-1].id
        assert head[DIGEST.lower()] != digest and body != first
        status, _, body = fetch(port, page, told | {DIGEST: head[DIGEST.lower()]})
        assert status == 204 and body == b""
        listener.close()
