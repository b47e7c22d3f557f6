"""The hall bench's clients read what they need: the events of a stream, an HTTP answer, the
revision and table forms of real pages, and match each change to the screens that show it."""

from __future__ import annotations

import asyncio
import gzip

import pytest
from django.test import Client
from hallclient import (
    Change,
    EventParser,
    Screen,
    change_of,
    entry_to_confirm,
    page_revision,
    reach,
    read_answer,
    stale_fetches,
    table_mark,
    told,
    unpacked,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from linkhelpers import csrf_post, drawn, phone, seats, tap, tokens

from tafelrunde.web.core.models import FactRecord, TournamentRecord


def answer_of(raw: bytes) -> tuple[int, bytes, bool]:
    """Read one answer from these bytes: status, body, connection kept."""

    async def read() -> tuple[int, bytes, bool]:
        reader = asyncio.StreamReader()
        reader.feed_data(raw)
        reader.feed_eof()
        answer, keep = await read_answer(reader)
        return answer.status, answer.body, keep

    return asyncio.run(read())


@pytest.mark.unit
def test_a_stream_gives_its_changes_and_skips_comments_and_retry() -> None:
    change = 'data: {"revision": "ab12", "version": 7}'
    lines = ["retry: 1000", "", ": ", "", "id: ab12", "event: change", change, "",
             "event: gone", "data: {}", ""]  # fmt: skip
    parser = EventParser()
    heard = [e for e in (parser.feed(line + "\n") for line in lines) if e is not None]
    assert heard == [("change", '{"revision": "ab12", "version": 7}'), ("gone", "{}")]
    assert change_of(heard[0][1]) == ("ab12", 7)


@pytest.mark.unit
def test_answers_with_a_length_in_chunks_and_until_closed_are_read_whole() -> None:
    sized = b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nSet-Cookie: a=b\r\n\r\nhello"
    assert answer_of(sized) == (200, b"hello", True)
    chunked = (
        b"HTTP/1.1 302 Found\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"
    )
    assert answer_of(chunked) == (302, b"abcde", True)
    closed = b"HTTP/1.1 500 Oops\r\nConnection: close\r\n\r\nbroken"
    assert answer_of(closed) == (500, b"broken", False)


@pytest.mark.unit
def test_an_answer_without_content_ends_at_its_headers_and_counts_them() -> None:
    """A "204 No Content" has no length and no body: the next answer on the connection is
    not read as its body; the bytes on the wire count the status line and headers."""
    empty = b"HTTP/1.1 204 No Content\r\nVary: Cookie\r\n\r\n"
    assert answer_of(empty + b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok") == (
        204, b"", True,
    )  # fmt: skip

    async def wire() -> int:
        reader = asyncio.StreamReader()
        reader.feed_data(empty)
        reader.feed_eof()
        return (await read_answer(reader))[0].wire

    assert asyncio.run(wire()) == len(empty)


@pytest.mark.unit
@settings(max_examples=60, deadline=None)
@given(
    before=st.integers(0, 200_000),
    after=st.integers(0, 200_000),
    marked=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_a_refetch_unpacks_only_up_to_its_marks_and_reads_the_same_marks(
    before: int, after: int, marked: bool, seed: int
) -> None:
    """Unpacked up to its marks, a page names the same revision and version as unpacked
    whole; a page without them is unpacked whole."""
    import random

    rng = random.Random(seed)
    noise = bytes(rng.choice(b'abcdef <>="01234') for _ in range(before))
    marks = b'<body data-live-revision="0f3a" data-live-version="417">' if marked else b""
    page = noise + marks + bytes(rng.getrandbits(8) for _ in range(after))
    packed = gzip.compress(page)
    start = unpacked(packed, marks=True)
    assert page.startswith(start)
    assert page_revision(start) == page_revision(page) == ("0f3a" if marked else "")
    assert (b'data-live-version="417"' in start) == marked
    if not marked:
        assert start == page
    assert unpacked(packed) == page


def test_a_change_is_fresh_on_a_screen_only_once_a_page_shows_it() -> None:
    screen = Screen("overview")
    screen.events = [(10.2, "r2", 2), (11.0, "r4", 4)]
    # a fetch ended before the event, one showing the old revision, then one showing r2
    screen.fetches = [(9.0, 9.5, "r1", 200), (10.3, 10.6, "r1", 200), (10.6, 10.9, "r2", 200),
                      (11.1, 11.2, "r4", 500), (11.2, 11.8, "r9", 200)]  # fmt: skip
    versions = {"r1": 1, "r2": 2, "r4": 4}
    got = reach([Change(2, 10.0), Change(4, 10.5)], [screen], versions)
    assert [round(s, 3) for s in got.event] == [0.2, 0.5]
    assert [round(s, 3) for s in got.fresh] == [0.9]  # change 4: only an error, then unknown
    assert (got.missed_event, got.missed_fresh) == (0, 1)
    assert stale_fetches([screen], versions) == (1, 1)  # r1 after r2's event; r9 unknown


@pytest.mark.integration
@pytest.mark.django_db
def test_real_pages_give_the_revision_the_table_form_and_the_entry_to_confirm() -> None:
    organiser, pk = drawn()
    token = tokens(organiser, pk)[0]
    a, b, c, d = seats(pk)
    first, second = phone(), phone()
    path = f"/tisch/{token}/"
    tap(first, token, a)
    page = first.get(path).content
    assert page_revision(page) == TournamentRecord.objects.get(pk=pk).revision
    mark = table_mark(page)
    assert mark["game"] == "1" and mark["basis"].isdigit()
    pips = {f"pips-{p}": str(v) for p, v in {a: 40, b: 30, c: 20, d: 10}.items()}
    assert csrf_post(first, path, {"action": "enter"} | mark | pips).status_code == 302  # type: ignore[attr-defined]
    assert told(first.get(path).content) == "success"
    tap(second, token, b)
    entry = FactRecord.objects.filter(tournament_id=pk).order_by("n").last()
    assert entry is not None and entry.data["type"] == "tableentered"
    assert entry_to_confirm(second.get(path).content) == str(entry.n)
    slides = Client().get(f"/turniere/{pk}/beamer/folien/").content
    assert page_revision(slides) == TournamentRecord.objects.get(pk=pk).revision
    assert told(Client().get(f"/turniere/{pk}/").content) == ""
