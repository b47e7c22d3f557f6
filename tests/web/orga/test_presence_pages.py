"""Players during the evening through the pages: withdraw after the draw, join late."""

from __future__ import annotations

import random
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from webhelpers import (
    counts,
    create,
    enter_result,
    forms_of,
    fresh,
    logged,
    organiser,
    play_to_end,
    release,
    result_forms,
    state_of,
    text,
)

from tafelrunde.presets import preset_text

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

STALE = "Inzwischen wurde etwas anderes eingetragen"


def organised() -> Client:
    client = Client()
    organiser(client)
    return client


def with_options(client: Client, n: int, **players: str) -> int:
    """An Alhambra tournament whose ruleset sets `players.…` options; its number."""
    source = preset_text("alhambra")
    for key, value in players.items():
        source = re.sub(rf"^{key} = .*$", f"{key} = {value}", source, count=1, flags=re.M)
    upload = SimpleUploadedFile("regeln.toml", source.encode())
    return create(client, "", n, ruleset=upload).pk


def roster(client: Client, pk: int) -> dict[str, list[str]]:
    """The players page after the draw: each name with its status (and 'button' if a
    withdraw button is shown)."""
    page = text(client.get(f"/turniere/{pk}/spieler/"))
    table = page.split('id="roster"', 1)[1].split("</table>", 1)[0]
    rows = {}
    for row in re.findall(r"<tr id=\"player-[^\"]*\">(.*?)</tr>", table, re.S):
        name = re.search(r'<td class="name">([^<]*?) ?(?:<a |</td>)', row).group(1)  # type: ignore[union-attr]
        status = re.findall(r'<td class="(?:bad|muted)">([^<]*)</td>', row)
        rows[name] = status + (["button"] if "abmelden/" in row else [])
    return rows


def withdraw(client: Client, pk: int, pid: str, version: int | None = None) -> str:
    """Send a player's withdraw form; return the page it leads to."""
    version = fresh(pk).version if version is None else version
    response = client.post(
        f"/turniere/{pk}/spieler/{pid}/abmelden/", {"version": version}, follow=True
    )
    assert response.status_code == 200
    return text(response)


def test_a_player_is_withdrawn_after_the_draw_and_the_next_game_is_drawn_without_her() -> None:
    client = organised()
    pk = create(client, "alhambra", 9).pk
    assert release(client, pk, 4711).status_code == 302
    forms = [
        f
        for f in forms_of(client.get(f"/turniere/{pk}/spieler/"))
        if f.action.endswith("/abmelden/") and "/spieler/" in f.action
    ]
    assert len(forms) == 9
    page = text(client.get(f"/turniere/{pk}/spieler/"))
    assert "Anna abmelden? Die bisherigen Ergebnisse bleiben" in page
    assert "noch kein Ergebnis: dort wird ohne Anna gespielt" in page  # said when confirming
    table_of_anna = state_of(pk).current.table_of("p001")  # type: ignore[union-attr]

    page = withdraw(client, pk, "p001")
    assert "Anna ist abgemeldet." in page
    assert roster(client, pk)["Anna"] == ["abgemeldet (Vorrunde)"]
    assert roster(client, pk)["Bernd"] == ["–", "button"]
    assert fresh(pk).facts.order_by("-n").first().data["type"] == "withdrawn"  # type: ignore[union-attr]
    assert logged(fresh(pk))[-1] == "Abgemeldet: Anna"

    # her table's result form asks for the others only, and says why
    form = result_forms(client, pk, 1)[(1, table_of_anna)]  # type: ignore[index]
    assert "points-p001" not in form.inputs and len(form.inputs) > 3
    tables = text(client.get(f"/turniere/{pk}/tische/"))
    assert "abgemeldet: Anna" in tables
    rng = random.Random(3)
    for game, table in state_of(pk).current.missing_results():  # type: ignore[union-attr]
        enter_result(client, pk, game, table, rng)
    assert release(client, pk, 99).status_code == 302
    drawn = fresh(pk).facts.order_by("-n").first().data  # type: ignore[union-attr]
    assert drawn["type"] == "draw" and drawn["game"] == 2
    assert sorted(p for t in drawn["tables"] for p in t) == [f"p{i:03d}" for i in range(2, 10)]
    assert "Anna (abgemeldet)" in text(Client().get(f"/turniere/{pk}/stand/"))


