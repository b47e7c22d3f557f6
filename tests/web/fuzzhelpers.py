"""What the fuzz tests send: tournaments in play, every address, hostile values, mutated files.

The tournaments are played by the engine and stored as the application stores them; the
addresses come from the URL patterns; the fields and their valid values come from the forms
the pages render, so that random requests get past the first field and deep into the views.
"""

from __future__ import annotations

import json
import re
import tomllib
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, quote_from_bytes, urlsplit

import tomli_w
from django.apps import apps
from django.test import Client
from django.urls import URLResolver, get_resolver, resolve, reverse
from django.urls.exceptions import Resolver404
from htmlcheck import well_formed
from hypothesis import strategies as st
from webhelpers import Form, counts, forms_of, names

from factories import PASSWORD, USER
from tafelrunde.presets import preset_names, preset_text
from tafelrunde.web.club.models import Person
from tafelrunde.web.core.models import Event, TournamentRecord
from tafelrunde.web.paper.kinds import KINDS

# -- every page of every tournament -----------------------------------------------------

GROUP_PAGES = ("tournament", "rules", "log", "players", "draw", "tables", "standings",
               "ranking", "seats", "export-json", "export-csv", "export-xlsx", "board",
               "table-links", "projector", "projector-slides", "projector-settings",
               "print-menu", "print-all")  # fmt: skip
KNOCKOUT_PAGES = ("tournament", "rules", "log", "ko-players", "ko-tables", "ko-standings",
                  "ranking", "seats", "export-json", "export-csv", "export-xlsx", "board",
                  "table-links", "projector", "projector-slides", "projector-settings",
                  "print-menu", "print-all")  # fmt: skip
TO_KNOCKOUT = {"players": "ko-players", "draw": "ko-tables", "tables": "ko-tables",
               "standings": "ko-standings"}  # fmt: skip
DRAW_SEED = 4711  # the draw preview shows this seed, so that a run can be repeated


@dataclass
class Seen:
    """What the pages showed: their forms (with the address of the page) and the files."""

    forms: list[tuple[str, Form]] = field(default_factory=list)
    files: list[bytes] = field(default_factory=list)
    tokens: list[str] = field(default_factory=list)  # of the table links shown


def expect(response: Any, allowed: tuple[int, ...], what: str) -> None:
    """Fail with the request and the server's traceback (else the page) on another status, or
    on a page an HTML5 parser finds fault with."""
    if response.status_code not in allowed:
        raise AssertionError(f"{what} answered {response.status_code}\n{reason(response)}")
    if response.status_code == 200:
        well_formed(response, what)


def reason(response: Any) -> str:
    """The last lines of the traceback of a server error, else the end of the page."""
    if getattr(response, "exc_info", None):
        lines = traceback.format_exception(*response.exc_info)
        return "".join(lines[-3:])
    return str(response.content.decode(errors="replace")[-1500:])


WITH_FORMS = {"tournament", "rules", "players", "draw", "tables", "ko-players", "ko-tables",
              "board", "table-links", "projector-settings"}  # fmt: skip
GENERAL = ("/", "/turniere/neu/", "/turniere/laden/", "/termine/neu/", "/vorlagen/", "/anmelden/",
           "/planung/", "/drucken/einstellungen/", "/spielstaerke/", "/statistik/",
           "/personen/", "/saisons/neu/")  # fmt: skip


def tournament_pages(client: Client, rec: TournamentRecord, seen: Seen) -> None:
    """GET every page of one tournament: each answers 200 (the CSV 302 before the end)."""
    knockout = rec.format == "D"
    for name in KNOCKOUT_PAGES if knockout else GROUP_PAGES:
        path = reverse(name, args=[rec.pk])
        query = {"seed": DRAW_SEED} if name == "draw" else {}
        response = client.get(path, query)
        expect(
            response, (200, 302) if name in ("export-csv", "export-xlsx") else (200,), f"GET {path}"
        )
        if name == "export-json":
            seen.files.append(response.content)
        elif name in WITH_FORMS:
            seen.forms += [(path, f) for f in forms_of(response)]
        if name == "table-links":
            table_pages(response, seen)
    for kind in KINDS:  # every print page of the format
        if kind.fits(rec.family):
            path = reverse("print", args=[rec.pk, kind.slug])
            expect(client.get(path), (200,), f"GET {path}")
    if knockout:
        for name, target in TO_KNOCKOUT.items():
            path = reverse(name, args=[rec.pk])
            response = client.get(path)
            expect(response, (302,), f"GET {path}")
            assert response["Location"] == reverse(target, args=[rec.pk]), path


