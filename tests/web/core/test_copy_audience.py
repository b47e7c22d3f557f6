"""A kept copy of a shared page never reaches a visitor it was not made for, over real HTTP.

One server for the module, with a drawn tournament and an open stream of it (the hub then
vouches for the copies). A copy served in front of Django says so with an Age header. For
each kind of visitor the copy is made first by a visitor without a login; then the visitor
asks, and gets what Django makes for them; and the copy the next anonymous visitor gets holds
nothing of theirs: no login, no message, no CSRF token, no cookie, no other language.
"""

from __future__ import annotations

import gzip
import http.client
import re
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from loadclient import Browser, Server, draw, free_port, prepared, server_env
from sseclient import Listener

pytestmark = [pytest.mark.integration]

USER, PASSWORD = "leitung", "vorn-passwort"
REFEREE, REFEREE_PASSWORD = "schiri", "pfeife-und-karte"
OVERVIEW, STANDINGS, SLIDES = "", "stand/", "beamer/folien/"
SEATS, TABLES = "wo-sitze-ich/", "tische/"
SHARED = (OVERVIEW, STANDINGS, SLIDES)  # the pages every kind of visitor is tried on
TOURNAMENT = "turniere/<int:pk>/"  # a tournament's address pattern
HARMLESS = {"csrftoken", "django_language"}  # the cookies a copy may be served with
STAFF = {USER: '<span class="role">Turnierleitung</span>',  # what each login's pages show
         REFEREE: '<span class="role">Schiedsrichter</span>'}  # fmt: skip
STEPS = "<h2>Als Nächstes</h2>"  # the organisers' next steps on the overview
WAIT = 30.0  # seconds to wait for a copy to be made, at most (a busy machine)
Headers = Sequence[tuple[str, str]]


@dataclass
class Answer:
    """A response: status, headers (lower-case names, the last of each), cookies set, body
    (unpacked if it came compressed)."""

    status: int
    head: dict[str, str]
    set_cookies: list[str]
    body: bytes

    @property
    def copy(self) -> bool:
        """Whether it was served from the copy in front of Django (RFC 9111's Age)."""
        return "age" in self.head

    @property
    def text(self) -> str:
        """The body as text."""
        return self.body.decode()


def ask(port: int, path: str, headers: Headers = (), method: str = "GET", body: bytes = b"",
        host: str = "localhost") -> Answer:  # fmt: skip
    """One request as given (a header may come twice); its answer."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host)
        for name, value in headers:
            conn.putheader(name, value)
        if body:
            conn.putheader("Content-Length", str(len(body)))
        conn.endheaders(body or None)
        answer = conn.getresponse()
        data = answer.read()
        head = {k.lower(): v for k, v in answer.getheaders()}
        assert "x-tafelrunde-shared" not in head  # the private word to the front layer
        if head.get("content-encoding") == "gzip":
            data = gzip.decompress(data)
        return Answer(answer.status, head, answer.headers.get_all("Set-Cookie") or [], data)
    finally:
        conn.close()


@dataclass
class Visitor:
    """A client that keeps the cookies it is given (a browser)."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)

    def headers(self, extra: Headers = ()) -> list[tuple[str, str]]:
        """Its Cookie header (if any cookie) and the extra ones."""
        jar = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return ([("Cookie", jar)] if jar else []) + list(extra)

    def get(self, path: str, extra: Headers = ()) -> Answer:
        """GET with its cookies."""
        return self._kept(ask(self.port, path, self.headers(extra)))

    def post(self, path: str, fields: dict[str, str]) -> Answer:
        """POST a form with its CSRF token."""
        form = urlencode({"csrfmiddlewaretoken": self.cookies.get("csrftoken", ""), **fields})
        kind = [("Content-Type", "application/x-www-form-urlencoded")]
        return self._kept(ask(self.port, path, self.headers(kind), "POST", form.encode()))

    def _kept(self, answer: Answer) -> Answer:
        """Take the cookies the answer sets (an empty one with an expiry in the past: gone)."""
        for line in answer.set_cookies:
            name, value = line.split(";")[0].split("=", 1)
            if value.strip('"') and "1970" not in line:
                self.cookies[name] = value
            else:
                self.cookies.pop(name, None)
        return answer