def test_withdrawing_is_refused_in_german_and_changes_nothing() -> None:
    client = organised()
    pk = create(client, "alhambra", 9).pk
    before = counts()
    said = withdraw(client, pk, "p001")
    assert "Noch ist nichts ausgelost: vor der ersten Auslosung wird ein Spieler entfernt" in said
    assert release(client, pk, 1).status_code == 302
    version = fresh(pk).version
    before = counts()
    assert STALE in withdraw(client, pk, "p001", version=version - 1)
    assert "Unbekannter Spieler „p999“." in withdraw(client, pk, "p999")
    assert counts() == before
    withdraw(client, pk, "p002")
    before = counts()
    assert "Bernd ist schon abgemeldet." in withdraw(client, pk, "p002")
    assert counts() == before
    # a changed hidden field, or nobody logged in: nothing happens
    bad = client.post(f"/turniere/{pk}/spieler/p003/abmelden/", {"version": "x"})
    assert bad.status_code == 404
    anonymous = Client().post(f"/turniere/{pk}/spieler/p003/abmelden/", {"version": 2})
    assert anonymous.status_code == 302 and "/anmelden/" in anonymous["Location"]
    join = Client().post(f"/turniere/{pk}/spieler/nachmelden/", {"name": "Zoe", "version": 2})
    assert join.status_code == 302 and "/anmelden/" in join["Location"]
    assert counts() == before
    # the public players page shows the list, no forms
    public = text(Client().get(f"/turniere/{pk}/spieler/"))
    assert "abgemeldet (Vorrunde)" in public and "abmelden/" not in public


def test_undo_takes_the_withdrawal_back() -> None:
    client = organised()
    pk = create(client, "king-lui", 9).pk
    release(client, pk, 2)
    withdraw(client, pk, "p003")
    undo = client.post(f"/turniere/{pk}/zuruecknehmen/", {"version": fresh(pk).version},
                       follow=True)  # fmt: skip
    assert "Zurückgenommen: Abgemeldet: Clara" in text(undo)
    assert roster(client, pk)["Clara"] == ["–", "button"]
    assert state_of(pk).withdrawn == {}


def test_a_late_player_joins_where_the_ruleset_allows_it() -> None:
    client = organised()
    pk = with_options(client, 9, late_join="true")
    page = text(client.get(f"/turniere/{pk}/spieler/"))
    assert 'id="late-form"' not in page  # before the draw: players are simply added
    release(client, pk, 5)
    before = counts()
    version = fresh(pk).version

    def join(name: str, version: int = version) -> str:
        response = client.post(f"/turniere/{pk}/spieler/nachmelden/",
                               {"name": name, "version": version}, follow=True)  # fmt: skip
        assert response.status_code == 200
        return text(response)

    assert "„anna“ ist schon angemeldet." in join("anna")
    assert "Bitte ausfüllen." in join("")
    assert "höchstens 100 Zeichen" in join("x" * 101)
    assert STALE in join("Zoe", version - 1)
    assert counts() == before
    assert "Zoe ist nachgemeldet (bisher 0 Punkte)." in join("Zoe")
    assert roster(client, pk)["Zoe"] == ["nachgemeldet (Vorrunde, ab Partie 2)", "button"]
    stored = fresh(pk).facts.order_by("-n").first().data  # type: ignore[union-attr]
    assert (stored["type"], stored["player"], stored["name"]) == ("latejoined", "p010", "Zoe")
    assert logged(fresh(pk))[-1] == "Nachgemeldet: Zoe"
    rng = random.Random(1)
    for game, table in state_of(pk).current.missing_results():  # type: ignore[union-attr]
        enter_result(client, pk, game, table, rng)
    release(client, pk, 6)
    drawn = fresh(pk).facts.order_by("-n").first().data  # type: ignore[union-attr]
    assert "p010" in {p for t in drawn["tables"] for p in t}
    assert sorted(len(t) for t in drawn["tables"]) == [3, 3, 4]
    # every game of the preliminary is drawn: the page says why nobody can join now
    page = text(client.get(f"/turniere/{pk}/spieler/"))
    assert 'id="late-form"' not in page and "jede Partie schon ausgelost" in page


def test_the_presets_let_no_late_player_join() -> None:
    client = organised()
    pk = create(client, "alhambra", 9).pk
    release(client, pk, 5)
    page = text(client.get(f"/turniere/{pk}/spieler/"))
    says = "Dieses Regelwerk lässt kein Nachmelden zu; die Regeln können es erlauben."
    assert says in page and 'id="late-form"' not in page
    before = counts()
    response = client.post(f"/turniere/{pk}/spieler/nachmelden/",
                           {"name": "Zoe", "version": fresh(pk).version})  # fmt: skip
    assert response.status_code == 200 and says in text(response)
    assert counts() == before
    rules = text(client.get(f"/turniere/{pk}/regeln/"))
    assert "Abmeldungen" in rules and "Nachmeldungen" in rules


def test_the_ranking_lists_a_withdrawn_player_at_the_end_when_the_ruleset_says_so() -> None:
    client = organised()
    pk = with_options(client, 9, withdrawn='"last"')
    release(client, pk, 7)
    withdraw(client, pk, "p001")
    play_to_end(client, pk, 8)
    page = text(Client().get(f"/turniere/{pk}/endstand/"))
    table = page.split('id="ranking"', 1)[1].split("</table>", 1)[0]
    names = re.findall(r'<td class="name">([^<]*)</td>', table)
    assert len(names) == 9 and names[-1] == "Anna (abgemeldet)"
    csv = client.get(f"/turniere/{pk}/endstand.csv").content.decode("utf-8-sig")
    assert csv.strip().splitlines()[-1].startswith("9;Anna (abgemeldet);")