TABLE_LINK = re.compile(r'href="[^"]*?/tisch/([A-Za-z0-9_-]{24})/"')


def table_pages(links_page: Any, seen: Seen) -> None:
    """GET the page of every table link the links page shows, as a phone (no login): 200."""
    phone = Client(raise_request_exception=False)
    for token in dict.fromkeys(TABLE_LINK.findall(links_page.content.decode())):
        path = reverse("table-link", args=[token])
        response = phone.get(path)
        expect(response, (200,), f"GET {path}")
        seen.tokens.append(token)
        seen.forms += [(path, f) for f in forms_of(response)]


def every_page(client: Client, *, general: bool = False) -> Seen:
    """GET every page of every tournament and the start page (with `general`: every page)."""
    seen = Seen()
    for rec in TournamentRecord.objects.order_by("pk"):
        tournament_pages(client, rec, seen)
    pages = ["/", "/saisons/"]  # public
    if general:
        pages += [*GENERAL[1:], *(reverse("event-edit", args=[pk]) for pk in event_pks())]
        pages += [reverse("person", args=[pk]) for pk in person_pks()]
    for path in pages:
        response = client.get(path)
        expect(response, (200,), f"GET {path}")
        seen.forms += [(path, f) for f in forms_of(response)]
    return seen


def event_pks() -> list[int]:
    """The numbers of the stored events."""
    return list(Event.objects.order_by("pk").values_list("pk", flat=True))


def person_pks() -> list[int]:
    """The numbers of the stored persons (their public pages)."""
    return list(Person.objects.order_by("pk").values_list("pk", flat=True))


def every_row() -> tuple[Any, ...]:
    """Every row of every table but the sessions (a fresh login's own), in order: two equal
    results mean a request changed nothing stored."""
    return tuple(
        (model._meta.db_table, list(model.objects.order_by("pk").values_list()))
        for model in apps.get_models()
        if model._meta.db_table != "django_session"
    )


def snapshot() -> tuple[Any, ...]:
    """Everything an anonymous request must leave as it is."""
    tournaments = TournamentRecord.objects.order_by("pk").values_list(
        "pk", "name", "event", "version", "revision", "ruleset", "players", "day"
    )
    events = Event.objects.order_by("pk").values_list("pk", "name", "date")
    return counts(), list(tournaments), list(events)


# -- every address ------------------------------------------------------------------------


@dataclass(frozen=True)
class Route:
    """One URL pattern: its name and its route with converters, e.g. `turniere/<int:pk>/`."""

    name: str
    route: str

    def params(self) -> list[tuple[str, str]]:
        """The converters and parameter names of the route."""
        return re.findall(r"<(\w+):(\w+)>", self.route)

    def path(self, values: dict[str, str]) -> str:
        """The address with the parameters filled in (percent-encoded)."""
        filled = re.sub(r"<\w+:(\w+)>", lambda m: quote(values[m.group(1)], safe=""), self.route)
        return "/" + filled


def routes() -> list[Route]:
    """Every address of the application, from its URL patterns."""

    def walk(patterns: list[Any], prefix: str) -> Iterator[Route]:
        for p in patterns:
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns, prefix + str(p.pattern))
            else:
                yield Route(p.name or "", prefix + str(p.pattern))

    return list(walk(get_resolver().url_patterns, ""))


def url_name(path: str) -> str:
    """The name of the URL pattern an address belongs to ('' when none)."""
    try:
        return resolve(urlsplit(path).path).url_name or ""
    except Resolver404:
        return ""


# what a table page reads: a tapped name, a result, a confirmation, a format-D loser
TABLE_FIELDS = ("action", "player", "loser", "entry", "basis", "game", "pips-p001", "points-p002",
                "place-p003")  # fmt: skip
