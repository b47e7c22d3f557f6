"""The table's phone in the hall: places that must fit the pips, the words on the form, numbers
typed with a comma, and what the page shows after a refusal, a dispute and a finished game."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from django.test import Client
from kohelpers import lose
from kohelpers import post as ko_post
from kohelpers import state as ko_state
from kolinkhelpers import at_the_table
from linkhelpers import (
    basis,
    confirm,
    csrf_post,
    drawn,
    enter,
    phone,
    seats,
    status,
    tap,
    tokens,
)
from webhelpers import result_form, state_of, text

from tafelrunde.web.core import ko_board, storage
from tafelrunde.web.core.models import FactRecord
from tafelrunde.web.table.links import tokens_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def send(client: Client, token: str, values: dict[str, str]) -> object:
    """Send the table's result form with these fields (pips-…, place-…, points-…)."""
    return csrf_post(
        client, f"/tisch/{token}/", {"action": "enter"} | basis(client, token) | values
    )


def pips_and_places(
    table: tuple[str, ...], pips: tuple[int, ...], places: tuple[int, ...]
) -> dict[str, str]:
    """The form's pips and place fields of a table, in seat order."""
    out = {f"pips-{p}": str(v) for p, v in zip(table, pips, strict=True)}
    return out | {f"place-{p}": str(v) for p, v in zip(table, places, strict=True)}


# -- 7: a place may only decide a tie ---------------------------------------------------------


def test_a_place_that_contradicts_the_pips_is_refused_with_a_message_that_says_so() -> None:
    client, pk = drawn()
    token = tokens(client, pk)[0]
    table = seats(pk)
    player = phone()
    tap(player, token, table[0])
    before = FactRecord.objects.count()
    names = [state_of(pk).tournament.name_of(p) for p in table]
    seat_numbers = send(player, token, pips_and_places(table, (9, 15, 11, 7), (1, 2, 3, 4)))
    said = text(seat_numbers)  # type: ignore[arg-type]
    assert seat_numbers.status_code == 200  # type: ignore[attr-defined]
    assert "Die Plätze passen nicht zu den Augen" in said
    assert f"{names[1]} hat mehr Augen (15) als {names[0]} (9)" in said
    assert (
        "Einen Platz nur für Spieler eintragen, die gleich viele Spielpunkte und Augen haben"
        in said
    )
    all_first = send(player, token, pips_and_places(table, (9, 15, 11, 7), (1, 1, 1, 1)))
    assert "Die Plätze passen nicht zu den Augen" in text(all_first)  # type: ignore[arg-type]
    assert FactRecord.objects.count() == before and status(pk) == "open"
    form = result_form(client, pk, 1, 1)  # the organisers' form refuses the same
    data = {"game": "1", "table": "1", "basis": form.value("basis"), "stage": ""}
    organiser = client.post(
        f"/turniere/{pk}/ergebnis/", data | pips_and_places(table, (9, 15, 11, 7), (1, 2, 3, 4))
    )
    assert "Die Plätze passen nicht zu den Augen" in text(organiser)
    assert FactRecord.objects.count() == before


def test_a_place_decides_between_players_with_the_same_pips() -> None:
    client, pk = drawn(confirmation="none")
    token = tokens(client, pk)[0]
    table = seats(pk)
    player = phone()
    tap(player, token, table[0])
    response = send(player, token, pips_and_places(table, (17, 17, 12, 9), (2, 1, 3, 4)))
    assert response.status_code == 302  # type: ignore[attr-defined]
    assert state_of(pk).stages[0].results[(1, 1)].places == dict(
        zip(table, (2, 1, 3, 4), strict=True)
    )


def test_the_phone_form_explains_every_field_and_game_points_are_not_placement_points() -> None:
    client, pk = drawn()
    token = tokens(client, pk)[0]
    player = phone()
    tap(player, token, seats(pk)[0])
    page = text(player.get(f"/tisch/{token}/"))
    head = page.split('<table class="entry">')[1].split("</thead>")[0]
    assert re.findall(r"<th(?: class=\"[^\"]*\")?>([^<]+)</th>", head) == [
        "Spieler",
        "Spielpunkte",
        "Augen",
        "Platz",
    ]
    help_text = page.split('<dl class="field-help">')[1].split("</dl>")[0]
    assert "Spielpunkte</dt>" in help_text and "nicht die Platzpunkte der Tabelle" in help_text
    assert (
        "Augen</dt>" in help_text
        and "Die Summe der Augen, die der Spieler gewürfelt hat" in help_text
    )
    assert "Platz</dt>" in help_text and "Normalerweise leer lassen" in help_text
    assert "nicht der Sitzplatz" in help_text
    a, b, c, d = seats(pk)
    assert enter(player, token, {a: 40, b: 30, c: 20, d: 10}).status_code == 302  # type: ignore[attr-defined]
    second = phone()
    tap(second, token, b)
    entry = FactRecord.objects.filter(tournament_id=pk).order_by("n").last()
    assert entry is not None and confirm(second, token, entry.n).status_code == 302  # type: ignore[attr-defined]
    standings = text(client.get(f"/turniere/{pk}/stand/"))
    columns = re.findall(r'<th class="n(?: key)?">([^<]+)</th>', standings)
    assert "Platzpunkte" in columns and "Punkte" not in columns
    assert "Wertung: Platz am Tisch → Platzpunkte → Augen" in standings
    assert not re.search(r"<td>\s*Punkte\s*</td>", standings)  # "decided by" in the same words


