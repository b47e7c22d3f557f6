"""The event stream in one process (ASGI, without a server): what it sends, what it refuses,
that hostile ids change nothing, and that closed streams leave nothing behind."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st
from webhelpers import organiser, run_async

from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.players import Player
from tafelrunde.presets import load_ruleset
from tafelrunde.web.core.domain.store import save_new
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.live.hub import HUB, PACE, Change, Hub
from tafelrunde.web.live.publish import touch
from tafelrunde.web.live.stream import routed, shown

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.both_databases]


def tournament() -> TournamentRecord:
    """A small undrawn group-mode tournament."""
    people = [Player(f"p{i}", f"Spieler {i}") for i in range(1, 7)]
    return save_new(Tournament("Live", load_ruleset("gruppenmodus"), people, seed=1))


async def nothing(scope: Any, receive: Any, send: Any) -> None:
    """The app behind the streams: never reached by a stream's address."""
    raise AssertionError(scope["path"])


class Page:
    """One page with an open stream (on a device of its own): what it was sent, and a way
    to leave."""

    opened = 0

    def __init__(
        self, pk: int, query: bytes = b"", method: str = "GET", host: bytes = b"testserver"
    ) -> None:
        Page.opened += 1
        device = (f"10.9.{Page.opened // 250}.{Page.opened % 250 + 1}", 40000)
        self.scope = {"type": "http", "method": method, "path": f"/turniere/{pk}/live/",
                      "query_string": query, "headers": [(b"host", host)],
                      "client": device}  # fmt: skip
        self.sent: list[dict[str, Any]] = []
        self.left = asyncio.Event()
        self.got = asyncio.Event()

    async def receive(self) -> dict[str, Any]:
        await self.left.wait()
        return {"type": "http.disconnect"}

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)
        self.got.set()

    @property
    def body(self) -> str:
        return b"".join(m.get("body", b"") for m in self.sent[1:]).decode()


async def until(condition: Callable[[], bool], limit: float = 20.0) -> None:
    """Wait until the condition holds (a busy machine may take a while); fail after `limit` s."""
    deadline = asyncio.get_running_loop().time() + limit
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "waited in vain"
        await asyncio.sleep(0.02)


def test_a_stream_sends_the_missed_change_then_each_new_one_and_leaves_nothing() -> None:
    """Old revision: told at once; a change in another thread: told; 40 pages gone: no trace."""
    rec = tournament()
    app = routed(nothing)

    async def run() -> None:
        old = Page(rec.pk, b"rev=0123abcd")
        pages = [Page(rec.pk, f"rev={rec.revision}".encode()) for _ in range(40)]
        tasks = [asyncio.ensure_future(app(p.scope, p.receive, p.send)) for p in [old, *pages]]
        await until(lambda: sum(HUB.streams.values()) == 41 and "event: change" in old.body)
        assert old.sent[0]["status"] == 200
        assert f"id: {rec.revision}" in old.body and "event: change" in old.body
        assert all("event:" not in p.body for p in pages)  # up to date: nothing to tell
        assert sum(HUB.streams.values()) == 41
        await asyncio.get_running_loop().run_in_executor(None, touch, rec.pk)
        new = (
            await TournamentRecord.objects.filter(pk=rec.pk)
            .values_list("revision", flat=True)
            .aget()
        )
        await until(lambda: all(f"id: {new}" in p.body for p in pages))
        for p in [old, *pages]:
            p.left.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 5)
        assert sum(HUB.streams.values()) == 0 and not HUB.watched()

    run_async(run())


def test_streams_opened_at_once_from_one_device_stop_at_its_limit() -> None:
    """Seventeen pages of one device asking at the same moment: sixteen streams, one refused
    with 429 (each is counted when admitted, before it reads the tournament)."""
    rec = tournament()
    app = routed(nothing)

    async def run() -> None:
        pages = [Page(rec.pk, f"rev={rec.revision}".encode()) for _ in range(17)]
        for page in pages:
            page.scope["client"] = ("10.8.0.1", 50000)
        tasks = [asyncio.ensure_future(app(p.scope, p.receive, p.send)) for p in pages]
        await until(lambda: all(p.sent for p in pages))
        statuses = sorted(p.sent[0]["status"] for p in pages)
        assert statuses == [200] * 16 + [429]
        assert HUB.addresses["10.8.0.1"] == 16
        for p in pages:
            p.left.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 5)
        assert "10.8.0.1" not in HUB.addresses

    run_async(run())


def test_one_ipv6_network_is_one_device_whatever_its_headers_say() -> None:
    """Seventeen pages from seventeen addresses of one /64 network, each naming another
    client in X-Forwarded-For: sixteen streams, one refused."""
    rec = tournament()
    app = routed(nothing)

    async def run() -> None:
        pages = [Page(rec.pk, f"rev={rec.revision}".encode()) for _ in range(17)]
        for k, page in enumerate(pages):
            page.scope["client"] = (f"2001:db8:9:1::{k + 1:x}", 50000)
            page.scope["headers"].append((b"x-forwarded-for", f"192.0.2.{k + 1}".encode()))
        tasks = [asyncio.ensure_future(app(p.scope, p.receive, p.send)) for p in pages]
        await until(lambda: all(p.sent for p in pages))
        assert sorted(p.sent[0]["status"] for p in pages) == [200] * 16 + [429]
        assert HUB.addresses["2001:db8:9:1::"] == 16
        for p in pages:
            p.left.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 5)
        assert "2001:db8:9:1::" not in HUB.addresses

    run_async(run())