# fields a view reads that its page does not always render (no form in the current state)
FIELDS: dict[str, tuple[str, ...]] = {
    "login": ("username", "password", "next"),
    "logout": ("next",),
    "set_language": ("language", "next"),
    "event-new": ("name", "date"),
    "event-edit": ("name", "date"),
    "tournament-new": ("name", "event", "preset", "players", "day"),
    "tournament-import": ("event",),
    "planning": ("preset", "players", "tables", "seed"),
    "logins": ("name", "password", "again"),
    "login-role": ("role",),
    "rules": ("text", "version"),
    "rules-preset": ("name",),
    "club-presets": ("name",),
    "players": ("names", "version"),
    "player-remove": ("version",),
    "draw": ("seed", "version"),
    "result": ("game", "table", "basis", "points-p001", "pips-p002", "place-p003"),
    "rolloff": ("players", "auto", "pos-1", "pos-2", "pos-3"),
    "undo": ("version", "back"),
    "ko-register": ("names", "late", "paid", "version"),
    "ko-mark": ("player", "version"),
    "ko-open": ("all", "version"),
    "ko-open-hand": ("players", "bracket", "version"),
    "ko-lost": ("player", "state", "version"),
    "ko-correct": ("player", "corrects", "version"),
    "ko-schock-out": ("player", "donated", "version"),
    "ko-donate": ("schock_out", "version"),
    "ko-undo": ("target", "version"),
    "board-settle": ("stage", "game", "table", "entry", "action"),
    "table-link": TABLE_FIELDS,
    "projector-settings": ("kinds", "seconds", "theme"),
}
# the forms that play a tournament: the fuzz sends them more often than the others
PLAY = {"draw", "result", "rolloff", "undo", "players", "player-remove", "rules", "ko-register",
        "ko-mark", "ko-open", "ko-open-hand", "ko-lost", "ko-correct", "ko-schock-out",
        "ko-donate", "ko-undo", "board-settle", "table-link"}  # fmt: skip
# the file fields of the forms that take uploads
UPLOADS: dict[str, tuple[str, ...]] = {
    "tournament-new": ("ruleset", "players_file"),
    "tournament-import": ("file",),
    "club-presets": ("file",),
    "players": ("file",),
    "ko-register": ("file",),
    "print-look": ("logo",),
}

# -- hostile values -----------------------------------------------------------------------

HOSTILE_TEXTS = (
    "", " ", "\t \n", "\r\n", "\x00", "a\x00b", "\x01\x08\x1b\x7f", "\x85\u2028\u2029",
    "\u200b\ufeff", "\u202eabc", "x" * 100_000, "9" * 5000, "-1", "-9999999999", "0", "-0",
    "+7", " 7 ", "007", "1/10000000000000000", "99999999999999999999/1", "1/0", "0/0", "-1/3",
    "1,5", "2,5e3", "1.5", "1e3", "1e999", "1E-7", "inf", "-inf", "nan", "NaN", "٣", "۱۲",
    "१२", "１２", "²", "¹⁰", "Ⅻ", "1_000", "0x10", "0b1", "0o7", "2147483647", "2147483648",
    "4294967296", "9223372036854775807", "9223372036854775808", "18446744073709551616",
    "-9223372036854775809", "<script>alert(1)</script>", '"><img src=x onerror=alert(1)>',
    "{{ 7*7 }}", "{% debug %}", "'; DROP TABLE web_factrecord; --", "' OR '1'='1", "%",
    "%(value)s", "%s%s%s", "../../../../etc/passwd", "..\\..\\win.ini", "/etc/passwd",
    "http://evil.example/", "//evil.example", "javascript:alert(1)", "null", "true", "[]",
    "{}", "p001", "P001", "p0001", "p000", "p999", "pay", "checkin", "withdraw", "main",
    "consolation", "grand_final", "2099-02-31", "0000-00-00", "9999-12-31", "10000-01-01",
    "31.12.2099", "de", "en", "xx", "e\u0301", "🎲" * 50, "ß" * 1000, "x" * 200_000,
    "Name,Verein\n" + "x" * 200_000, 'name\n"' + "x" * 150_000,
)  # fmt: skip
HOSTILE_BYTES = (b"\xff", b"\xfe\xff", b"\xc3", b"\xc3\x28", b"\xed\xa0\x80",
                 b"\xf4\x90\x80\x80", b"\xc0\xaf", b"caf\xe9", b"\x00\xff\x00")  # fmt: skip

Value = str | bytes


