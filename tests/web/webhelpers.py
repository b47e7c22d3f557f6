"""Shared helpers of the web tests: log in, create a tournament, play it through the forms.

Everything goes through the HTTP pages and their forms, as an organiser would: the
helpers read the forms the pages render (field names and hidden values) and fill in
results that the engine's own simulator invents for the current state.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser
from typing import Any

from django.contrib.auth import get_user_model
from django.test import Client

from factories import names
from tafelrunde.engine.groups.actions import open_rolloffs
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.sim.autoplay import random_result
from tafelrunde.web.core.domain.store import engine_tournament
from tafelrunde.web.core.models import AuditEntry, Event, FactRecord, TournamentRecord


def run_async(work: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine in a new event loop of its own thread (the browser tests hold this one's)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result()


def logged(rec: TournamentRecord | None = None) -> list[str]:
    """The log's lines in German, oldest first (of one tournament, or all)."""
    entries = AuditEntry.objects.order_by("pk")
    if rec is not None:
        entries = entries.filter(tournament=rec)
    return [e.said.text("de") for e in entries]


def organiser(client: Client, username: str = "leitung") -> Any:
    """Create an organiser and log the client in."""
    users = get_user_model().objects
    user = users.filter(username=username).first() or users.create_user(username, "", "geheim-1")
    client.force_login(user)
    return user


def text(response: Any) -> str:
    """The response body as text (HTML entities resolved, so messages compare plainly)."""
    return unescape(response.content.decode())


def counts() -> tuple[int, int, int, int]:
    """How many facts, tournaments, events and audit lines are stored."""
    return (
        FactRecord.objects.count(),
        TournamentRecord.objects.count(),
        Event.objects.count(),
        AuditEntry.objects.count(),
    )


def fresh(pk: int) -> TournamentRecord:
    """The tournament as stored now."""
    return TournamentRecord.objects.get(pk=pk)


def state_of(pk: int) -> TournamentState:
    """The engine's state of the stored tournament."""
    tour = engine_tournament(fresh(pk))
    return TournamentState(tour)  # type: ignore[arg-type]


def create(
    client: Client, preset: str = "gruppenmodus", n: int = 12, **extra: Any
) -> TournamentRecord:
    """Create a tournament through the form; return its record."""
    before = TournamentRecord.objects.count()
    data = {"preset": preset, "players": "\n".join(names(n)), "name": "", "event": ""} | extra
    response = client.post("/turniere/neu/", data)
    assert response.status_code == 302, text(response)
    assert TournamentRecord.objects.count() == before + 1
    pk = int(re.fullmatch(r"/turniere/(\d+)/", response["Location"]).group(1))  # type: ignore[union-attr]
    return fresh(pk)


# -- reading the forms of a page ------------------------------------------------------


@dataclass
class Form:
    """One form of a page: its address and the fields it sends."""

    action: str
    method: str
    inputs: dict[str, list[str]] = field(default_factory=dict)  # name -> values (hidden etc.)
    selects: dict[str, list[str]] = field(default_factory=dict)  # name -> option values
    buttons: dict[str, str] = field(default_factory=dict)  # name -> value (the first)
    choices: dict[str, list[str]] = field(default_factory=dict)  # name -> every button's value
    textareas: dict[str, str] = field(default_factory=dict)

    def value(self, name: str) -> str:
        """The (first) value of an input."""
        return self.inputs[name][0]


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.select: str | None = None
        self.textarea: str | None = None
        self.ids: dict[str, str] = {}
        self.id_stack: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.form = Form(a.get("action", ""), a.get("method", "get").lower())
            self.forms.append(self.form)
        elif self.form is None:
            return
        elif tag == "input" and "name" in a:
            self.form.inputs.setdefault(a["name"], []).append(a.get("value", ""))
        elif tag == "select":
            self.select = a.get("name")
            self.form.selects[self.select or ""] = []
        elif tag == "option" and self.select is not None:
            self.form.selects[self.select].append(a.get("value", ""))
        elif tag == "button" and "name" in a:
            self.form.buttons.setdefault(a["name"], a.get("value", ""))
            self.form.choices.setdefault(a["name"], []).append(a.get("value", ""))
        elif tag == "textarea":
            self.textarea = a.get("name", "")
            self.form.textareas[self.textarea] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def handle_data(self, data: str) -> None:
        if self.form is not None and self.textarea is not None:
            self.form.textareas[self.textarea] += data


def forms_of(response: Any) -> list[Form]:
    """Every form of a page."""
    parser = _Forms()
    parser.feed(response.content.decode())
    return parser.forms


def result_forms(client: Client, pk: int, game: int | None = None) -> dict[tuple[int, int], Form]:
    """The result forms the tables page shows (for one game, else its default), by (game, table)."""
    page = client.get(f"/turniere/{pk}/tische/", {"partie": game} if game else {})
    assert page.status_code == 200
    return {
        (int(f.value("game")), int(f.value("table"))): f
        for f in forms_of(page)
        if f.action == f"/turniere/{pk}/ergebnis/"
    }


def result_form(client: Client, pk: int, game: int, table: int) -> Form:
    """The result form the tables page shows for one table."""
    forms = result_forms(client, pk, game)
    assert (game, table) in forms, f"no result form for game {game}, table {table}"
    return forms[(game, table)]


