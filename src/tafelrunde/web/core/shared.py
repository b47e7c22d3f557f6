"""Pages everyone who is not logged in sees alike: made once per state, address, query and
language in this process, and served to every such visitor who asks for it.

The key is (host, address, the query parameters the page reads, language, audience; a page
may name its full address, e.g. an embed's link to the page it shows); the value is the
finished answer (its bytes and the headers the view set) with the mark of the state it shows,
read anew for each request: a tournament's revision and what else its pages print of it
(name, day, event), plus what a view adds (the club's look); the club's pages have a mark of
their own. A crowd that asks after a change waits for the one request that makes the
page. Parameters a page does not read are left out (of the key and of what the view sees);
a value the page does not share (a typed name, a table to jump to), a visitor with a message
pending, a page that is not 200 or asks for a CSRF token, and anything while nothing can be
written are made per request, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, QueryDict
from django.utils.translation import get_language

from tafelrunde.web.core.domain.kept import Kept
from tafelrunde.web.core.middleware import printable
from tafelrunde.web.core.models import TournamentRecord

PUBLIC = "public"  # the audience of a visitor who is not logged in
SHARED_BYTES = 96 * 1024 * 1024  # all kept pages together
KEYS = 4096  # pages being made at once, at most (their locks)
LONGEST_QUERY = 200  # characters; a longer query is never shared
KEPT_HEADERS = ("Content-Type", "Content-Disposition", "Cache-Control", "Expires")
# names the tournament, revision and version of a shared answer to the layer in front of
# Django (`live.front`), which takes it off and serves the answer again itself
FRONT_HEADER = "X-Tafelrunde-Shared"

Check = Callable[[str], bool]  # whether a query parameter's value may be shared


def number(value: str) -> bool:
    """A page number as the pager writes it (1 to 999999)."""
    return value.isascii() and value.isdigit() and 0 < len(value) <= 6


def empty(value: str) -> bool:
    """Nothing typed (e.g. the seat search before a name is given)."""
    return not value.strip()


def short(value: str) -> bool:
    """A short plain word (e.g. a stage's id or a switch); a longer one is not shared."""
    return (len(value) <= 40 and value.replace("-", "").replace("_", "").isalnum()) or not value


def never(value: str) -> bool:
    """A parameter whose page is made for its visitor alone (e.g. a table to jump to)."""
    return False


@dataclass(frozen=True)
class Made:
    """A finished page: the state it shows, and its bytes and headers."""

    mark: Hashable
    content: bytes
    headers: tuple[tuple[str, str], ...]

    def response(self) -> HttpResponse:
        """A fresh answer with the kept bytes (already checked as printable HTML)."""
        answer = HttpResponse(self.content)
        for name, value in self.headers:
            answer[name] = value
        answer.printable = True  # type: ignore[attr-defined]  # PrintableHtml need not look
        return answer


def _size(made: Made) -> int:
    """What a kept page costs (its bytes, and a little for the rest)."""
    return len(made.content) + 512


PAGES: Kept[Hashable, Made] = Kept(SHARED_BYTES, size=_size, makers=KEYS)
RENDERS = {"count": 0}  # pages made for sharing since the start (read by the bench)


def tournament_mark(pk: int) -> Hashable | None:
    """The tournament's state as its pages show it, in one query (None: no such tournament)."""
    return (
        TournamentRecord.objects.filter(pk=pk)
        .values_list("revision", "version", "name", "day", "event_id", "event__name", "event__date")
        .first()
    )


def _query(request: HttpRequest, known: Mapping[str, Check]) -> tuple[tuple[str, str], ...] | None:
    """The known query parameters, in order (unknown ones are left out); None: not shared
    (a parameter given twice, or a value this page does not share)."""
    return _known(request.META.get("QUERY_STRING", ""), request.GET, known)


def _known(raw: str, given: QueryDict, known: Mapping[str, Check]
           ) -> tuple[tuple[str, str], ...] | None:  # fmt: skip
    """`_query` of a query as sent (`raw`) and read (`given`)."""
    if not known:
        return ()  # a page that reads no parameter is the same whatever the query says
    if len(raw) > LONGEST_QUERY:
        return None
    kept: list[tuple[str, str]] = []
    for name, values in sorted(given.lists()):
        if name not in known:
            continue
        if len(values) != 1 or not known[name](values[0]):
            return None
        kept.append((name, values[0]))  # given empty is kept: a page may ask whether it is given
    return tuple(kept)


def sharing(request: HttpRequest) -> bool:
    """Say whether the request may get (and make) the page shared by all visitors."""
    if request.method != "GET" or getattr(request.user, "is_authenticated", True):
        return False
    if getattr(request, "storage_blocked", None):
        return False  # its banner is of this moment
    return len(messages.get_messages(request)) == 0  # a message pending: this visitor's own


def _made(request: HttpRequest, response: HttpResponse, mark: Hashable) -> Made | None:
    """The page as kept for everyone; None when it cannot be shared (it holds a visitor's
    token or message, or sets a cookie)."""
    if response.status_code != 200 or response.streaming or response.cookies:
        return None
    if request.META.get("CSRF_COOKIE_NEEDS_UPDATE") or len(messages.get_messages(request)):
        return None
    if response.has_header("Vary") or response.has_header("Set-Cookie"):
        return None
    printable(response)
    kept = tuple((n, response[n]) for n in KEPT_HEADERS if response.has_header(n))
    return Made(mark, response.content, kept)


def _normalised(request: HttpRequest, query: tuple[tuple[str, str], ...]) -> None:
    """Let the view see only the query the page is kept under (its links name it alone)."""
    request.GET = QueryDict(_plain(query))
    request.META["QUERY_STRING"] = _plain(query)


def _fronted(request: HttpRequest, response: HttpResponse, query: tuple[tuple[str, str], ...],
             label: str) -> HttpResponse:  # fmt: skip
    """Name the tournament and revision of a shared answer for the layer in front, when the
    request asked for exactly the query the answer is kept under (else it is made here)."""
    asked = request.META.get("QUERY_STRING", "")
    if label and asked == _plain(query):
        response[FRONT_HEADER] = label
    return response


def _plain(query: tuple[tuple[str, str], ...]) -> str:
    """The query as a page's links write it."""
    given = QueryDict(mutable=True)
    for name, value in query:
        given[name] = value
    return given.urlencode()


def shared(
    mark: Callable[..., Hashable | None],
    *,
    query: Mapping[str, Check] | None = None,
    front: Callable[..., str] | None = None,
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Serve a page to visitors who are not logged in from the one made for the state that
    `mark` (given the view's arguments) names; None: no such thing, made per request.
    `query`: the parameters the page reads and which of their values are shared; `front`:
    given the state and the view's arguments, the tournament whose changes alone change the
    page and its revision ("pk revision"; the page may then be served in front of Django)."""

    def wrap(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def serve(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            found = _query(request, query or {}) if sharing(request) else None
            state = mark(*args, **kwargs) if found is not None else None
            if found is None or state is None:
                return view(request, *args, **kwargs)
            key = (request.get_host(), request.path, found, get_language(), PUBLIC)
            label = front(state, *args, **kwargs) if front is not None else ""
            kept = PAGES.peek(key)
            if kept is not None and kept.mark == state:
                return _fronted(request, kept.response(), found, label)
            with PAGES.maker(key):  # one request makes it, the others wait and take it
                kept = PAGES.peek(key)
                if kept is not None and kept.mark == state:
                    return _fronted(request, kept.response(), found, label)
                asked = request.META.get("QUERY_STRING", "")
                _normalised(request, found)
                request.shared_page = True  # type: ignore[attr-defined]  # no visitor's token
                response = view(request, *args, **kwargs)
                RENDERS["count"] += 1
                made = _made(request, response, state)
                if made is None:
                    return response
                PAGES.put(key, made)
                request.META["QUERY_STRING"] = asked
                return _fronted(request, response, found, label)

        if front is not None:  # the layer in front asks `fronts` whether to wait for it
            serve.front_query = query or {}  # type: ignore[attr-defined]
        return serve

    return wrap


def shared_page(
    view: Callable[..., HttpResponse] | None = None,
    *,
    query: Mapping[str, Check] | None = None,
    extra: Callable[[], Hashable] | None = None,
    fronted: bool = True,
) -> Any:
    """`shared` for a tournament's page (argument `pk`), by the tournament's state; `extra`:
    what else the page shows that the tournament's state does not cover; `fronted` False:
    kept here only, never served (nor waited for) in front of Django (e.g. a download)."""

    def mark(pk: int, **_: Any) -> Hashable | None:
        found = tournament_mark(pk)
        return None if found is None else (found, extra() if extra is not None else None)

    def label(state: Any, pk: int, **_: Any) -> str:
        return f"{pk} {state[0][0]} {state[0][1]}"  # the tournament, the revision and version
        # its page shows

    wrap = shared(mark, query=query, front=label if fronted else None)
    return wrap if view is None else wrap(view)


def fronts(view: Callable[..., Any], raw: str) -> bool:
    """Say whether Django may answer a request for the view with this query (as sent) with
    a page the layer in front keeps, if the visitor is one who shares it."""
    known: Mapping[str, Check] | None = getattr(view, "front_query", None)
    if known is None or len(raw) > LONGEST_QUERY:
        return False
    if not raw:
        return True  # the page as its links name it
    found = _known(raw, QueryDict(raw), known)
    return found is not None and raw == _plain(found)