def hostile_values() -> st.SearchStrategy[Value]:
    """One hostile value: from the list, random text with control characters, or bad bytes."""
    return st.one_of(
        st.sampled_from(HOSTILE_TEXTS),
        st.sampled_from(HOSTILE_BYTES),
        st.text(st.characters(exclude_categories=["Cs"]), max_size=30),
        st.binary(max_size=20),
        st.integers(min_value=-(10**30), max_value=10**30).map(str),
    )


@dataclass
class World:
    """What the pages show now: their forms, the known ids and numbers, the files."""

    forms: dict[str, list[tuple[str, Form]]]  # by URL name: (the form's address, the form)
    plausible: list[str]  # values that exist: player ids and names, numbers, versions
    files: list[bytes]  # the tournament files (JSON)
    tournaments: list[str]  # numbers, as text
    events: list[str]
    tables: list[str]
    pids: list[str]
    tokens: list[str]  # of the table links

    @property
    def pks(self) -> list[str]:
        """The numbers of tournaments and events."""
        return self.tournaments + self.events

    @classmethod
    def read(cls, seen: Seen, start: World | None = None) -> World:
        """Collect what the pages showed (with the forms of `start` the pages did not show)."""
        forms: dict[str, list[tuple[str, Form]]] = {}
        for page, form in seen.forms:
            if form.method != "post":
                continue
            address = form.action or page
            forms.setdefault(url_name(address), []).append((address, form))
        forms = (start.forms if start else {}) | forms
        recs = list(TournamentRecord.objects.order_by("pk"))
        pids = sorted({p["id"] for r in recs for p in r.players} | {"p001", "p005", "p011"})
        plausible = sorted(
            {str(k) for k in range(0, 25)}
            | {str(r.version) for r in recs}
            | {p["name"] for r in recs for p in r.players}
            | set(pids)
            | {"on", "de", "en", USER, PASSWORD, *preset_names()}
        )
        tournaments, events = [str(r.pk) for r in recs], [str(e) for e in event_pks()]
        tables = [str(k) for k in range(1, 6)]
        tokens = seen.tokens or (start.tokens if start else [])
        return cls(forms, plausible, seen.files, tournaments, events, tables, pids, tokens)

    def __repr__(self) -> str:
        """Short: the state of the pages is not part of a failing example's description."""
        return f"World(tournaments={self.tournaments}, events={self.events})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """The same short text in Hypothesis' report of a failing example."""
        printer.text(repr(self))


# -- requests -------------------------------------------------------------------------------


@dataclass
class Post:
    """One POST: the address, the fields (a name may repeat) and uploaded files."""

    path: str
    fields: list[tuple[str, Value]]
    files: list[tuple[str, str, bytes]] = field(default_factory=list)
    multipart: bool = False

    def body(self) -> tuple[bytes, str]:
        """The request body and its content type, written by hand (bytes stay as they are)."""
        if self.files or self.multipart:
            return self.multipart_body()
        parts = [f"{quote(k)}={quote_from_bytes(_bytes(v))}" for k, v in self.fields]
        return "&".join(parts).encode(), "application/x-www-form-urlencoded"

    def multipart_body(self) -> tuple[bytes, str]:
        """The body as multipart/form-data."""
        boundary = "fuzzBoundary7MA4YWxkTrZu0gW"
        out = []
        for k, v in self.fields:
            head = f'Content-Disposition: form-data; name="{k}"\r\n\r\n'
            out.append(f"--{boundary}\r\n{head}".encode() + _bytes(v) + b"\r\n")
        for k, filename, content in self.files:
            head = (
                f'Content-Disposition: form-data; name="{k}"; filename="{filename}"\r\n'
                "Content-Type: application/octet-stream\r\n\r\n"
            )
            out.append(f"--{boundary}\r\n{head}".encode() + content + b"\r\n")
        out.append(f"--{boundary}--\r\n".encode())
        return b"".join(out), f"multipart/form-data; boundary={boundary}"

    def send(self, client: Client) -> Any:
        """Send the request."""
        body, kind = self.body()
        return client.post(self.path, body, content_type=kind)

    def __repr__(self) -> str:
        """The request in a line or a few, for a failure message."""
        fields = [(k, _short(v)) for k, v in self.fields]
        files = [(k, name, _short(c)) for k, name, c in self.files]
        kind = "multipart" if self.files or self.multipart else "urlencoded"
        return f"POST {self.path} ({kind}) fields={fields} files={files}"