def test_a_deleted_tournament_ends_its_streams_with_gone() -> None:
    """The stream says 'gone' and ends."""
    rec = tournament()
    app = routed(nothing)

    async def run() -> None:
        page = Page(rec.pk, f"rev={rec.revision}".encode())
        task = asyncio.ensure_future(app(page.scope, page.receive, page.send))
        await until(lambda: len(page.sent) >= 2)  # the stream is open and has said hello
        thread = threading.Thread(
            target=lambda: TournamentRecord.objects.filter(pk=rec.pk).delete()
        )
        thread.start()
        thread.join()
        await asyncio.wait_for(task, 5)
        assert "event: gone" in page.body
        assert page.sent[-1].get("more_body") is False

    run_async(run())


def test_other_methods_and_unknown_tournaments_are_refused_in_words() -> None:
    """POST: 405; no such tournament: 404; a host not this server's: 400; nothing stays open."""
    rec = tournament()
    app = routed(nothing)

    async def run() -> None:
        post, unknown = Page(rec.pk, method="POST"), Page(rec.pk + 1000)
        await app(post.scope, post.receive, post.send)
        await app(unknown.scope, unknown.receive, unknown.send)
        assert post.sent[0]["status"] == 405 and "GET" in post.body
        assert unknown.sent[0]["status"] == 404 and "gibt es nicht" in unknown.body
        for host in (b"evil.example", b"", b"testserver.evil.example:80", b"\xff"):
            elsewhere = Page(rec.pk, host=host)  # the Host header checked as for every page
            await app(elsewhere.scope, elsewhere.receive, elsewhere.send)
            assert elsewhere.sent[0]["status"] == 400 and "Host" in elsewhere.body, host
        assert sum(HUB.streams.values()) == 0

    run_async(run())


def test_the_django_address_answers_once_for_servers_without_streams() -> None:
    """Under the test client: the missed change and the retry, nothing when up to date."""
    rec = tournament()
    client = Client()
    missed = client.get(f"/turniere/{rec.pk}/live/", {"rev": "abc"})
    assert missed["Content-Type"].startswith("text/event-stream")
    assert f"id: {rec.revision}" in missed.content.decode()
    fine = client.get(f"/turniere/{rec.pk}/live/", {"rev": rec.revision})
    assert "event:" not in fine.content.decode() and "retry:" in fine.content.decode()
    assert client.get(f"/turniere/{rec.pk + 1000}/live/").status_code == 404


@given(st.binary(max_size=300), st.binary(max_size=300))
def test_any_given_id_is_a_revision_or_nothing(header: bytes, query: bytes) -> None:
    """Hostile Last-Event-ID headers and queries: a plain hex revision or none."""
    got = shown({"headers": [(b"last-event-id", header)], "query_string": query})
    assert got == "" or (len(got) <= 64 and all(c in "0123456789abcdef" for c in got))


@given(st.integers(1, 10**9), st.integers(0, 10**6), st.sampled_from(["", "ab12", "f" * 32]))
def test_a_change_reads_back_from_its_line(pk: int, version: int, revision: str) -> None:
    """What NOTIFY carries reads back to the same change."""
    change = Change(pk, revision, version)
    assert Change.parse(change.payload()) == change


@given(st.text(max_size=80))
def test_no_line_of_text_reads_as_a_broken_change(text: str) -> None:
    """Garbage on the channel: no change, or one with a number and a plain revision."""
    change = Change.parse(text)
    assert change is None or (change.pk >= 0 and (change.revision.isalnum() or change.gone))


def test_a_live_refresh_leaves_the_saved_message_for_the_next_page() -> None:
    """A page fetched by live.js between a POST and its redirect does not eat the message."""
    rec = tournament()
    client = Client()
    organiser(client)
    data = {"kinds": ["seating", "tables"], "seconds": "12", "theme": "dark"}
    response = client.post(f"/turniere/{rec.pk}/beamer/einstellungen/", data)
    assert response.status_code == 302
    live = client.get(f"/turniere/{rec.pk}/", HTTP_X_TAFELRUNDE_LIVE="1")
    assert "Gespeichert" not in live.content.decode()
    shown = client.get(response["Location"])
    assert "Gespeichert – der Beamer zeigt es sofort." in shown.content.decode()


@pytest.mark.unit
def test_a_burst_of_changes_wakes_the_streams_at_once_then_once_more_with_the_newest() -> None:
    """The first change after a quiet moment wakes every stream at once; the changes that
    follow within the pace wake them once, at its end, with the newest; what is stale is
    known at once all the same."""
    hub = Hub()

    async def run() -> None:
        hub.bind()
        loop = asyncio.get_running_loop()
        woken: list[tuple[float, int]] = []

        async def stream() -> None:
            mark = 0
            while mark < 4:
                heard = hub.newer(7, mark)
                if heard is None:
                    await hub.next_wake(7)
                    continue
                mark, change = heard
                woken.append((loop.time(), change.version))

        streams = [asyncio.ensure_future(stream()) for _ in range(3)]
        await asyncio.sleep(0)
        began = loop.time()
        hub.deliver(Change(7, "a1", 1))
        await until(lambda: len(woken) == 3)
        assert [v for _, v in woken] == [1, 1, 1] and woken[-1][0] - began < PACE / 2
        for k, rev in enumerate(["b2", "c3", "d4"], start=2):
            hub.deliver(Change(7, rev, k))
            assert hub.mark(7) == k and hub.heard[7][1].version == k  # known at once
            assert hub.newer(7, 1) is None  # not told before the pace is over
        await asyncio.wait_for(asyncio.gather(*streams), 5)
        assert [v for _, v in woken[3:]] == [4, 4, 4]  # once, with the newest
        assert min(at for at, _ in woken[3:]) - began >= PACE * 0.9

    run_async(run())