@dataclass
class Site:
    """The running server and what the tests need of it."""

    port: int
    pk: int
    organiser: Browser
    referee: Browser
    table: str  # the address of a table link
    passes: str  # the address of a player's pass
    gone: str  # the cookies of an organiser who logged out since
    phone: str  # the cookies of a phone that opened the pass

    def cookies(self, kind: str) -> str:
        """The Cookie header of a kind of visitor, or the one given."""
        logins = {USER: self.organiser.cookies, REFEREE: self.referee.cookies}
        if kind in logins:
            return "; ".join(f"{k}={v}" for k, v in logins[kind].items())
        return {"gone": self.gone, "phone": self.phone}.get(kind, kind)

    def path(self, page: str) -> str:
        """A page of the tournament."""
        return f"/turniere/{self.pk}/{page}"


def logins(browser: Browser) -> list[tuple[str, str]]:
    """The Cookie header of a logged-in client."""
    return [("Cookie", "; ".join(f"{k}={v}" for k, v in browser.cookies.items()))]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """One server with a drawn tournament of 12, an organiser and a referee logged in."""
    tmp = tmp_path_factory.mktemp("audience")
    env = server_env(tmp)
    made = prepared(env, 12, USER, PASSWORD)
    referee = [sys.executable, "-m", "tafelrunde.cli", "createorganiser", REFEREE, "--role",
               "referee", "--password", REFEREE_PASSWORD, "--data", str(tmp)]  # fmt: skip
    assert subprocess.run(referee, env=env, capture_output=True, check=False).returncode == 0
    pk = made["pk"]
    with Server(port := free_port(), 1, env, tmp / "s.log"):
        organiser = Browser(port, USER, PASSWORD)
        assert draw(organiser, pk, made["seed"])
        listener = Listener(port, pk)  # the hub hears every change: copies are current
        assert listener.status == 200 and listener.wait(1, 10)
        links = organiser.get(f"/turniere/{pk}/tisch-links/")[1]
        passes = organiser.get(f"/turniere/{pk}/paesse/?qr=p0001")[1]
        table = re.search(r"/tisch/[\w-]+/", links)
        held = re.search(r"/pass/[\w-]+/", passes)
        assert table is not None and held is not None
        gone = Visitor(port, dict(Browser(port, USER, PASSWORD).cookies))
        old = gone.headers()[0][1]
        assert STAFF[USER] in gone.get(f"/turniere/{pk}/").text  # a login until now
        assert gone.post("/abmelden/", {}).status == 302
        phone = Visitor(port)
        assert phone.get(held.group()).status == 200 and "sessionid" in phone.cookies
        there = Site(port, pk, organiser, Browser(port, REFEREE, REFEREE_PASSWORD),
                     table.group(), held.group(), old, phone.headers()[0][1])  # fmt: skip
        yield there
        listener.close()
        organiser.close()
        there.referee.close()


def primed(site: Site, page: str, headers: Headers = (), host: str = "localhost") -> Answer:
    """The copy of a page (or address) as a visitor without a login gets it (made first if
    need be)."""
    deadline = time.monotonic() + WAIT
    while True:
        path = page if page.startswith("/") else site.path(page)
        answer = ask(site.port, path, headers, host=host)
        assert answer.status == 200, (page, answer.status)
        if answer.copy:
            clean(answer)
            return answer
        assert time.monotonic() < deadline, f"no copy of {page!r} was made"


def clean(copy: Answer) -> None:
    """A copy holds nothing of one visitor: no login, no CSRF token, no table link or pass
    (the staff's print pages show them), sets no cookie."""
    assert copy.copy and not copy.set_cookies, copy.set_cookies
    assert b"csrfmiddlewaretoken" not in copy.body and b"X-CSRFToken" not in copy.body
    assert b"/tisch/" not in copy.body and b"/pass/" not in copy.body
    assert b"/abmelden/" not in copy.body  # the logout form of whoever is logged in
    for login, role in STAFF.items():
        assert f'class="who">{login}<'.encode() not in copy.body and role.encode() not in copy.body


def lang_of(body: bytes) -> str:
    """The language a page (or the projector's slides) is in."""
    found = re.search(rb'<html lang="(\w+)"', body)
    if found is not None:
        return found.group(1).decode()
    return "de" if b"Wer sitzt wo" in body else "en" if b"Who sits where" in body else "?"


def fronted_pages() -> list[str]:
    """Every page of a tournament whose view may be served as a copy in front of Django, from
    the address patterns (a new one is tried without being named here); each print kind."""
    from django.urls import URLResolver, get_resolver

    from tafelrunde.web.paper.kinds import BY_SLUG

    found: list[str] = []

    def walk(patterns: list[Any], prefix: str) -> None:
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, route)
            elif hasattr(pattern.callback, "front_query") and route.startswith(TOURNAMENT):
                found.append(route.removeprefix(TOURNAMENT))

    walk(get_resolver().url_patterns, "")
    kinds = [page.replace("<slug:kind>", slug) for page in found for slug in BY_SLUG]
    pages = sorted({*found, *kinds} - {p for p in found if "<" in p})
    assert {OVERVIEW, STANDINGS, SLIDES, SEATS, TABLES} <= set(pages)
    return pages