def _bytes(value: Value) -> bytes:
    """A field value as bytes (text as UTF-8)."""
    return value if isinstance(value, bytes) else value.encode("utf-8", "surrogatepass")


def _short(value: Value) -> str:
    """A value shortened for a message."""
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:60]}… ({len(value)} long)"


def param_values(world: World, converter: str, name: str) -> st.SearchStrategy[str]:
    """Values for one parameter of an address: real ones and hostile ones."""
    if converter == "int":
        real = world.tables if name == "table" else world.pks
        hostile = ["0", "999999", "2147483648", "9223372036854775808", "9" * 40]
        return st.one_of(st.sampled_from(real), st.sampled_from(hostile))
    real = {"kind": ["pay", "checkin", "withdraw"], "token": world.tokens}.get(name) or world.pids
    words = st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=20)
    return st.one_of(st.sampled_from(real), st.sampled_from(HOSTILE_TEXTS[1:]), words)


@st.composite
def addresses(draw: Any, route: Route, world: World) -> str:
    """An address of a route with real or hostile parameters."""
    values = {name: draw(param_values(world, conv, name)) for conv, name in route.params()}
    return route.path(values)


def form_fields(form: Form) -> dict[str, list[str]]:
    """The fields a form sends as rendered: inputs, first options, textareas, buttons."""
    fields = {k: list(v) for k, v in form.inputs.items()}
    for name, options in form.selects.items():
        fields[name] = options[:1]
    for name, text in form.textareas.items():
        fields[name] = [text.lstrip("\n")]
    for name, value in form.buttons.items():
        fields[name] = [value]
    return fields


@st.composite
def filled(
    draw: Any, name: str, values: list[str], form: Form | None, world: World, kinds: dict[str, str]
) -> list[Value]:
    """A field as a user would fill it: as rendered, an offered option, or a plausible value."""
    # empty fields of one kind (`points-…`, `pips-…`) are filled alike: all left empty, all
    # with small whole numbers, or all with values that exist; so results can go through
    if form is not None and name in form.selects and form.selects[name]:
        return [draw(st.sampled_from(form.selects[name]))]
    if len(values) > 1:  # checkboxes or hidden lists: a part of them
        return list(draw(st.lists(st.sampled_from(values), max_size=len(values), unique=True)))
    if values and values[0]:
        return [values[0]]
    kind = name.split("-")[0]
    if kind not in kinds:
        kinds[kind] = draw(st.sampled_from(("empty", "number", "number", "existing")))
    if kinds[kind] == "empty":
        return [""]
    if kinds[kind] == "number":
        return [str(draw(st.integers(0, 20)))]
    return [draw(st.sampled_from(world.plausible))]


@st.composite
def mutated(draw: Any, world: World) -> list[Value]:
    """A hostile field: one hostile value, several values (a list), or none."""
    kind = draw(st.sampled_from(("one", "one", "one", "list", "none")))
    if kind == "none":
        return []
    if kind == "list":
        pool = st.one_of(hostile_values(), st.sampled_from(world.plausible))
        return list(draw(st.lists(pool, min_size=2, max_size=4)))
    return [draw(hostile_values())]


def by_weight(names_: Any) -> list[str]:
    """URL names in the order to draw them: Hypothesis draws the first more often than others."""
    return sorted(names_, key=lambda n: (n != "result", n not in PLAY, n == "login", n))


@st.composite
def posts(draw: Any, world: World, routes_: list[Route], uploads: bool = True) -> Post:
    """A POST: mostly a form the pages show, some fields made hostile; else any address."""
    names_ = {r.name for r in routes_}
    shown = [n for n in by_weight(world.forms) if n in names_ for _ in range(3 if n in PLAY else 1)]
    form: Form | None = None
    if shown and draw(st.integers(0, 3)) > 0:
        name = draw(st.sampled_from(shown))
        path, form = draw(st.sampled_from(world.forms[name]))
        fields = form_fields(form)
    else:
        route = draw(st.sampled_from(sorted(routes_, key=lambda r: by_weight([r.name]))))
        name, path = route.name, draw(addresses(route, world))
        fields = {k: [""] for k in FIELDS.get(name, ())}
    keys = sorted(fields)
    bad = draw(st.sets(st.sampled_from(keys), max_size=2)) if keys else set()
    sent: list[tuple[str, Value]] = []
    kinds: dict[str, str] = {}
    for k in keys:
        values = (
            draw(mutated(world)) if k in bad else draw(filled(k, fields[k], form, world, kinds))
        )
        sent += [(k, v) for v in values]
    extra_names = st.sampled_from([*FIELDS.get(name, ("x",)), "version", "x"])
    for k in draw(st.lists(extra_names, max_size=2)):
        sent.append((k, draw(st.one_of(hostile_values(), st.sampled_from(world.plausible)))))
    files = draw(upload_files(name, world)) if uploads else []
    return Post(path, sent, files, multipart=draw(st.booleans()))


