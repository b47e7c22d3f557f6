"""Formats A–C through the pages: whole tournaments, corrections, undo and the draw."""

from __future__ import annotations

import csv as csv_module
import io
import random
import re

import pytest
from django.test import Client
from openpyxl import load_workbook
from webhelpers import (
    counts,
    create,
    enter_result,
    forms_of,
    fresh,
    organiser,
    play_to_end,
    preview_seed,
    preview_tables,
    release,
    result_data,
    result_form,
    state_of,
    text,
)

from tafelrunde.engine.export import final_ranking
from tafelrunde.engine.groups.overall_ranking import group_ranking_rows
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.tournament_file import loads_any
from tafelrunde.web.core.domain.store import engine_tournament
from tafelrunde.web.core.models import FactRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def ranking_names(client: Client, pk: int) -> list[str]:
    """The names of the ranking page, top to bottom."""
    page = text(client.get(f"/turniere/{pk}/endstand/"))
    table = page.split('id="ranking"', 1)[1].split("</table>", 1)[0]
    return re.findall(r'<td class="name">([^<]*)</td>', table)


def first_draw(client: Client, pk: int, seed: int = 4711) -> None:
    """Release the first draw with a known seed."""
    response = release(client, pk, seed)
    assert response.status_code == 302


@pytest.mark.parametrize(
    ("preset", "n", "seed"),
    [
        ("gruppenmodus", 9, 1),
        ("gruppenmodus", 12, 2),
        ("alhambra", 13, 3),
        ("king-lui", 10, 4),
    ],
)
def test_a_whole_tournament_is_played_through_the_forms(preset: str, n: int, seed: int) -> None:
    client = Client()
    organiser(client)
    rec = create(client, preset, n)
    done = play_to_end(client, rec.pk, seed)
    assert done["draws"] >= 2 and done["results"] >= 5
    if preset == "gruppenmodus":
        assert done["auto"] + done["ordered"] >= 1

    rec = fresh(rec.pk)
    tour = engine_tournament(rec)
    state = TournamentState(tour)  # type: ignore[arg-type]
    assert state.finished
    expected = [r["name"] for r in group_ranking_rows(state)]
    assert len(expected) == n
    assert ranking_names(client, rec.pk) == expected
    assert "Endstand" in text(client.get(f"/turniere/{rec.pk}/endstand/"))

    exported = client.get(f"/turniere/{rec.pk}/turnierdatei.json")
    assert exported.status_code == 200
    again = loads_any(exported.content.decode())
    assert [r["name"] for r in group_ranking_rows(TournamentState(again))] == expected  # type: ignore[arg-type]
    assert len(again.facts) == rec.version == FactRecord.objects.filter(tournament=rec).count()

    csv = client.get(f"/turniere/{rec.pk}/endstand.csv")
    assert csv.status_code == 200 and csv["Content-Type"].startswith("text/csv")
    table = list(csv_module.reader(io.StringIO(csv.content.decode("utf-8-sig")), delimiter=";"))
    assert table[0][:4] == ["Platz", "Spieler", "erreichte Runde", "Rang dort"]
    assert len(table[0]) > 4  # points and each tie-break in a column of their own
    assert [row[1] for row in table[1:]] == expected
    assert all(any(row[4:]) for row in table[1:])  # every player's points and tie-breaks
    assert [r["name"] for r in final_ranking(tour)[0]] == expected
    xlsx = client.get(f"/turniere/{rec.pk}/endstand.xlsx")
    assert xlsx.status_code == 200
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    cells = [
        ["" if v is None else str(v).replace(".", ",") if isinstance(v, float) else str(v)
         for v in row]
        for row in sheet.iter_rows(values_only=True)
    ]  # fmt: skip
    assert cells == table  # the same content as the CSV (German decimal commas)

    # the standings page shows every stage, the public sees the same ranking
    standings = text(client.get(f"/turniere/{rec.pk}/stand/"))
    for st in state.stages:
        assert st.title().text("de") in standings
    assert ranking_names(Client(), rec.pk) == expected


def test_the_csv_before_the_end_says_why_there_is_none() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "alhambra", 9)
    response = client.get(f"/turniere/{rec.pk}/endstand.csv", follow=True)
    page = text(response)
    assert "noch nicht beendet" in page and "vorläufig" in page


# -- corrections ------------------------------------------------------------------------