@pytest.mark.parametrize("page", fronted_pages())
def test_no_page_of_the_staff_is_ever_served_as_a_copy(site: Site, page: str) -> None:
    """Each page that may be kept in front, asked by the organiser and the referee first (from
    Django, never the copy): a visitor without a login then gets a copy clean of logins, tokens,
    table links and cookies, or no copy at all (a staff-only print page: the way to the login;
    a page of the other format)."""
    for browser in (site.organiser, site.referee):
        staff = ask(site.port, site.path(page), logins(browser))
        assert staff.status in (200, 302, 404) and not staff.copy, (page, staff.status)
    visitor = ask(site.port, site.path(page))
    if visitor.status == 200:
        primed(site, page)  # (clean)
    else:
        assert visitor.status in (302, 404) and not visitor.copy
        assert not ask(site.port, site.path(page)).copy


@pytest.mark.parametrize("login", [USER, REFEREE])
def test_staff_get_their_pages_from_django_never_the_copy(site: Site, login: str) -> None:
    """Logged in as organiser or referee: the staff's page (their name, the organisers' next
    steps), never the copy; and the copy stays the one made for visitors."""
    browser = site.organiser if login == USER else site.referee
    for page in SHARED:
        copy = primed(site, page)
        mine = ask(site.port, site.path(page), logins(browser))
        assert mine.status == 200 and not mine.copy, page
        if page != SLIDES:  # the slides are the same for everybody
            assert f'class="who">{login}<' in mine.text and STAFF[login] in mine.text
        if page == OVERVIEW:
            assert STEPS in mine.text and STEPS not in copy.text
        assert primed(site, page).body == copy.body
    tables = ask(site.port, site.path(TABLES), logins(browser))
    assert not tables.copy and "csrfmiddlewaretoken" in tables.text  # the result forms
    primed(site, TABLES)  # (clean: none of the staff's forms or tokens)


@pytest.mark.parametrize(
    "cookie", ["sessionid=unbekannt", "sessionid=.eJxTKkktLlGyUlJKzs8rSczMAwAnmwT2:1:x"]
)
def test_an_unknown_session_cookie_gets_the_visitors_page_from_django(
    site: Site, cookie: str
) -> None:
    """A session cookie that opens no session (garbage, a forged signature): only Django can
    tell, so it answers (never the copy); it answers as to any visitor without a login, with
    the same bytes as the copy, and an empty session in place of the cookie."""
    for page in SHARED:
        copy = primed(site, page)
        answer = ask(site.port, site.path(page), [("Cookie", cookie)])
        assert answer.status == 200 and not answer.copy and answer.body == copy.body
        assert [c[:14] for c in answer.set_cookies] == ["sessionid=e30:"]  # signed {}
        assert primed(site, page).body == copy.body


def test_an_organisers_cookie_after_logging_out_gets_the_visitors_page(site: Site) -> None:
    """The old session cookie of an organiser who logged out is nobody's: Django answers with
    the visitors' page, and no staff page (nor a staff-only one) is ever kept for visitors."""
    old = [("Cookie", site.gone)]
    for page in SHARED:
        copy = primed(site, page)
        answer = ask(site.port, site.path(page), old)
        assert answer.status == 200 and not answer.copy and answer.body == copy.body
    for staff_only in ("tisch-links/", "paesse/", "ergebnistafel/"):
        assert ask(site.port, site.path(staff_only), logins(site.organiser)).status == 200
        for headers in (old, []):  # asked for a login, never served what the organiser saw
            answer = ask(site.port, site.path(staff_only), headers)
            assert answer.status == 302 and not answer.copy, (staff_only, headers)


def test_a_visitor_with_a_message_waiting_sees_it_once(site: Site) -> None:
    """A phone that tapped its name at a table is told so on its next page (from Django,
    the copy never shows it), once; the next visitor's copy has no message."""
    phone = Visitor(site.port)
    table = phone.get(site.table)
    names = re.findall(r'name="player" value="([^"]+)"', table.text)
    player = next(p for p in names if p != "p0001")  # (the pass's player: another phone's)
    assert phone.post(site.table, {"action": "me", "player": player}).status == 302
    told = "Dieses Handy gehört jetzt für dieses Turnier zu"
    copy = primed(site, OVERVIEW)
    first = phone.get(site.path(OVERVIEW))
    assert first.status == 200 and not first.copy and told in first.text
    again = phone.get(site.path(OVERVIEW))
    assert not again.copy and told not in again.text
    assert told not in primed(site, OVERVIEW).text and told not in copy.text


