"""Fuzz: random and hostile fields to every POST address, mutated tournament files and rulesets.

As organiser and anonymous, on SQLite and PostgreSQL: no request gets a server error, an
anonymous one changes nothing, and after every request every page of every tournament still
answers 200. Each example starts from the same tournaments (its changes are rolled back).
"""

from __future__ import annotations

import itertools
import os
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.contrib import messages
from django.db import transaction
from django.test import Client
from fuzzhelpers import (
    FIELDS,
    HOSTILE_BYTES,
    HOSTILE_TEXTS,
    UPLOADS,
    Post,
    Route,
    World,
    every_page,
    every_row,
    expect,
    form_fields,
    posts,
    routes,
    rulesets,
    snapshot,
    tournament_files,
)
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from webhelpers import text

from factories import logged_in, not_started, tournaments_in_play
from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]

POST_ROUTES = routes()
UPLOAD_ROUTES = [r for r in POST_ROUTES if r.name in UPLOADS or r.name == "rules"]


def bounded(examples: int) -> settings:
    """Few examples, no deadline: every request is followed by a GET of every page."""
    scale = int(os.environ.get("TAFELRUNDE_FUZZ_SCALE", "1"))  # e.g. 10 for a longer hunt
    return settings(
        max_examples=examples * scale,
        phases=(Phase.explicit, Phase.reuse, Phase.generate),  # no shrinking: it takes minutes
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


@pytest.fixture
def in_play() -> World:
    """Tournaments of formats A–D in the middle of play, one not drawn yet; what pages show."""
    tournaments_in_play()
    return World.read(every_page(logged_in(), general=True))


@pytest.fixture
def fresh() -> World:
    """One tournament of every preset, nothing drawn yet; what the pages show."""
    not_started()
    return World.read(every_page(logged_in(), general=True))


@contextmanager
def rolled_back() -> Iterator[None]:
    """Run an example and undo its changes to the database, so every example starts alike."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def anonymous() -> Client:
    """A visitor without a login; a server error comes back as a status."""
    return Client(raise_request_exception=False)


def send(client: Client, post: Post) -> Any:
    """Send a request and check it got no server error."""
    response = post.send(client)
    expect(response, tuple(range(100, 500)), repr(post))
    return response


def refused(response: Any) -> bool:
    """Tell whether the answer refuses the request: an error status, a form shown again with
    its errors, or an error message on the way back."""
    if response.status_code >= 400:
        return True
    if response.status_code == 200 and 'class="errorlist' in response.content.decode(
        errors="replace"
    ):
        return True
    kept = getattr(getattr(response, "wsgi_request", None), "_messages", None)
    said = getattr(kept, "_queued_messages", [])
    return any(m.level >= messages.ERROR for m in said)


def send_checked(client: Client, post: Post) -> Any:
    """Send a request; a refused one has changed nothing."""
    before = snapshot()
    response = send(client, post)
    if refused(response):
        assert snapshot() == before, f"{post!r} was refused but changed something"
    return response


def checked(post: Post, start: World) -> World:
    """Every page of every tournament answers 200 after the request; what they show now."""
    try:
        return World.read(every_page(logged_in()), start)
    except AssertionError as err:
        raise AssertionError(f"after {post!r}:\n{err}") from None


class Pages:
    """Every page is read again after each request that changed a stored row, and at the end.

    The pages are made from the stored rows, so after a request that changed none they answer
    as they did when last read in that state; the read at the end catches anything such
    requests left in the server's memory."""

    def __init__(self, start: World) -> None:
        self.start, self.world, self.rows = start, start, every_row()
        self.unread: Post | None = None  # a request since the last read that changed nothing

    def after(self, post: Post) -> World:
        """Read every page if the request changed a row; what the pages show now."""
        rows = every_row()
        if rows == self.rows:
            self.unread = post
            return self.world
        self.rows, self.unread = rows, None
        self.world = checked(post, self.start)
        return self.world

    def done(self) -> None:
        """Read every page once more if requests came since the last read."""
        if self.unread is not None:
            checked(self.unread, self.start)


# -- every address once -----------------------------------------------------------------


def test_every_post_address_takes_hostile_fields_without_a_server_error(in_play: World) -> None:
    """One request per address with every field hostile (the values taken in turn)."""
    values = itertools.cycle([*HOSTILE_TEXTS, *HOSTILE_BYTES])
    pages = Pages(in_play)
    for k, route in enumerate(POST_ROUTES):
        params = {name: real_param(in_play, route, name, k) for _, name in route.params()}
        fields = [(name, next(values)) for name in FIELDS.get(route.name, ("x",))]
        files = [(name, "x.txt", as_bytes(next(values))) for name in UPLOADS.get(route.name, ())]
        post = Post(route.path(params), fields, files)
        with rolled_back():  # a tournament or event deleted here is back for the next one
            send_checked(logged_in(), post)
            pages.after(post)
        pages.rows = every_row()  # rolled back: the state read last, or the start
    pages.done()


def test_every_post_address_refuses_anonymous_visitors(in_play: World) -> None:
    """One request per address without a login, with the form the organiser sees: no change."""
    before, pages = snapshot(), Pages(in_play)
    for k, route in enumerate(POST_ROUTES):
        shown = in_play.forms.get(route.name)
        if shown:
            path, form = shown[0]
            fields = [(name, v) for name, values in form_fields(form).items() for v in values]
        else:
            params = {name: real_param(in_play, route, name, k) for _, name in route.params()}
            path, fields = route.path(params), [(name, "1") for name in FIELDS.get(route.name, ())]
        post = Post(path, fields)
        send(anonymous(), post)
        assert snapshot() == before, repr(post)
        pages.after(post)
    pages.done()


def real_param(world: World, route: Route, name: str, k: int) -> str:
    """A real value of an address parameter: a format-D tournament for its own addresses."""
    if name == "table":
        return world.tables[k % 3]
    if name == "kind":
        return ("pay", "checkin", "withdraw")[k % 3]
    if name == "pid":
        return world.pids[k % len(world.pids)]
    if name == "token":
        return world.tokens[k % len(world.tokens)]
    if route.name.startswith("event"):
        return world.events[0]
    knockout = [pk for pk in world.tournaments if TournamentRecord.objects.get(pk=pk).format == "D"]
    if route.name.startswith("ko-"):
        return knockout[0]
    return world.tournaments[k % len(world.tournaments)]


def as_bytes(value: str | bytes) -> bytes:
    """A value as bytes."""
    return value if isinstance(value, bytes) else value.encode("utf-8", "surrogatepass")


# -- random requests --------------------------------------------------------------------


@bounded(30)
@given(data=st.data())
def test_random_posts_of_the_organiser_get_no_server_error(
    in_play: World, data: st.DataObject
) -> None:
    """A few random POSTs in a row, built from the forms the pages showed at the start (a
    later form may be stale and refused); after each, every page still answers.

    The posts are drawn from the starting pages only: pages read after a POST differ from
    run to run (new table-link tokens, the time), and draws that depend on them make
    Hypothesis's replays inconsistent (FlakyStrategyDefinition)."""
    with rolled_back():
        pages = Pages(in_play)
        for _ in range(data.draw(st.integers(1, 4), label="steps")):
            post = data.draw(posts(in_play, POST_ROUTES), label="post")
            send_checked(logged_in(), post)  # a new login each time: a POST may log it out
            pages.after(post)
        pages.done()


@bounded(10)
@given(data=st.data())
def test_random_posts_of_anonymous_visitors_change_nothing(
    in_play: World, data: st.DataObject
) -> None:
    """The same random POSTs without a login: no server error, nothing stored."""
    with rolled_back():
        before, pages = snapshot(), Pages(in_play)
        for _ in range(data.draw(st.integers(1, 3), label="steps")):
            post = data.draw(posts(in_play, POST_ROUTES), label="post")
            send(anonymous(), post)
            assert snapshot() == before, repr(post)
            pages.after(post)
        pages.done()


# -- uploads ----------------------------------------------------------------------------


@st.composite
def uploads(draw: Any, world: World) -> Post:
    """A form that takes a file or a ruleset text, with a mutated real file in it."""
    post = draw(posts(world, UPLOAD_ROUTES))
    if "/regeln/" in post.path:
        shown = [v for k, v in post.fields if k == "text" and isinstance(v, str)]
        source = shown[0] if shown and draw(st.booleans()) else None
        try:
            text = draw(rulesets(source)).decode("utf-8", "replace")
        except (tomllib.TOMLDecodeError, ValueError, RecursionError):  # made hostile already
            return post
        post.fields = [(k, v) for k, v in post.fields if k != "text"] + [("text", text)]
    return post


@bounded(20)
@given(data=st.data())
def test_mutated_rulesets_and_player_lists_are_stored_or_refused(
    fresh: World, data: st.DataObject
) -> None:
    """Mutated rulesets, tournament files and player lists, sent by a visitor, then an organiser."""
    with rolled_back():
        world, pages = fresh, Pages(fresh)
        for _ in range(data.draw(st.integers(1, 3), label="steps")):
            post = data.draw(uploads(world), label="upload")
            before = snapshot()
            send(anonymous(), post)
            assert snapshot() == before, repr(post)
            send_checked(logged_in(), post)
            world = pages.after(post)
        pages.done()


@bounded(15)
@given(data=st.data())
def test_mutated_tournament_files_are_loaded_or_refused(
    in_play: World, data: st.DataObject
) -> None:
    """The files of the tournaments in play, mutated and loaded again."""
    with rolled_back():
        content = data.draw(tournament_files(in_play.files), label="file")
        event = data.draw(st.sampled_from(["", in_play.events[0], "x"]), label="event")
        post = Post("/turniere/laden/", [("event", event)], [("file", "t.json", content)])
        pages = Pages(in_play)
        send(anonymous(), post)
        send_checked(logged_in(), post)
        pages.after(post)
        pages.done()


# -- known hostile uploads -------------------------------------------------------------

BIG = "9" * 5000
TOML_PAYLOADS = (f"schema = {BIG}\n", "a = " + "[" * 5000, "name = 'a\x00b'\n")
LIST_PAYLOADS = ("Name,Verein\n" + "x" * 200_000 + ",A\n", "Anna\n\x00\nBernd\n")
FILE_PAYLOADS = ("[" * 100_000, f'{{"format": "tafelrunde-tournament", "version": {BIG}}}')


def upload_cases(world: World) -> Iterator[Post]:
    """Every form that reads a ruleset, a player list or a file, with payloads of its kind."""
    group, knockout = world.tournaments[0], world.tournaments[-1]
    at = {
        pk: [("version", str(TournamentRecord.objects.get(pk=pk).version))]
        for pk in world.tournaments
    }
    for payload in TOML_PAYLOADS:
        raw = payload.encode()
        yield Post("/turniere/neu/", [("players", "A\nB\nC")], [("ruleset", "r.toml", raw)])
        for pk in (group, knockout):
            yield Post(f"/turniere/{pk}/regeln/", [("text", payload), *at[pk]])
    for payload in LIST_PAYLOADS:
        raw = payload.encode()
        yield Post("/turniere/neu/", [("preset", "alhambra"), ("players", payload)])
        yield Post("/turniere/neu/", [("preset", "alhambra")], [("players_file", "s.csv", raw)])
        yield Post(f"/turniere/{group}/spieler/", [("names", payload), *at[group]])
        yield Post(f"/turniere/{group}/spieler/", at[group], [("file", "s.csv", raw)])
        yield Post(f"/turniere/{knockout}/anmeldung/neu/", [("names", payload), *at[knockout]])
        yield Post(f"/turniere/{knockout}/anmeldung/neu/", at[knockout], [("file", "s.csv", raw)])
    for payload in (*FILE_PAYLOADS, *TOML_PAYLOADS[:1]):
        yield Post("/turniere/laden/", [("event", "")], [("file", "t.json", payload.encode())])


def test_hostile_uploads_are_refused_in_words(fresh: World) -> None:
    """Huge numbers, deep nesting, control characters and huge fields in uploads: refused."""
    failures, pages = [], Pages(fresh)
    for post in upload_cases(fresh):
        before = snapshot()
        try:
            expect(post.send(logged_in()), (200,), repr(post))
            assert snapshot() == before, f"{post!r} stored something"
            pages.after(post)
        except AssertionError as err:  # go on: one run lists every refusal that fails
            failures.append(str(err)[:3000])
            pages = Pages(fresh)
    try:
        pages.done()
    except AssertionError as err:
        failures.append(str(err)[:3000])
    assert not failures, "\n\n".join(failures)


# -- query strings ----------------------------------------------------------------------

HOSTILE_QUERIES = ["²", "-1", "9999999999999999999999", "9" * 5000, "1e3", "0x10", "", "١٢",
                   "%00", "%FF", "%ED%A0%80", "<script>", "1&seed=2", "1_000"]  # fmt: skip


def test_pages_take_hostile_query_strings(in_play: World) -> None:
    """The draw page with a hostile seed draws afresh and says so; other pages ignore them."""
    organiser, previews = logged_in(), 0
    for client in (anonymous(), organiser):
        for pk in in_play.tournaments:
            knockout = TournamentRecord.objects.get(pk=pk).format == "D"
            for value in HOSTILE_QUERIES:
                path = f"/turniere/{pk}/auslosung/?seed={value}&next={value}"
                response = client.get(path)
                expect(response, (302,) if knockout else (200,), f"GET {path}")
                page = text(response)
                if 'id="preview"' in page and value not in ("", "1&seed=2"):
                    previews += 1
                    assert "Neu gelost." in page, path
        for value in HOSTILE_QUERIES:
            for path, status in (("/", 200), ("/anmelden/", 200), ("/turniere/neu/", 302)):
                path = f"{path}?event={value}&next={value}"
                expect(client.get(path), (200,) if client is organiser else (status,), path)
    assert previews > 0  # the tournament not drawn yet shows a preview to the organiser
    every_page(organiser, general=True)