def test_a_correction_keeps_the_old_fact_and_changes_the_standings() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "alhambra", 8)
    first_draw(client, rec.pk)
    form = result_form(client, rec.pk, 1, 1)
    players = [k[len("points-") :] for k in form.inputs if k.startswith("points-")]
    assert len(players) == 4 and form.value("basis") == "0"
    scores = dict(zip(players, ["150", "120", "90", "60"], strict=True))
    data = {"game": "1", "table": "1", "basis": "0"} | {f"points-{p}": v for p, v in scores.items()}
    assert client.post(f"/turniere/{rec.pk}/ergebnis/", data).status_code == 302
    old_n = fresh(rec.pk).version
    before = text(client.get(f"/turniere/{rec.pk}/stand/"))

    # the form now offers the correction, based on the entered result
    form = result_form(client, rec.pk, 1, 1)
    assert form.value("basis") == str(old_n)
    assert form.value(f"points-{players[0]}") == "150"
    fixed = data | {"basis": str(old_n), f"points-{players[0]}": "50"}
    assert client.post(f"/turniere/{rec.pk}/ergebnis/", fixed).status_code == 302
    rec = fresh(rec.pk)
    assert rec.version == old_n + 1
    facts = {f.n: f.data for f in rec.facts.all()}
    assert facts[old_n]["scores"][players[0]] == "150"  # the old fact is kept
    assert facts[old_n + 1]["corrects"] == old_n and facts[old_n + 1]["scores"][players[0]] == "50"

    tables = text(client.get(f"/turniere/{rec.pk}/tische/"))
    assert "korrigiert; frühere Fassungen" in tables  # the old version stays visible
    assert "Ergebnis Partie 1, Tisch 1:" in tables and " 150" in tables

    log = text(client.get(f"/turniere/{rec.pk}/protokoll/"))
    assert "(Format B) angelegt" in log  # the creation is logged with its format
    assert "Ergebnis eingetragen: Partie 1, Tisch 1" in log
    assert "Ergebnis korrigiert: Partie 1, Tisch 1" in log
    assert f'"corrects": {old_n}' in log and '"150"' in log and '"50"' in log
    after = text(client.get(f"/turniere/{rec.pk}/stand/"))
    assert after != before
    state = state_of(rec.pk)
    st = state.current
    assert st is not None and st.results[(1, 1)].n == old_n + 1
    name = state.tournament.name_of(players[0])
    rows = {state.tournament.name_of(r.player): r.rank for r in st.standing().rows}
    assert rows[name] > 1  # 50 is now the lowest score at the table

    # a correction on the older result is refused, nothing stored
    stale = data | {"basis": str(old_n), f"points-{players[0]}": "70"}
    response = client.post(f"/turniere/{rec.pk}/ergebnis/", stale)
    assert response.status_code == 200
    assert "inzwischen ein anderes Ergebnis" in text(response)
    assert fresh(rec.pk).version == old_n + 1


def test_a_new_result_for_a_table_that_has_one_meanwhile_is_refused() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "king-lui", 9)
    first_draw(client, rec.pk)
    rng = random.Random(5)
    form = result_form(client, rec.pk, 1, 2)
    first = result_data(state_of(rec.pk), 1, 2, form, rng)
    second = result_data(state_of(rec.pk), 1, 2, form, rng)  # filled in on the same (old) page
    assert client.post(f"/turniere/{rec.pk}/ergebnis/", first).status_code == 302
    version, facts = fresh(rec.pk).version, FactRecord.objects.count()
    response = client.post(f"/turniere/{rec.pk}/ergebnis/", second)
    assert response.status_code == 200
    page = text(response)
    assert "Für Tisch 2 wurde inzwischen ein anderes Ergebnis eingetragen" in page
    assert 'id="table-1-2"' in page
    assert fresh(rec.pk).version == version and FactRecord.objects.count() == facts


def test_an_empty_result_and_a_missing_table_are_refused() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "alhambra", 8)
    first_draw(client, rec.pk)
    before = counts()
    empty = client.post(f"/turniere/{rec.pk}/ergebnis/", {"game": 1, "table": 1, "basis": 0})
    assert "Bitte das Ergebnis eintragen." in text(empty)
    nowhere = client.post(f"/turniere/{rec.pk}/ergebnis/", {"game": 1, "table": 9, "basis": 0})
    assert nowhere.status_code < 500
    assert counts() == before


# -- undo -------------------------------------------------------------------------------