# -- 8: numbers typed with a comma or a point, never a fraction -------------------------------


def test_game_points_take_a_comma_or_a_point_but_not_a_fraction() -> None:
    client, pk = drawn("alhambra", 12, confirmation="none")
    first, second, third = tokens(client, pk)
    for token, typed, value in ((first, "2,5", Fraction(5, 2)), (second, "2.5", Fraction(5, 2))):
        table = seats(pk, tokens(client, pk).index(token) + 1)
        player = phone()
        tap(player, token, table[0])
        values = {f"points-{p}": str(90 - 10 * i) for i, p in enumerate(table)} | {
            f"points-{table[0]}": typed
        }
        assert send(player, token, values).status_code == 302  # type: ignore[attr-defined]
        assert (
            state_of(pk).current.results[(1, tokens(client, pk).index(token) + 1)].scores[table[0]]
            == value
        )  # type: ignore[union-attr]
    table = seats(pk, 3)
    player = phone()
    tap(player, third, table[0])
    before = FactRecord.objects.count()
    values = {f"points-{p}": str(90 - 10 * i) for i, p in enumerate(table)} | {
        f"points-{table[0]}": "1/3"
    }
    refused = send(player, third, values)
    assert refused.status_code == 200  # type: ignore[attr-defined]
    name = state_of(pk).tournament.name_of(table[0])
    assert f"Spielpunkte von {name}: „1/3“ ist hier keine Zahl" in text(refused)  # type: ignore[arg-type]
    assert "Komma oder Punkt" in text(refused) and FactRecord.objects.count() == before  # type: ignore[arg-type]


# -- 8: what the page shows after a refusal, with a version waiting, after "Stimmt" -----------


def test_an_entry_refused_because_the_game_is_over_shows_the_table_as_it_is_now() -> None:
    client, pk = drawn()
    token = tokens(client, pk)[0]
    a, b, c, d = seats(pk)
    first, second, late = phone(), phone(), phone()
    tap(first, token, a)
    tap(late, token, c)
    old_form = basis(late, token)  # the third phone still shows pass 1 while it is settled
    enter(first, token, {a: 40, b: 30, c: 20, d: 10})
    tap(second, token, b)
    entry = FactRecord.objects.filter(tournament_id=pk).order_by("n").last()
    assert entry is not None
    confirm(second, token, entry.n)
    count = FactRecord.objects.count()
    refused = enter(late, token, {a: 11, b: 22, c: 33, d: 44}, mark=old_form)
    assert refused.status_code == 302  # type: ignore[attr-defined]  # shown afresh
    page = text(late.get(f"/tisch/{token}/"))
    assert "gilt schon" in page and FactRecord.objects.count() == count
    assert "Durchgang 2" in page and "offen – noch nichts eingetragen" in page
    assert not re.search(
        r'name="pips-[^"]+" value="(11|22|33|44)"', page
    )  # not carried into pass 2


def entered_at_table(pips: list[int], *, confirmed: bool) -> tuple[int, str, list[str], Client]:
    """A drawn tournament whose first table's first player entered these pips on a phone;
    the second player has tapped their name (and said „Stimmt“ when `confirmed`)."""
    client, pk = drawn()
    token = tokens(client, pk)[0]
    players = list(seats(pk))
    first, second = phone(), phone()
    tap(first, token, players[0])
    enter(first, token, dict(zip(players, pips, strict=True)))
    tap(second, token, players[1])
    if confirmed:
        entry = FactRecord.objects.filter(tournament_id=pk).order_by("n").last()
        assert entry is not None
        confirm(second, token, entry.n)
    return pk, token, players, second


def test_a_different_result_starts_from_the_version_shown() -> None:
    _, token, (a, b, c, d), second = entered_at_table([40, 30, 20, 10], confirmed=False)
    page = text(second.get(f"/tisch/{token}/"))
    assert "Anderes Ergebnis eintragen" in page
    for p, v in ((a, 40), (b, 30), (c, 20), (d, 10)):
        assert f'name="pips-{p}" value="{v}"' in page


