"""Helpers of the walk over every POST of the organisers' apps
(tests/web/core/test_posts_revision.py).

The addresses come from the URLconf: which of them take a POST is found by asking each (a
GET refused with 405, or a view that reads an empty POST; both rolled back), and the public
pages are every address of a tournament or of the club an anonymous visitor gets with 200.
A page is rendered fresh by forgetting every copy this process keeps first (as a restart
would), or as served, through those copies.
"""

from __future__ import annotations

import gc
import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tafelrunde.web.core.domain.kept import Kept
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.live.front import SITE
from tafelrunde.web.paper.kinds import kinds_for

# the apps whose addresses are the organisers' (and the players') writes
WRITERS = ("orga", "club", "paper", "player")
TOKEN = re.compile(rb'(name="csrfmiddlewaretoken" value="|"X-CSRFToken": ")[A-Za-z0-9]{64}')
NOT_A_PAGE = ("live-stream",)  # the event stream never ends: not a page to compare


@dataclass(frozen=True)
class Route:
    """One address of the URLconf: its name, its pattern and the app of its view."""

    name: str
    route: str
    app: str
    params: tuple[str, ...]


def _walk(patterns: list[Any], prefix: str = "") -> Iterator[tuple[str, URLPattern]]:
    """Every pattern with its whole route."""
    for p in patterns:
        if isinstance(p, URLResolver):
            yield from _walk(p.url_patterns, prefix + str(p.pattern))
        else:
            yield prefix + str(p.pattern), p


def routes() -> list[Route]:
    """Every named address of the web application, with the app of its view."""
    found = []
    for route, p in _walk(get_resolver().url_patterns):
        module = getattr(p.callback, "__module__", "") or ""
        parts = module.split(".")
        app = parts[2] if parts[:2] == ["tafelrunde", "web"] and len(parts) > 2 else module
        params = tuple(re.findall(r"<(?:\w+:)?(\w+)>", route))
        found.append(Route(p.name or "", route, app, params))
    return found


@dataclass
class World:
    """What the addresses' parameters name: tournaments by key, and the club's things."""

    tournaments: dict[str, int]
    event: int = 0
    season: int = 0
    person: int = 0
    plan: int = 0
    preset: int = 0
    login: int = 0
    token: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def group(self) -> int:
        """The tournament of formats A–C the addresses name (the first)."""
        return next(pk for k, pk in self.tournaments.items() if k != "D")

    def kwargs(self, route: Route) -> dict[str, Any]:
        """Parameters for an address that name something of this world."""
        out: dict[str, Any] = {}
        for param in route.params:
            out[param] = self._value(route, param)
        return out

    def _value(self, route: Route, param: str) -> Any:
        """One parameter's value."""
        if param == "pk":
            named = {
                "termine/": self.event,
                "saisons/": self.season,
                "einbetten/saisons/": self.season,
                "api/v1/seasons": self.season,
                "planung/": self.plan,
                "vorlagen/": self.preset,
                "zugaenge/": self.login,
            }
            for start, value in named.items():
                if route.route.startswith(start):
                    return value
            knockout = route.name.startswith("ko-") and "D" in self.tournaments
            return self.tournaments["D"] if knockout else self.group()
        values = {"person": self.person, "pid": "p001", "table": 1, "token": self.token,
                  "kind": "pay" if route.name == "ko-mark" else "wer-sitzt-wo",
                  "slug": "spieleabend"}  # fmt: skip
        return values[param]


def address(route: Route, kwargs: dict[str, Any]) -> str:
    """The address of a route with these parameters."""
    path = route.route
    for name, value in kwargs.items():
        path = re.sub(rf"<(?:\w+:)?{name}>", str(value), path)
    return "/" + path


def masked(body: bytes) -> bytes:
    """A page without its per-request CSRF token."""
    return TOKEN.sub(rb"\1-", body)


READ: list[str] = []  # the addresses whose view read the posted form (PostWatch)


class PostWatch:
    """Test middleware (last): notes each view that reads `request.POST` or `request.FILES`."""

    def __init__(self, get_response: Any) -> None:
        """Wrap the rest of the request handling."""
        self.get_response = get_response

    def __call__(self, request: Any) -> Any:
        """Pass the request on."""
        return self.get_response(request)

    def process_view(self, request: Any, *_: Any) -> None:
        """Let the request note when the view reads what was posted."""
        plain = type(request)

        class Watched(plain):  # type: ignore[misc, valid-type]
            @property
            def POST(self) -> Any:  # Django's name
                READ.append(self.path)
                return plain.POST.__get__(self)

            @property
            def FILES(self) -> Any:
                READ.append(self.path)
                return plain.FILES.__get__(self)

        request.__class__ = Watched


