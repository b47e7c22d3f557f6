"""Helpers of the table-link tests: a drawn tournament, its links, a phone that taps and enters."""

from __future__ import annotations

import re

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from webhelpers import (
    create,
    organiser,
    preview_seed,
    release,
    state_of,
    text,
)

from tafelrunde.engine.groups.table_entry import table_status
from tafelrunde.presets import preset_text

GONE = "Dieser Tisch-Link gilt nicht (mehr)"


TOKEN = re.compile(r"/tisch/([A-Za-z0-9_-]{24})/")


def drawn(preset: str = "gruppenmodus", n: int = 12, confirmation: str = "") -> tuple[Client, int]:
    """An organiser's client and a tournament with its first game drawn (the preset, or its
    copy with another confirmation rule)."""
    client = Client()
    organiser(client)
    if confirmation:
        source = preset_text(preset).replace(
            'confirmation = "table"', f'confirmation = "{confirmation}"'
        )
        upload = SimpleUploadedFile("regeln.toml", source.encode())
        pk = create(client, "", n, ruleset=upload).pk
    else:
        pk = create(client, preset, n).pk
    seed, _ = preview_seed(client, pk, 7)
    assert release(client, pk, seed).status_code == 302
    return client, pk


def tokens(client: Client, pk: int) -> list[str]:
    """The table links the organiser's page shows, table 1 first."""
    page = client.get(f"/turniere/{pk}/tisch-links/")
    assert page.status_code == 200
    return list(dict.fromkeys(TOKEN.findall(text(page))))


def phone() -> Client:
    """A player's phone: no login, CSRF checked as in a browser."""
    return Client(enforce_csrf_checks=True)


def csrf_post(client: Client, url: str, data: dict[str, str]) -> object:
    """Open the page (for the CSRF cookie), then send the form with the token."""
    client.get(url)
    token = client.cookies["csrftoken"].value
    return client.post(url, data | {"csrfmiddlewaretoken": token})


def seats(pk: int, table: int = 1, game: int = 1) -> tuple[str, ...]:
    """The players of a table."""
    st = state_of(pk).current
    assert st is not None
    return st.seated(game, table)


def tap(client: Client, token: str, player: str) -> None:
    """A player taps their name."""
    response = csrf_post(client, f"/tisch/{token}/", {"action": "me", "player": player})
    assert response.status_code == 302  # type: ignore[attr-defined]


def basis(client: Client, token: str) -> dict[str, str]:
    """The table's state and game the page's forms were built on."""
    page = text(client.get(f"/tisch/{token}/"))
    found = re.search(r'name="basis" value="(\d+)">\s*<input type="hidden" name="game" '
                      r'value="(\d+)"', page)  # fmt: skip
    assert found, page
    return {"basis": found.group(1), "game": found.group(2)}


def enter(
    client: Client, token: str, pips: dict[str, int], *, mark: dict[str, str] | None = None
) -> object:
    """Send the table's result form with pips."""
    data = {"action": "enter"} | (mark if mark is not None else basis(client, token))
    data |= {f"pips-{p}": str(v) for p, v in pips.items()}
    return csrf_post(client, f"/tisch/{token}/", data)


def confirm(client: Client, token: str, entry: int) -> object:
    """Tap "Stimmt" for an entry."""
    data = {"action": "confirm", "entry": str(entry)} | basis(client, token)
    return csrf_post(client, f"/tisch/{token}/", data)


def status(pk: int, table: int = 1, game: int = 1) -> str:
    """The table's result state as the engine sees it."""
    st = state_of(pk).current
    assert st is not None
    return table_status(st, game, table).status


def tapped(confirmation: str = "") -> tuple[Client, str, tuple[str, ...], dict[str, str]]:
    """A phone at table 1 whose first player tapped their name; the table and the form's mark."""
    client, pk = drawn(confirmation=confirmation)
    token = tokens(client, pk)[0]
    table = seats(pk)
    player = phone()
    tap(player, token, table[0])
    return player, token, table, basis(player, token)


def entered_at_table_1(
    pips: tuple[int, ...] = (40, 30, 20, 10),
) -> tuple[Client, int, str, tuple[str, ...], Client, Client]:
    """Game 1 drawn; at table 1 its first player entered these pips on one phone and its
    second player tapped their name on another."""
    client, pk = drawn()
    token = tokens(client, pk)[0]
    a, b, c, d = seats(pk)
    first, second = phone(), phone()
    tap(first, token, a)
    enter(first, token, dict(zip((a, b, c, d), pips, strict=True)))
    tap(second, token, b)
    return client, pk, token, (a, b, c, d), first, second