def test_after_stimmt_the_previous_pass_shows_its_places_and_points_best_first() -> None:
    pk, token, (a, b, c, d), second = entered_at_table([30, 40, 10, 20], confirmed=True)
    page = text(second.get(f"/tisch/{token}/"))
    assert "Durchgang 2" in page
    earlier = page.split('class="card earlier"')[1]
    name = state_of(pk).tournament.name_of
    rows = re.findall(
        r"<td>(\d)\. ([^<]+)</td>\s*<td>(\d+) Augen</td>\s*<td><strong>(\d) Platzpunkte", earlier
    )
    assert rows == [("1", name(b), "40", "6"), ("2", name(a), "30", "4"), ("3", name(d), "20", "2"),
                    ("4", name(c), "10", "0")]  # fmt: skip


# -- 8: a finished format-D table keeps the chips it ended with -------------------------------


def test_a_finished_knockout_table_shows_the_chips_it_ended_with() -> None:
    """A link made for one opened table (as before the hall's cards) keeps showing it."""
    organiser, rec, table, _, players, watcher, _ = at_the_table()
    token = tokens_for(rec, [ko_board.where_of(table.number)])[ko_board.where_of(table.number)]
    url = f"/tisch/{token}/"
    a, b, c, _d = players
    for loser in (c, a, a, b, b):  # c hands in a chip; a and b leave: the table is over
        assert lose(organiser, rec, table.number, loser).status_code == 302
    assert not ko_state(rec).tables[table.number].is_open
    other = next(t for t in ko_state(rec).open_tables())
    left = list(other.remaining)
    for loser in (left[0], left[0], left[1], left[1]):
        assert lose(organiser, rec, other.number, loser).status_code == 302
    assert ko_post(organiser, rec, "ko-tische/eroeffnen/", {"all": "on"}).status_code == 302
    assert ko_state(rec).players[c].table is not None  # c sits at the next table, 2 chips again
    assert ko_state(rec).players[c].chips == 2
    page = text(watcher.get(url))
    assert "Dieser Tisch ist beendet." in page
    name = ko_state(rec).players[c].name
    assert re.search(rf"<td>{name}</td>\s*<td>1</td>", page), page.split("ko-seats")[1][:1500]


# -- 24: the public file credits a table's entry to its player ---------------------------------


def test_the_public_tournament_file_credits_table_entries_to_the_tables_player() -> None:
    pk, _, (a, b, *_), _ = entered_at_table([40, 30, 20, 10], confirmed=True)
    entry = FactRecord.objects.filter(tournament_id=pk).order_by("-n")[1]  # before the Stimmt
    data = json.loads(Client().get(f"/turniere/{pk}/turnierdatei.json").content)
    name = state_of(pk).tournament.name_of
    by = {f["type"]: f["by"] for f in data["facts"]}
    assert by["tableentered"] == f"Tisch 1 · {name(a)} (Handy 1)"
    assert by["tableconfirmed"] == f"Tisch 1 · {name(b)} (Handy 2)"
    assert by["draw"] == "Turnierleitung"  # an organiser's login name stays private
    told = {line["fact"]: line["by"] for line in data["log"] if "fact" in line}
    assert told[entry.n] == f"Tisch 1 · {name(a)} (Handy 1)"
    assert "leitung" not in json.dumps(data).replace("Turnierleitung", "")  # the login's name


# -- 24: the full-disk page names the players --------------------------------------------------


@pytest.fixture
def probed(tmp_path: Path) -> Iterator[Path]:
    """The storage probes a fresh folder (the database's own stays as it is)."""
    storage.watch(tmp_path)
    yield tmp_path
    storage.watch(None)


@pytest.mark.both_databases
def test_on_a_full_disk_the_phone_shows_what_was_typed_by_player_name(probed: Path) -> None:
    client, pk = drawn()
    token = tokens(client, pk)[0]
    a, b, c, d = seats(pk)
    player = phone()
    tap(player, token, a)
    mark = basis(player, token)
    storage.failed(storage.FULL)  # as after a write that found the disk full
    refused = enter(player, token, {a: 40, b: 30, c: 20, d: 10}, mark=mark)
    page = text(refused)  # type: ignore[arg-type]
    assert refused.status_code == 503 and "Der Datenträger ist voll" in page  # type: ignore[attr-defined]
    typed = page.split('class="typed"')[1].split("</table>")[0]
    name = state_of(pk).tournament.name_of
    found = re.findall(r"<th>([^<]+)</th>\s*<td>([^<]+)</td>", typed)
    assert found == [
        (f"Augen von {name(p)}", str(v)) for p, v in ((a, 40), (b, 30), (c, 20), (d, 10))
    ]
    assert "pips-" not in typed and "basis" not in typed
    storage.watch(probed)  # writing works again