def test_undo_marks_the_latest_entry_and_refuses_a_stale_form() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "alhambra", 8)
    first_draw(client, rec.pk)
    rng = random.Random(1)
    enter_result(client, rec.pk, 1, 1, rng)
    enter_result(client, rec.pk, 1, 2, rng)
    rec = fresh(rec.pk)
    last = rec.version
    page = text(client.get(f"/turniere/{rec.pk}/tische/"))
    undo = next(f for f in forms_of(client.get(f"/turniere/{rec.pk}/tische/"))
                if f.action.endswith("/zuruecknehmen/"))  # fmt: skip
    assert undo.value("version") == str(last) and f"(#{last})" in page

    response = client.post(f"/turniere/{rec.pk}/zuruecknehmen/", {"version": last}, follow=True)
    assert "Zurückgenommen" in text(response)
    rec = fresh(rec.pk)
    assert rec.version == last + 1
    assert rec.facts.get(n=last + 1).data == rec.facts.get(n=last + 1).data | {
        "type": "undo",
        "target": last,
    }
    st = state_of(rec.pk).current
    assert st is not None and (1, 2) not in st.results and (1, 1) in st.results
    log = text(client.get(f"/turniere/{rec.pk}/protokoll/"))
    assert "(zurückgenommen)" in log and "Zurückgenommen:" in log
    assert log.count('class="undone"') == 1

    # the same (now outdated) undo form again: refused, nothing stored
    facts = FactRecord.objects.count()
    response = client.post(f"/turniere/{rec.pk}/zuruecknehmen/", {"version": last}, follow=True)
    assert "Inzwischen wurde etwas anderes eingetragen" in text(response)
    assert FactRecord.objects.count() == facts and fresh(rec.pk).version == last + 1

    # the table is open again and takes a new result
    enter_result(client, rec.pk, 1, 2, rng)
    st = state_of(rec.pk).current
    assert st is not None and (1, 2) in st.results


def test_nothing_to_undo_is_said() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "alhambra", 8)
    response = client.post(f"/turniere/{rec.pk}/zuruecknehmen/", {"version": 0}, follow=True)
    assert "Es gibt nichts zurückzunehmen." in text(response)
    assert fresh(rec.pk).version == 0


# -- the draw ---------------------------------------------------------------------------


def test_the_released_tables_are_the_previewed_ones() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 12)
    seed, page = preview_seed(client, rec.pk, 123)
    assert seed == 123
    shown = preview_tables(page)
    assert len(shown) == 3
    assert preview_tables(preview_seed(client, rec.pk, 123)[1]) == shown  # same seed, same draw
    other = [preview_tables(preview_seed(client, rec.pk, s)[1]) for s in (124, 125, 126)]
    assert any(o != shown for o in other)  # another seed draws anew
    assert FactRecord.objects.count() == 0  # a preview stores nothing

    assert release(client, rec.pk, 123).status_code == 302
    rec = fresh(rec.pk)
    draw = rec.facts.get(n=1).data
    assert draw["type"] == "draw" and draw["seed"] == 123
    name = {p["id"]: p["name"] for p in rec.players}
    stored = [sorted(name[p] for p in t) for t in draw["tables"]]
    assert [sorted(row.split(" → ")) for row in shown] == stored
    tables = text(client.get(f"/turniere/{rec.pk}/tische/"))
    for row in shown:
        assert row in tables  # the same seat order on the tables page
    assert "Ausgelost: Gruppenrunde, Durchgang 1 (Los-Seed 123)" in text(
        client.get(f"/turniere/{rec.pk}/protokoll/")
    )


def test_every_organiser_sees_the_same_preview_and_a_redraw_is_everybodys() -> None:
    first, second = Client(), Client()
    organiser(first)
    organiser(second, "zweite")
    rec = create(first, "gruppenmodus", 12)
    seed, page = preview_seed(first, rec.pk)
    again, other = preview_seed(second, rec.pk)
    assert again == seed and preview_tables(other) == preview_tables(page)
    assert fresh(rec.pk).draw_preview == [rec.version, seed]
    redrawn, page = preview_seed(second, rec.pk, seed + 1)  # the second one redraws
    seen, other = preview_seed(first, rec.pk)
    assert seen == redrawn == seed + 1 and preview_tables(other) == preview_tables(page)
    assert release(first, rec.pk, seed + 1).status_code == 302
    done = fresh(rec.pk)
    assert done.draw_preview[0] < done.version  # kept for the state it was made at, not reused


