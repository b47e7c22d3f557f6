"""What the table fuzz sends: bodies built from the forms a table page shows (filled in as a
player would, a few fields made hostile, valid results from the engine's simulator) or made up
from scratch; and what it checks: nothing sent runs on the page, only valid facts are stored."""

from __future__ import annotations

import random
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

from django.test import Client
from fuzzhelpers import Post, Value, hostile_values
from hypothesis import strategies as st
from webhelpers import Form, forms_of, state_of

from tafelrunde.sim.autoplay import random_result
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import FactRecord, TournamentRecord

MARKUP = ("<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "</textarea><b>x",
          "' autofocus onfocus='alert(1)", "<svg onload=alert(1)>", "Anna\x00<b>")  # fmt: skip
KNOWN_SCRIPTS = 6  # htmx, confirmation, focus on errors, sending later, live updates, clocks


@dataclass(frozen=True)
class Link:
    """A real table link under fuzz: its address, tournament, table (as the facts name it),
    the players who sit there and the fact types a phone may store."""

    url: str
    pk: int
    table: int
    players: tuple[str, ...]
    kinds: frozenset[str]


def latest(pk: int) -> int:
    """The number of the tournament's latest fact."""
    found = FactRecord.objects.filter(tournament_id=pk).order_by("-n").first()
    return found.n if found is not None else 0


def players_of(link: Link) -> st.SearchStrategy[Value]:
    """A player: one of the table's, or a stranger, or a hostile value."""
    strangers = st.sampled_from(["p999", "p001", "", *MARKUP])
    return st.one_of(st.sampled_from(link.players), strangers, hostile_values())


def numbers(mark: int) -> st.SearchStrategy[Value]:
    """A fact or game number: near the real ones, or hostile."""
    near = st.sampled_from([str(k) for k in (0, 1, 2, mark - 1, mark, mark + 1)])
    return st.one_of(near, hostile_values())


VALUES = st.one_of(st.integers(0, 60).map(str), hostile_values(), st.sampled_from(MARKUP))


@st.composite
def wild(draw: Any, link: Link) -> list[tuple[str, Value]]:
    """A body made up from scratch: any action, players, numbers, values and field names."""
    mark, players = latest(link.pk), players_of(link)
    action = st.one_of(st.sampled_from(["me", "enter", "confirm", "lost"]), hostile_values())
    fields: list[tuple[str, Value]] = [("action", draw(action))]
    for name, values in (("player", players), ("loser", players), ("entry", numbers(mark)),
                         ("basis", numbers(mark)), ("game", numbers(mark))):  # fmt: skip
        if draw(st.integers(0, 4)):
            fields.append((name, draw(values)))
    kind = draw(st.sampled_from(["pips", "points", "place"]))
    for p in draw(st.lists(st.one_of(st.sampled_from(link.players), players), max_size=5)):
        fields.append((f"{kind}-{p}", draw(VALUES)))
    return fields


@st.composite
def filled(draw: Any, link: Link, form: Form) -> list[tuple[str, Value]]:
    """A form the page shows, filled in as a player would: its hidden fields as they are, a
    button of it, empty fields of one kind alike (left empty, whole numbers, or 1, 2, 3, …)."""
    fields: list[tuple[str, Value]] = []
    kinds: dict[str, str] = {}
    for name, values in form.inputs.items():
        if name == "csrfmiddlewaretoken":
            continue
        if values[0]:
            fields.append((name, values[0]))
            continue
        kind = name.split("-")[0]
        how = kinds.setdefault(kind, draw(st.sampled_from(["empty", "numbers", "ranks"])))
        ranks = sum(k.startswith(f"{kind}-") for k, _ in fields) + 1
        value = {"empty": "", "ranks": str(ranks)}.get(how) or str(draw(st.integers(0, 60)))
        fields.append((name, value))
    for name, values in form.choices.items():
        fields.append((name, draw(st.sampled_from(values))))
    if form.inputs.get("action") == ["enter"] and draw(st.booleans()):
        fields = [f for f in fields if f[0].split("-")[0] not in ("points", "pips", "place")]
        fields += draw(simulated(link, int(form.value("game"))))
    return fields


