"""The results page under time pressure: jump to a table, only open tables, find a player,
roll-offs on their card, the next step, corrections of a finished stage, the stale release."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from webhelpers import counts, create, forms_of, fresh, organiser, release, state_of, text

from tafelrunde.engine.groups.actions import next_draw, record
from tafelrunde.engine.groups.facts import Result, Tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.players import Player
from tafelrunde.presets import load_ruleset
from tafelrunde.web.core.domain.store import save_new
from tafelrunde.web.core.models import FactRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

PIPS = (40, 30, 20, 10)


def stored(preset: str, n: int, play: int = 0) -> tuple[int, TournamentState]:
    """A tournament of n players (names "Spieler 1" …) drawn, with `play` results entered in
    table order (the first seat always best)."""
    people = [Player(f"p{i:04d}", f"Spieler {i}") for i in range(1, n + 1)]
    tour = Tournament("Abend", load_ruleset(preset), people, seed=1)
    state = TournamentState(tour)
    record(state, next_draw(state, seed=3))
    st = state.current
    assert st is not None
    for game, table in st.missing_results()[:play]:
        seats = (st.tables(game) or ())[table - 1]
        pips = dict(zip(seats, PIPS, strict=False))
        record(state, Result(n=0, stage=st.key, game=game, table=table, pips=pips))
    return int(save_new(tour).pk), state


def card_ids(page: str) -> list[str]:
    """The table cards of a page, as "game-table"."""
    return re.findall(r'<div class="card" id="table-(\d+-\d+)"', page)


def test_a_large_evening_shows_one_page_of_tables_and_jumps_to_any() -> None:
    client = Client()
    organiser(client)
    pk, _ = stored("gruppenmodus", 1000)
    page = text(client.get(f"/turniere/{pk}/tische/"))
    assert card_ids(page) == [f"1-{t}" for t in range(1, 51)]  # only what is shown
    assert "Tische 201–250" in page and "Tisch Nr." in page
    jumped = client.get(f"/turniere/{pk}/tische/", {"tisch": "217"})
    assert jumped.status_code == 302
    assert jumped["Location"].endswith("?partie=1&seite=5#table-1-217")
    assert "1-217" in card_ids(text(client.get(jumped["Location"])))


@pytest.mark.parametrize("typed", ["251", "0", "abc", "<script>", "9" * 40, "", "٣"])
def test_a_bad_table_number_is_told_and_changes_nothing(typed: str) -> None:
    client = Client()
    pk, _ = stored("gruppenmodus", 1000)
    before = counts()
    response = client.get(f"/turniere/{pk}/tische/", {"tisch": typed})
    assert response.status_code == 200
    assert "Tisch Nr.: bitte eine Zahl von 1 bis 250 eingeben." in text(response)
    assert "<script>" not in response.content.decode().replace('<script src="/static/', "")
    assert counts() == before


def test_only_tables_without_a_result_and_a_players_table() -> None:
    client = Client()
    organiser(client)
    pk, state = stored("gruppenmodus", 40, play=4)
    st = state.current
    assert st is not None
    page = text(client.get(f"/turniere/{pk}/tische/", {"offen": "1"}))
    assert card_ids(page) == [f"1-{t}" for t in range(5, 11)]
    assert "Alle Tische zeigen" in page
    name = state.tournament.name_of((st.tables(1) or ())[6][2])
    page = text(client.get(f"/turniere/{pk}/tische/", {"name": name.upper()}))
    assert card_ids(page) == ["1-7"] and "Tische mit „" in page
    page = text(client.get(f"/turniere/{pk}/tische/", {"name": "Niemand"}))
    assert card_ids(page) == [] and "Kein Spielername enthält „Niemand“." in page
    raw = client.get(f"/turniere/{pk}/tische/", {"name": "<b>x</b>" * 30}).content.decode()
    assert "<b>x</b>" not in raw and "&lt;b&gt;x&lt;/b&gt;" in raw


def test_a_tie_shows_its_roll_off_on_the_same_card_and_two_players_need_one_click() -> None:
    client = Client()
    organiser(client)
    pk, state = stored("gruppenmodus", 8)
    st = state.current
    assert st is not None
    seats = (st.tables(1) or ())[1]
    data = {"stage": st.key, "game": "1", "table": "2", "basis": "0"}
    data |= {f"pips-{p}": str(v) for p, v in zip(seats, (17, 17, 12, 9), strict=True)}
    response = client.post(f"/turniere/{pk}/ergebnis/", data)
    assert response.status_code == 302 and response["Location"].endswith("#table-1-2")
    page = client.get(response["Location"])
    card = text(page).split('id="table-1-2"', 1)[1].split('<div class="card"', 1)[0]
    name = state.tournament.name_of
    assert "Stechen um Platz 1." in card
    assert f"Sieger: {name(seats[0])}" in card and f"Sieger: {name(seats[1])}" in card
    [form] = [f for f in forms_of(page) if f.action.endswith("/stechen/")]
    assert sorted(form.choices["pos-1"]) == sorted(seats[:2])
    sent = {"players": form.inputs["players"], "pos-1": seats[1], "card": form.value("card")}
    response = client.post(f"/turniere/{pk}/stechen/", sent)
    assert response.status_code == 302 and response["Location"].endswith("#table-1-2")
    fact = FactRecord.objects.filter(tournament_id=pk).order_by("-n").first()
    assert fact is not None and fact.data["order"] == [seats[1], seats[0]]
    assert "2. " + name(seats[0]) in text(client.get(response["Location"]))


def test_after_the_last_result_of_a_game_the_next_step_is_a_button() -> None:
    client = Client()
    organiser(client)
    pk, state = stored("alhambra", 8)
    st = state.current
    assert st is not None
    for table in (1, 2):
        assert 'id="next-step"' not in text(client.get(f"/turniere/{pk}/tische/"))
        seats = (st.tables(1) or ())[table - 1]
        data = {"stage": st.key, "game": "1", "table": str(table), "basis": "0"}
        data |= {f"points-{p}": str(v) for p, v in zip(seats, (50, 40, 30, 20), strict=True)}
        assert client.post(f"/turniere/{pk}/ergebnis/", data).status_code == 302
    page = text(client.get(f"/turniere/{pk}/tische/"))
    button = re.search(r'<a class="button" id="next-step" href="([^"]+)">([^<]+)</a>', page)
    assert button is not None
    assert button.group(1) == f"/turniere/{pk}/auslosung/" and "Partie 2" in button.group(2)
    # the public sees no organiser's instruction
    assert 'id="next-step"' not in text(Client().get(f"/turniere/{pk}/tische/"))


def played_group_round(client: Client) -> tuple[int, TournamentState]:
    """8 players of format A: the group round played through the pages, the final drawn."""
    pk, _ = stored("gruppenmodus", 8, play=6)
    rec = fresh(pk)
    assert release(client, rec.pk, 11).status_code == 302
    return pk, state_of(pk)


def correction(state: TournamentState, pips: tuple[int, ...]) -> dict[str, str]:
    """Game 1, table 1 of the group round anew through its form."""
    first = state.stages[0]
    seats = (first.tables(1) or ())[0]
    data = {"stage": first.key, "game": "1", "table": "1", "basis": str(first.results[(1, 1)].n)}
    return data | {f"pips-{p}": str(v) for p, v in zip(seats, pips, strict=True)}


def test_an_earlier_stage_can_be_corrected_from_the_results_page() -> None:
    client = Client()
    organiser(client)
    pk, state = played_group_round(client)
    page = text(client.get(f"/turniere/{pk}/tische/", {"runde": "gruppenrunde", "partie": "1"}))
    assert "Gruppenrunde" in page and "Finale" in page and "abgeschlossen" in page
    assert 'name="stage" value="gruppenrunde"' in page
    final = list(state.stages[1].entrants)
    response = client.post(f"/turniere/{pk}/ergebnis/", correction(state, (40, 20, 30, 10)))
    assert response.status_code == 302 and "runde=gruppenrunde" in response["Location"]
    assert state_of(pk).stages[1].entrants == final  # who went on is unchanged
    assert "Ergebnis korrigiert: Durchgang 1, Tisch 1" in text(
        client.get(f"/turniere/{pk}/protokoll/")
    )


def test_a_correction_that_changes_who_went_on_says_so_and_offers_the_way_back() -> None:
    client = Client()
    organiser(client)
    pk, state = played_group_round(client)
    seats = (state.stages[0].tables(1) or ())[0]
    name = state.tournament.name_of
    before = counts()
    response = client.post(f"/turniere/{pk}/ergebnis/", correction(state, (30, 10, 40, 20)))
    page = text(response)
    assert response.status_code == 200 and counts() == before
    assert f"jetzt {name(seats[2])} statt {name(seats[1])}" in page
    assert "Finale bis vor die Auslosung zurücknehmen und Korrektur speichern" in page
    [form] = [
        f
        for f in forms_of(response)
        if f.inputs.get("stage") == ["gruppenrunde"] and f.value("table") == "1"
    ]
    assert form.choices["rewind"] == ["finale"]
    sent = correction(state, (30, 10, 40, 20)) | {"rewind": "finale"}
    response = client.post(f"/turniere/{pk}/ergebnis/", sent)
    assert response.status_code == 302
    now = state_of(pk)
    assert [s.key for s in now.stages] == ["gruppenrunde"]  # the final is taken back
    log = text(client.get(f"/turniere/{pk}/protokoll/"))
    assert "Zurückgenommen: " in log and "Ergebnis korrigiert: Durchgang 1, Tisch 1" in log
    # the final is drawn anew, now with the corrected players
    assert release(client, pk, 12).status_code == 302
    entrants = state_of(pk).stages[1].entrants
    assert seats[2] in entrants and seats[1] not in entrants


def test_the_notes_of_a_stage_appear_on_its_tables() -> None:
    client = Client()
    organiser(client)
    people = [Player(f"p{i:02d}", f"Spieler {i}") for i in range(1, 9)]
    tour = Tournament("Abend", load_ruleset("alhambra"), people, seed=1)
    state = TournamentState(tour)
    while not (state.current and state.current.rule.id == "finale"):
        record(state, next_draw(state, seed=4))
        st = state.current
        assert st is not None
        for game, table in st.missing_results():
            seats = (st.tables(game) or ())[table - 1]
            scores = dict(zip(seats, (50, 40, 30, 20), strict=False))
            record(state, Result(n=0, stage=st.key, game=game, table=table, scores=scores))
        state = TournamentState(tour)
    pk = save_new(tour).pk
    page = text(client.get(f"/turniere/{pk}/tische/"))
    card = page.split('id="table-1-1"', 1)[1]
    assert "„Die Gunst des Wesirs“" in card


def test_a_release_refused_as_outdated_does_not_offer_the_next_release_on_the_same_click() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "alhambra", 8)
    assert release(client, rec.pk, 5, version=0).status_code == 302
    response = client.post(f"/turniere/{rec.pk}/auslosung/", {"seed": 5, "version": 0})
    assert response.status_code == 302 and response["Location"].endswith("?veraltet=1")
    page = text(client.get(response["Location"]))
    assert "Die Freigabe wurde abgelehnt" in page
    assert 'id="release"' not in page and "Vorschau geprüft: Freigabe anbieten" in page
    again = text(client.get(f"/turniere/{rec.pk}/auslosung/"))
    assert 'id="release"' in again
    seen = re.search(r'id="seed">(\d+)<', page)
    assert seen is not None and seen.group(1) in again  # the same preview as looked at