def test_a_stale_or_early_release_is_refused() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "alhambra", 8)
    # two organisers preview; the first releases, the second form is outdated
    assert release(client, rec.pk, 5, version=0).status_code == 302
    before = counts()
    response = client.post(f"/turniere/{rec.pk}/auslosung/", {"seed": 6, "version": 0}, follow=True)
    assert "Inzwischen wurde etwas anderes eingetragen" in text(response)
    assert counts() == before

    # game 2 of the preliminary is drawn anew each game; then game 1 still lacks results
    assert release(client, rec.pk, 7).status_code == 302
    before = counts()
    response = client.post(
        f"/turniere/{rec.pk}/auslosung/", {"seed": 8, "version": fresh(rec.pk).version}, follow=True
    )
    page = text(response)
    assert "ist noch nicht fertig" in page
    assert counts() == before
    # the preview says the same instead of showing tables
    page = text(client.get(f"/turniere/{rec.pk}/auslosung/"))
    assert 'id="seed"' not in page and "ist noch nicht fertig" in page


def test_the_draw_page_for_the_public_shows_no_preview() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "alhambra", 8)
    assert release(client, rec.pk, 99).status_code == 302
    page = text(Client().get(f"/turniere/{rec.pk}/auslosung/"))
    assert 'id="seed"' not in page and "99" in page and "Bisherige Auslosungen" in page


def test_the_first_two_passes_need_no_herzog() -> None:
    # passes 1 and 2 have a drawn and a reversed start order; only pass 3 ranks by standings
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 12)
    for seed in (123, 11, 12):
        _, page = preview_seed(client, rec.pk, seed)
        assert "Herzog offen" not in page
    assert release(client, rec.pk, 11).status_code == 302
    rng = random.Random(4)
    for table in (1, 2, 3):
        enter_result(client, rec.pk, 1, table, rng)
    page = text(client.get(f"/turniere/{rec.pk}/tische/"))  # pass 2: the first one open
    assert 'id="table-2-1"' in page and "Herzog offen" not in page
    page = text(client.get(f"/turniere/{rec.pk}/tische/", {"partie": 3}))
    assert "Herzog offen" not in page
    assert page.count("folgt aus dem Stand nach Durchgang 2") == 3  # pass 3 waits


def test_interim_standings_say_so_far_until_the_stage_is_complete() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "alhambra", 12)
    assert release(client, rec.pk, 5).status_code == 302
    enter_result(client, rec.pk, 1, 1, random.Random(1))
    page = text(client.get(f"/turniere/{rec.pk}/stand/"))
    assert "derzeit weiter" in page and "derzeit nicht weiter" in page
    assert "ausgeschieden" not in page
    play_to_end(client, rec.pk, seed=2)
    final = text(client.get(f"/turniere/{rec.pk}/stand/"))
    assert "derzeit" not in final
    assert "✓ weiter" in final and "ausgeschieden" in final


def test_every_next_step_on_the_overview_is_a_link_to_where_it_is_done() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "alhambra", 12)
    page = text(client.get(f"/turniere/{rec.pk}/"))
    assert re.search(rf'<li><a href="/turniere/{rec.pk}/auslosung/">', page)  # draw first
    assert release(client, rec.pk, 5).status_code == 302
    page = text(client.get(f"/turniere/{rec.pk}/"))
    links = re.findall(r'<ul class="steps">(.*?)</ul>', page, re.S)[0]
    items = re.findall(r"<li>(.*?)</li>", links, re.S)
    assert items and all(i.startswith("<a href=") for i in items)
    table = re.search(rf'href="/turniere/{rec.pk}/tische/\?partie=1&seite=1#table-1-(\d)"', links)
    assert table, links  # a missing result leads to its table
    assert client.get(f"/turniere/{rec.pk}/tische/?partie=1&seite=1").status_code == 200


def test_visiting_the_draw_page_again_draws_nothing_new() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 12)

    def shown() -> str:
        page = text(client.get(f"/turniere/{rec.pk}/auslosung/"))
        found = re.search(r'id="seed">(\d+)<', page)
        assert found, page[-2000:]
        return found[1]

    first = shown()
    assert shown() == first  # the same preview on every visit
    again = re.search(r'href="/turniere/\d+/auslosung/\?seed=(\d+)"', text(client.get(
        f"/turniere/{rec.pk}/auslosung/")))  # fmt: skip
    assert again and again[1] != first  # "Neu auslosen" carries a new seed
    client.get(f"/turniere/{rec.pk}/auslosung/?seed={again[1]}")
    assert shown() == again[1]  # the redrawn preview stays
    assert Client().get(f"/turniere/{rec.pk}/auslosung/").status_code == 200