@st.composite
def simulated(draw: Any, link: Link, game: int) -> list[tuple[str, Value]]:
    """The values of a valid result for the table's game, as the engine's simulator plays it."""
    state = state_of(link.pk)
    res = random_result(state, game, link.table, random.Random(draw(st.integers(0, 2**32))))
    return [
        *((f"points-{p}", str(v)) for p, v in res.scores.items()),
        *((f"pips-{p}", str(v)) for p, v in res.pips.items()),
        *((f"place-{p}", str(v)) for p, v in res.places.items()),
    ]


@st.composite
def bodies(draw: Any, link: Link, forms: list[Form]) -> list[tuple[str, Value]]:
    """A POST body: mostly a form the page shows, filled in, with up to two fields made
    hostile, one dropped or some added; else one made up from scratch."""
    shown = [f for f in forms if f.method == "post" and f.action in ("", link.url)]
    if not shown or not draw(st.integers(0, 3)):
        return draw(wild(link))
    entering = [f for f in shown if f.inputs.get("action") != ["me"]]  # not the name forms
    fields = draw(filled(link, draw(st.sampled_from(entering if entering and draw(
        st.integers(0, 3)) else shown))))  # fmt: skip
    for _ in range(draw(st.sampled_from([0, 0, 1, 2])) if fields else 0):
        k = draw(st.integers(0, len(fields) - 1))
        fields[k] = (fields[k][0], draw(st.one_of(VALUES, players_of(link))))
    if fields and not draw(st.integers(0, 5)):
        del fields[draw(st.integers(0, len(fields) - 1))]
    names = st.one_of(st.sampled_from(["action", "player", "x", "pips-", "csrfmiddlewaretoken"]),
                      st.text(max_size=12))  # fmt: skip
    for name in draw(st.lists(names, max_size=2)):
        fields.append((name, draw(st.one_of(VALUES, players_of(link)))))
    return fields


class Tags(HTMLParser):
    """What a page could run: script tags, event handler attributes, embedded elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.scripts = 0
        self.handlers: list[str] = []
        self.embedded: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.scripts += tag == "script"
        self.handlers += [k for k, _ in attrs if k.startswith("on")]
        if tag in ("img", "svg", "iframe", "object", "embed", "b"):
            self.embedded.append(tag)


def escaped(response: Any, sent: list[tuple[str, Value]]) -> None:
    """Nothing sent runs or adds markup on the page that answers."""
    page = response.content.decode(errors="replace")
    tags = Tags()
    tags.feed(page)
    assert tags.scripts == KNOWN_SCRIPTS and not tags.handlers and not tags.embedded, sent
    for _, value in sent:
        if isinstance(value, str) and "<" in value and len(value) > 3:
            assert value not in page, value


def stored_only_valid(link: Link, before: int) -> None:
    """What the post stored is a table fact of this table by one of its players, and the
    tournament still loads (the engine checks every stored fact again)."""
    new = FactRecord.objects.filter(tournament_id=link.pk, n__gt=before).order_by("n")
    for fact in new:
        assert fact.data["type"] in link.kinds, fact.data
        assert fact.data["table"] == link.table and fact.data["player"] in link.players, fact.data
    read_only(TournamentRecord.objects.get(pk=link.pk))


def tap(phone: Client, link: Link, csrf: str, who: str) -> None:
    """A player taps their name."""
    Post(link.url, [("action", "me"), ("player", who), ("csrfmiddlewaretoken", csrf)]).send(phone)


def entered_before(link: Link, data: st.DataObject) -> int:
    """The table as the fuzz finds it: open, or a result entered by another phone (format D:
    a loser), or two different ones (disputed); how many were entered."""
    count = data.draw(st.sampled_from([0, 0, 1, 1, 2]), label="entered before")
    for k in range(count):
        phone = Client(enforce_csrf_checks=True)
        phone.get(link.url)
        csrf = phone.cookies["csrftoken"].value
        tap(phone, link, csrf, link.players[k])
        form = next(f for f in forms_of(phone.get(link.url)) if f.inputs.get("action") in (
            ["enter"], ["lost"]))  # fmt: skip
        fields = [(n, v[0]) for n, v in form.inputs.items() if n != "csrfmiddlewaretoken"]
        if form.inputs["action"] == ["lost"]:
            fields.append(("loser", form.choices["loser"][k]))
        else:
            fields = [f for f in fields if "-" not in f[0]]
            fields += data.draw(simulated(link, int(form.value("game"))), label="result")
        before = latest(link.pk)
        assert (
            Post(link.url, [*fields, ("csrfmiddlewaretoken", csrf)]).send(phone).status_code == 302
        )
        assert latest(link.pk) == before + 1
    return count