def test_a_bound_phone_gets_its_pass_and_the_pages_as_django_makes_them(site: Site) -> None:
    """A phone that opened a player's pass (its session holds its key and the player): its
    pass shows its own player; the shared pages are Django's (the same as the visitors',
    Django adds nothing of the player there), never the copy; the copy shows none of it."""
    phone = Visitor(site.port)
    opened = phone.get(site.passes)
    assert opened.status == 200 and not opened.copy and "Spieler 1" in opened.text
    assert "sessionid" in phone.cookies
    assert phone.post(site.passes, {"action": "seen"}).status == 204  # shown: bound now
    for page in SHARED:
        copy = primed(site, page)
        mine = phone.get(site.path(page))
        assert mine.status == 200 and not mine.copy and mine.body == copy.body, page
        assert site.passes.encode() not in primed(site, page).body
    assert not phone.get(site.passes).copy


@pytest.mark.parametrize("page", [*SHARED, SEATS, f"{SEATS}?name=", TABLES])
def test_no_copy_holds_a_token_or_sets_a_cookie(site: Site, page: str) -> None:
    """Every copy is free of CSRF tokens and cookies; a visitor with a CSRF cookie may get it,
    and their token is not in it; the page as Django makes it for them is the same."""
    phone = Visitor(site.port)
    assert phone.get(site.table).status == 200 and "csrftoken" in phone.cookies
    token = phone.cookies["csrftoken"]
    copy = primed(site, page)
    theirs = primed(site, page, [("Cookie", f"csrftoken={token}")])
    assert token.encode() not in theirs.body and theirs.body == copy.body
    made = ask(site.port, site.path(page), [("Cookie", f"csrftoken={token}; umgehen=1")])
    assert not made.copy and made.body == copy.body


PADDED = "django_language=de; " * 210 + "django_language=en"  # the last one counts
LANGUAGES_ASKED = [
    ([("Cookie", "django_language=en")], "en"),
    ([("Accept-Language", "en")], "en"),
    ([("Accept-Language", "en-GB,en;q=0.9,de;q=0.1")], "en"),
    ([("Cookie", "django_language=en"), ("Accept-Language", "de")], "en"),
    ([("Accept-Language", "fr, " * 60 + "en")], "en"),  # long: Django reads 500 characters
    ([("Accept-Language", "en"), ("Accept-Language", "de")], "en"),  # Django reads "en,de"
    ([("Cookie", PADDED)], "en"),  # a Cookie header of more than 4 kB
    ([], "de"),
    ([("Accept-Language", "de")], "de"),
    ([("Cookie", "django_language=de"), ("Accept-Language", "en")], "de"),
    ([("Accept-Language", "!!, ;q=x, zz-ZZ")], "de"),  # junk: the default
    ([("Accept-Language", "fr")], "de"),  # a language not offered: the default
    ([("Cookie", "django_language=xx"), ("Accept-Language", "zz")], "de"),
    ([("Accept-Language", "de"), ("Accept-Language", "en")], "de"),
    ([("Accept-Language", "de, " * 60 + "en")], "de"),
]


@pytest.mark.parametrize("page", SHARED)
def test_each_language_gets_its_own_pages(site: Site, page: str) -> None:
    """However the language is asked for (cookie, Accept-Language, junk, long, twice): the
    page in the language Django picks, never the copy of the other language; and what it is
    made for it never becomes the copy of the other language. Each case on an address of its
    own (the tournament's number with leading zeros): no copy of it yet."""
    for k, (headers, language) in enumerate(LANGUAGES_ASKED, start=1):
        path = f"/turniere/{'0' * k}{site.pk}/{page}"
        other = [("Accept-Language", "de" if language == "en" else "en")]
        made = ask(site.port, path, headers)  # the first: Django makes it
        assert made.status == 200 and lang_of(made.body) == language, headers
        for _ in range(2):  # the other language's copy, made or served
            assert lang_of(primed(site, path, other).body) != language, headers
        again = ask(site.port, path, headers)  # a copy of the other language is there
        assert again.status == 200 and lang_of(again.body) == language, headers