@st.composite
def upload_files(draw: Any, name: str, world: World) -> list[tuple[str, str, bytes]]:
    """Files for the upload fields of a form: mutated tournament files, rulesets, lists."""
    out = []
    for k in UPLOADS.get(name, ()):
        if draw(st.booleans()):
            continue
        if k == "file" and name == "tournament-import":
            content = draw(tournament_files(world.files))
        elif k == "ruleset":
            content = draw(rulesets())
        else:
            content = draw(player_lists())
        filename = draw(st.sampled_from(("t.json", "r.toml", "s.csv", "../../x", "\x00.csv")))
        out.append((k, filename, content))
    return out


# -- mutated files ----------------------------------------------------------------------------

Path = tuple[Any, ...]


def paths(tree: Any, here: Path = ()) -> Iterator[Path]:
    """Every place in a JSON or TOML tree (down to 48 levels): keys and list positions."""
    yield here
    if len(here) >= 48:
        return
    if isinstance(tree, dict):
        for k, v in tree.items():
            yield from paths(v, (*here, k))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from paths(v, (*here, i))


def at(tree: Any, path: Path) -> Any:
    """The value at a place."""
    for k in path:
        tree = tree[k]
    return tree


def deep(value: Any, levels: int) -> Any:
    """The value nested in lists and tables."""
    for i in range(levels):
        value = [value] if i % 2 else {"x": value}
    return value


def odd_values(toml: bool) -> st.SearchStrategy[Any]:
    """Values a file should not hold where they are put: wrong types, huge numbers, odd texts."""
    values = [
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.sampled_from([0, -1, 1, 2, 3, 4, 5, 2**31, 2**63, 10**30, -(10**30), 10**300]),
        st.floats(allow_nan=not toml, allow_infinity=not toml),
        st.sampled_from([0.5, -0.0, 1e308, 2.0, 4.000001]),
        st.sampled_from(HOSTILE_TEXTS),
        st.text(max_size=20),
        st.just([]),
        st.just({}),
        st.lists(st.integers(-3, 30), max_size=4),
        st.sampled_from(["p001", "p002", "p999", "draw", "result", "rolloff", "undo", "D", "A"]),
    ]
    if not toml:
        values.append(st.none())
    return st.one_of(values)