def rolloff_forms(client: Client, pk: int) -> list[Form]:
    """The roll-off forms the tables page shows."""
    page = client.get(f"/turniere/{pk}/tische/")
    return [f for f in forms_of(page) if f.action == f"/turniere/{pk}/stechen/"]


# -- playing ---------------------------------------------------------------------------


def preview_seed(client: Client, pk: int, seed: int | None = None) -> tuple[int, str]:
    """Open the draw preview (with a seed, or a fresh one); return its seed and the page."""
    response = client.get(f"/turniere/{pk}/auslosung/", {"seed": seed} if seed is not None else {})
    assert response.status_code == 200
    page = text(response)
    found = re.search(r'id="seed">(\d+)<', page)
    assert found, page
    return int(found.group(1)), page


def preview_tables(page: str) -> list[str]:
    """The table rows of a draw preview (seat order as names)."""
    section = page.split('id="preview"', 1)[1].split("</section>", 1)[0]
    return re.findall(r'<td class="n">\d+</td>\s*<td>([^<]*)</td>', section)


def release(client: Client, pk: int, seed: int, version: int | None = None) -> Any:
    """Send the release form of the draw."""
    version = fresh(pk).version if version is None else version
    return client.post(f"/turniere/{pk}/auslosung/", {"seed": seed, "version": version})


def result_data(
    state: TournamentState, game: int, table: int, form: Form, rng: random.Random
) -> dict[str, str]:
    """A valid result for a table, in the fields its form renders (invented by the engine)."""
    res = random_result(state, game, table, rng)
    data = {"game": str(game), "table": str(table), "basis": form.value("basis")}
    for p, v in res.scores.items():
        assert f"points-{p}" in form.inputs, (p, form.inputs)
        data[f"points-{p}"] = str(v)
    for p, v in res.pips.items():
        assert f"pips-{p}" in form.inputs, (p, form.inputs)
        data[f"pips-{p}"] = str(v)
    return data


def enter_result(
    client: Client, pk: int, game: int, table: int, rng: random.Random
) -> dict[str, str]:
    """Fill in one table's result through its form; return what was sent."""
    form = result_form(client, pk, game, table)
    data = result_data(state_of(pk), game, table, form, rng)
    response = client.post(f"/turniere/{pk}/ergebnis/", data)
    assert response.status_code == 302, text(response)
    return data


def settle_rolloff(client: Client, pk: int, form: Form, rng: random.Random) -> bool:
    """Enter an open roll-off: let the software roll it, or put the players in an order.

    Return whether the software rolled it.
    """
    players = form.inputs["players"]
    data: dict[str, Any] = {"players": players}
    auto = rng.random() < 0.5
    order = list(players)
    if auto:
        data["auto"] = form.buttons["auto"]
    elif len(players) == 2:  # one click: "Sieger: …"
        rng.shuffle(order)
        assert sorted(form.choices["pos-1"]) == sorted(players)
        data["pos-1"] = order[0]
    else:
        rng.shuffle(order)
        for i, p in enumerate(order, start=1):
            assert p in form.selects[f"pos-{i}"]
            data[f"pos-{i}"] = p
    before = fresh(pk).version
    response = client.post(f"/turniere/{pk}/stechen/", data)
    assert response.status_code == 302, text(response)
    stored = fresh(pk).facts.get(n=before + 1).data
    assert stored["type"] == "rolloff" and sorted(stored["order"]) == sorted(players)
    if auto:
        assert isinstance(stored["seed"], int)
    else:
        assert stored["order"] == order and "seed" not in stored
    return auto


def play_to_end(client: Client, pk: int, seed: int) -> dict[str, int]:
    """Play a tournament to its end through the pages; count what was done."""
    rng = random.Random(seed)
    done = {"draws": 0, "results": 0, "auto": 0, "ordered": 0}
    for _ in range(500):
        state = state_of(pk)
        if state.finished:
            return done
        st = state.current
        if st is not None and st.missing_results():
            forms: dict[tuple[int, int], Form] = {}
            for game, table in st.missing_results():
                if (game, table) not in forms:  # the page shows one game at a time
                    forms |= result_forms(client, pk, game)
                form = forms[(game, table)]
                assert form.value("basis") == "0"
                data = result_data(state, game, table, form, rng)
                response = client.post(f"/turniere/{pk}/ergebnis/", data)
                assert response.status_code == 302, text(response)
                done["results"] += 1
            continue
        if st is not None and open_rolloffs(state):
            forms = rolloff_forms(client, pk)
            assert len(forms) == len(open_rolloffs(state))
            done["auto" if settle_rolloff(client, pk, forms[0], rng) else "ordered"] += 1
            continue
        seed_a, _ = preview_seed(client, pk)
        other = (seed_a + 1) % 2**31
        seed_b, page_b = preview_seed(client, pk, other)
        assert seed_b == other
        response = release(client, pk, seed_b)
        assert response.status_code == 302 and response["Location"].endswith("/tische/")
        rec = fresh(pk)
        last = rec.facts.order_by("-n").first()
        assert last is not None and last.data["type"] == "draw" and last.data["seed"] == seed_b
        name = {p["id"]: p["name"] for p in rec.players}
        drawn = [sorted(name[p] for p in t) for t in last.data["tables"]]
        assert [sorted(row.split(" → ")) for row in preview_tables(page_b)] == drawn
        done["draws"] += 1
    raise AssertionError("the tournament did not end")