def test_a_query_or_request_of_ones_own_is_made_by_django(site: Site) -> None:
    """A value the page does not share (a typed name, a table to jump to), an unknown or
    repeated parameter, POST, HEAD, a body: never the copy; the copy stays the visitors'."""
    seats = primed(site, SEATS)
    found = ask(site.port, site.path(f"{SEATS}?name=Spieler+7"))
    assert (
        found.status == 200
        and not found.copy
        and found.text.count("Spieler 7") > seats.text.count("Spieler 7")
    )
    jump = ask(site.port, site.path(f"{TABLES}?tisch=3"))
    assert jump.status == 302 and not jump.copy
    for page in SHARED:
        copy = primed(site, page)
        for query in ("?unbekannt=1", "?seite=1&seite=2", "?name=Anna"):
            answer = ask(site.port, site.path(page) + query)
            assert not answer.copy and answer.body == copy.body, (page, query)
        head = ask(site.port, site.path(page), method="HEAD")
        assert head.status == 200 and not head.copy and head.body == b""
        posted = ask(site.port, site.path(page), method="POST", body=b"a=1")
        assert not posted.copy and posted.status != 200
        sent = ask(site.port, site.path(page), body=b"a=1")
        assert not sent.copy and sent.body == copy.body
        assert primed(site, page).body == copy.body
    assert primed(site, SEATS).body == seats.body


def test_an_embed_links_to_the_address_its_visitor_used(site: Site) -> None:
    """An embed for the club's website links to the full page at the address (host and port)
    its visitor used: a copy made for another address is not served to them."""
    path = f"/einbetten/turniere/{site.pk}/stand/"
    hosts = [f"127.0.0.1:{site.port}", f"localhost:{site.port}", "localhost"]
    for host in [*hosts, *hosts]:  # the second time each may be served as kept
        answer = ask(site.port, path, host=host)
        assert answer.status == 200 and not answer.copy
        assert f'href="http://{host}/turniere/{site.pk}/"' in answer.text, host


COOKIES = st.sampled_from([USER, REFEREE, "gone", "phone", "sessionid=x", "messages=x", "a=1",
                           "csrftoken=" + "k" * 32, "django_language=en", "django_language=de",
                           "django_language=zz", "django_language=en-GB", PADDED])  # fmt: skip
LANGUAGES = st.sampled_from(["en", "de", "en-US,en;q=0.5", "fr, de;q=0.1", "*", "zz", ";;",
                             "fr, " * 60 + "en", "de, " * 60 + "en"])  # fmt: skip
ENCODINGS = st.sampled_from(["gzip", "gzip;q=0", "br", "identity"])
QUERIES = st.sampled_from(["", "", "", "?x=1", "?name=", "?name=Anna"])


@settings(max_examples=100, deadline=None)
@given(
    page=st.sampled_from(SHARED),
    query=QUERIES,
    cookies=st.lists(COOKIES, max_size=2, unique=True),
    languages=st.lists(LANGUAGES, max_size=2),
    encodings=st.lists(ENCODINGS, max_size=1),
    host=st.sampled_from(["localhost", "127.0.0.1:{port}", "localhost:{port}"]),
)
def test_whenever_a_copy_is_served_it_is_the_visitors_page_of_that_language(
    site: Site, page: str, query: str, cookies: list[str], languages: list[str],
    encodings: list[str], host: str,
) -> None:  # fmt: skip
    """Any mix of cookies (of each kind of visitor), languages, encodings, queries and host
    names: an answer from the copy came to a request with no cookie but the CSRF and language
    ones, and is byte for byte what Django makes for a visitor without a login asking so
    (asked past the copy, with one more cookie)."""
    host = host.format(port=site.port)
    jar = [site.cookies(kind) for kind in cookies]
    rest = [("Accept-Language", v) for v in languages]
    rest += [("Accept-Encoding", v) for v in encodings]
    primed(site, page)
    path = site.path(page) + query
    headers = ([("Cookie", "; ".join(jar))] if jar else []) + rest
    names = {c.split("=")[0] for c in cookies}
    plain = len(languages) <= 1 and all(len(v) <= 200 for v in languages) and PADDED not in jar
    if names <= HARMLESS and plain and not query:  # an ordinary visitor: served the copy
        answer = primed(site, path, headers, host)
    else:
        answer = ask(site.port, path, headers, host=host)
    assert answer.status == 200
    event("from the copy" if answer.copy else "from Django")
    if not answer.copy:
        return
    clean(answer)
    assert names <= HARMLESS, cookies
    past = ask(site.port, path, [("Cookie", "; ".join(["umgehen=1", *jar])), *rest], host=host)
    assert not past.copy and past.body == answer.body