@st.composite
def nudged(draw: Any, value: Any, tree: Any) -> Any:
    """A value near the old one, often still valid: moved a little, another word, reordered."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return draw(st.sampled_from((value - 1, value + 1, value + 2, value * 2, 0, value * 10)))
    if isinstance(value, str):
        words = sorted({v for v in leaves(tree) if isinstance(v, str) and len(v) < 40} | {value})
        return draw(st.sampled_from(words))
    if isinstance(value, list) and value:
        shuffled = list(draw(st.permutations(value)))
        return draw(st.sampled_from((shuffled, shuffled[1:], shuffled + shuffled[:1])))
    return value


def leaves(tree: Any) -> Iterator[Any]:
    """Every value of a tree that is no list or table."""
    for path in paths(tree):
        value = at(tree, path)
        if not isinstance(value, dict | list):
            yield value


@st.composite
def mutate_tree(draw: Any, tree: Any, toml: bool) -> Any:
    """Change the tree at a random place: nudge, replace, delete, insert, duplicate, nest."""
    path = draw(st.sampled_from(list(paths(tree))))
    op = draw(st.sampled_from(("nudge", "nudge", "nudge", "replace", "delete", "insert",
                               "twice", "deep")))  # fmt: skip
    if not path:
        return draw(odd_values(toml)) if op == "replace" else tree
    parent, key = at(tree, path[:-1]), path[-1]
    if op == "nudge":
        parent[key] = draw(nudged(parent[key], tree))
    elif op == "replace":
        parent[key] = draw(odd_values(toml))
    elif op == "delete":
        del parent[key]
    elif op == "insert" and isinstance(parent, dict):
        name = draw(st.sampled_from(["n", "id", "type", "extra", "\x00", "x" * 300]))
        parent[name] = draw(odd_values(toml))
    elif op == "insert":
        parent.insert(key, draw(odd_values(toml)))
    elif op == "twice" and isinstance(parent, list):
        parent.insert(key, json.loads(json.dumps(parent[key])))
    else:
        parent[key] = deep(parent[key], draw(st.sampled_from((2, 33, 40, 120))))
    return tree


@st.composite
def mutate_text(draw: Any, raw: bytes) -> bytes:
    """Change the bytes of a file: cut it, drop or double a line, splice in odd bytes."""
    op = draw(st.sampled_from(("cut", "line", "double", "splice", "number", "bom", "nest")))
    pos = draw(st.integers(0, len(raw)))
    if op == "cut":
        return raw[:pos]
    lines = raw.split(b"\n")
    i = draw(st.integers(0, len(lines) - 1))
    if op == "line":
        return b"\n".join(lines[:i] + lines[i + 1 :])
    if op == "double":
        return b"\n".join(lines[: i + 1] + lines[i:])
    if op == "number":
        return re.sub(rb"\d+", b"9" * 5000, raw, count=1)
    if op == "bom":
        return b"\xef\xbb\xbf" + raw
    if op == "nest":
        return raw[:pos] + draw(st.sampled_from((b"[", b'{"a":', b"a = [", b"[[", b"{a="))) * 5000
    splice = draw(st.one_of(st.binary(min_size=1, max_size=8), st.sampled_from(HOSTILE_BYTES)))
    return raw[:pos] + splice + raw[pos:]


@st.composite
def tournament_files(draw: Any, files: list[bytes]) -> bytes:
    """A real tournament file, changed at random places in its data and maybe in its bytes."""
    data = json.loads(draw(st.sampled_from(files)))
    for _ in range(draw(st.integers(0, 3))):
        data = draw(mutate_tree(data, toml=False))
    try:
        text = json.dumps(data, ensure_ascii=draw(st.booleans()))
    except RecursionError:  # nested deeper than Python writes: the file as it was
        text = draw(st.sampled_from(files)).decode()
    raw = text.encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 3)) == 0:
        raw = draw(mutate_text(raw))
    return raw


@st.composite
def ruleset_texts(draw: Any, source: str | None = None) -> str:
    """A ruleset (else a shipped one), changed at random places (still TOML)."""
    source = source or preset_text(draw(st.sampled_from(preset_names())))
    data = tomllib.loads(source)
    for _ in range(draw(st.integers(0, 3))):
        data = draw(mutate_tree(data, toml=True))
    try:
        return tomli_w.dumps(data) if isinstance(data, dict) else source
    except (TypeError, ValueError, RecursionError):  # e.g. a value where a table was
        return source


@st.composite
def rulesets(draw: Any, source: str | None = None) -> bytes:
    """A ruleset file: a changed one (else a changed shipped one), maybe with changed bytes."""
    raw = draw(ruleset_texts(source)).encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 3)) == 0:
        raw = draw(mutate_text(raw))
    return raw


@st.composite
def player_lists(draw: Any) -> bytes:
    """A player list (one name a line, or CSV with a `name` column), with odd entries."""
    entry = st.one_of(st.sampled_from(names(16)), st.sampled_from(HOSTILE_TEXTS[:40]),
                      st.text(max_size=12))  # fmt: skip
    rows = draw(st.lists(entry, max_size=12))
    if draw(st.integers(0, 7)) == 0:  # one very long entry
        rows.append("y" * draw(st.sampled_from((101, 131_072, 131_073, 300_000))))
    head = draw(st.sampled_from(["", "name\n", "Name;Verein\n", "name,name\n", '"name\n']))
    raw = (head + "\n".join(rows)).encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 3)) == 0:
        raw = draw(mutate_text(raw))
    return raw