def takes_post(client: Client, path: str, *, named: bool) -> bool:
    """Say whether the address takes a POST: a GET is refused (405), or its view reads what an
    empty POST (as the logged-in client) sent. Both are rolled back. `named`: the address
    names something, which must exist (else the walk would ask nothing)."""
    with transaction.atomic():
        got = client.get(path).status_code
        transaction.set_rollback(True)
    READ.clear()
    with transaction.atomic():
        sent = client.post(path, {}).status_code
        transaction.set_rollback(True)
    forget_kept()
    if got == 404 and named:
        raise AssertionError(f"{path}: the walk's parameters name nothing")
    return got == 405 or (sent != 405 and path in READ)


def writers(client: Client, world: World) -> dict[str, str]:
    """The addresses of the writing apps that take a POST, by name."""
    out = {}
    for route in routes():
        if route.app in WRITERS and route.name:
            path = address(route, world.kwargs(route))
            if takes_post(client, path, named=bool(route.params)):
                out[route.name] = path
    return out


_KEPT: list[Kept[Any, Any]] = []


def forget_kept() -> None:
    """Forget every copy this process keeps (pages, tournaments, answers), as a restart does."""
    if not _KEPT:
        assert get_resolver().url_patterns  # every view's module imported, with what it keeps
        _KEPT.extend(o for o in gc.get_objects() if type(o) is Kept)
    for kept in _KEPT:
        kept.clear()


def public_pages(client: Client, world: World) -> list[str]:
    """Every page an anonymous visitor gets with 200: of each tournament, and of the club."""
    out = []
    for route in routes():
        if route.name in NOT_A_PAGE or (route.params and not _names_a_page(route)):
            continue
        for kwargs in _each(route, world):
            path = address(route, kwargs)
            if client.get(path).status_code == 200:
                out.append(path)
    return out + _print_pages(client, world)


def _names_a_page(route: Route) -> bool:
    """Say whether the route's parameters name a tournament, season or person we have."""
    return set(route.params) <= {"pk", "person"}


def _each(route: Route, world: World) -> list[dict[str, Any]]:
    """The parameters of every page of a route: each tournament's, or the one thing's."""
    tournament = route.params == ("pk",) and "turniere" in route.route
    if tournament or route.route.startswith("api/v1/tournaments/"):
        return [{"pk": pk} for pk in world.tournaments.values()]
    return [world.kwargs(route)] if route.params else [{}]


def _print_pages(client: Client, world: World) -> list[str]:
    """The print pages everybody may read, of each tournament."""
    out = []
    for pk in world.tournaments.values():
        rec = TournamentRecord.objects.get(pk=pk)
        for kind in kinds_for(rec.family):
            path = f"/turniere/{pk}/drucken/{kind.slug}/"
            if not kind.staff_only and client.get(path).status_code == 200:
                out.append(path)
    return out


_VISITORS = [0]  # anonymous visitors so far: each render comes from an address of its own
SKIPPED = (".xlsx",)  # the same content as the CSV beside it, in a zip stamped with its time
# what a page holds of the moment it is made: when its slides were made, a table's clock
MOMENT = re.compile(
    rb'(data-made-at="|data-clock-elapsed="|<span data-clock-(?:time|countdown)>)[^"<]*'
)


def steady(body: bytes) -> bytes:
    """A page without what it holds of the moment it is made."""
    return MOMENT.sub(rb"\1-", masked(body))


def render(pages: list[str], *, fresh: bool) -> dict[str, bytes]:
    """The pages as an anonymous visitor gets them (status and body): `fresh` made anew
    (every copy forgotten first), else as served (through the copies kept)."""
    if fresh:
        forget_kept()
    _VISITORS[0] += 1
    n = _VISITORS[0]
    client = Client(REMOTE_ADDR=f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}")
    out = {}
    for path in pages:
        if path.endswith(SKIPPED):
            continue
        response = client.get(path)
        out[path] = b"%d " % response.status_code + steady(response.content)
    return out


def revisions() -> dict[int, str]:
    """Every tournament's revision."""
    return dict(TournamentRecord.objects.values_list("pk", "revision"))


def site_mark() -> int:
    """The mark of saves that are not a tournament's, which the copies in front check."""
    return SITE["saved"]


def stored_rows() -> str:
    """A digest of every stored row (all tables but the sessions), to see that a POST wrote."""
    digest = hashlib.blake2b(digest_size=16)
    for model in apps.get_models():
        if model._meta.db_table == "django_session":
            continue
        rows = model.objects.order_by("pk").values_list()
        digest.update(repr(list(rows)).encode())
    return digest.hexdigest()
