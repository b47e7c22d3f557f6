"""The projector (Beamer): a full-screen page for everyone that rotates through the slides
with something to show (formats A–D), paged to fit; the organisers choose what rotates."""

from __future__ import annotations

import math
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation
from hypothesis import given
from hypothesis import strategies as st
from projectorhelpers import (
    drawn,
    entered,
    finished,
    group,
    knock_out,
    knockout,
    open_next,
    projector,
    result,
    save,
)
from rolehelpers import REFUSED, referee
from webhelpers import fresh, logged, organiser, text

from tafelrunde.engine.groups.actions import open_rolloffs, record, rolled_by_software
from tafelrunde.engine.knockout import KnockoutState
from tafelrunde.web.live.models import ProjectorSettings
from tafelrunde.web.live.slide import paged
from tafelrunde.web.live.slides_group import card_lines

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_the_page_is_full_screen_for_everyone_and_follows_the_live_contract() -> None:
    rec = save(drawn("gruppenmodus", 13).tournament)
    response = Client().get(f"/turniere/{rec.pk}/beamer/")
    assert response.status_code == 200
    page = text(response)
    assert '<html lang="de"' in page
    assert 'class="tabs"' not in page and '<header class="top"' not in page  # no frame
    assert "<a " not in page and "<form" not in page  # no link away, nothing to send
    assert page.count("<button") == 1 and 'id="projector-pause"' in page  # the one button
    assert "/static/web/projector.js" in page and "/static/web/live.js" in page
    assert "/static/web/clock.js" in page and "/static/web/projector.css" in page
    shown = projector(rec.pk)
    assert shown.body["data-live-stream"] == f"/turniere/{rec.pk}/live/"
    assert shown.body["data-live-revision"] == fresh(rec.pk).revision
    assert "data-live-manual" in shown.body
    assert shown.body["data-slides-url"] == f"/turniere/{rec.pk}/beamer/folien/"
    assert shown.body["class"] == "projector theme-dark"
    assert (shown.box["data-seconds"], shown.box["data-theme"]) == ("12", "dark")
    keys = list(shown.slides)
    assert shown.hidden == keys[1:]  # the first slide shows even before the script runs
    assert re.search(r'id="projector-page">1/2<', page)
    assert 'id="projector-clock"></span>' in page  # a kept page: its first fetch says the time


def test_format_a_drawn_shows_who_sits_where_and_the_tables_and_leaves_out_the_rest() -> None:
    state = drawn("gruppenmodus", 13)
    rec = save(state.tournament)
    shown = projector(rec.pk)
    assert shown.kinds() == ["seating", "tables"]  # no results: no standings; not over: no ranking
    st_ = state.current
    assert st_ is not None
    (seating,) = shown.of("seating")
    assert "Wer sitzt wo" in seating and "Gruppenrunde · Durchgang 1" in seating
    for p in state.tournament.players:
        table = st_.table_of(p.id)
        assert table is not None
        seat = st_.sitting_order(1, table).index(p.id) + 1
        assert re.search(rf"{p.name} {table} · {seat}( ★)?( |$)", seating), p.name
    starters = [st_.seat_order(1, t)[0] for t in range(1, len(st_.tables(1) or ()) + 1)]
    assert seating.count("★") == len(starters) + 1  # and once in the legend
    (tables,) = shown.of("tables")
    assert "4 offen" in tables and tables.count("Tisch ") == 4


def test_95_players_get_their_seats_on_three_slides_and_the_tables_on_pages_of_12() -> None:
    state = drawn("gruppenmodus", 95)
    rec = save(state.tournament)
    shown = projector(rec.pk)
    seating = shown.of("seating")
    assert len(seating) == math.ceil(95 / 45) == 3
    assert [k for k in shown.slides if k.startswith("seating")] == [
        "seating-1", "seating-2", "seating-3",
    ]  # fmt: skip
    assert "Wer sitzt wo (1/3)" in seating[0] and "Wer sitzt wo (3/3)" in seating[2]
    names = [re.findall(r"Spieler \d\d", s) for s in seating]
    assert [len(n) for n in names] == [32, 32, 31]  # balanced, not 45, 45 and 5
    assert sorted(n for page in names for n in page) == sorted(
        f"Spieler {k:02d}" for k in range(1, 96)
    )
    st_ = state.current
    assert st_ is not None
    count = len(st_.tables(1) or ())
    tables = shown.of("tables")
    assert len(tables) == math.ceil(count / 12)
    assert sum(t.count("Tisch ") for t in tables) == count
    assert sorted({t.count("Tisch ") for t in tables}) == [12]  # 24 tables: 12 and 12


def test_the_tables_show_open_entered_disputed_and_confirmed_and_no_link() -> None:
    state = drawn("alhambra", 16)  # four tables of four, drawn anew for every game
    entered(state, 1)
    entered(state, 2, seat=0, seed=1)
    entered(state, 2, seat=1, seed=2)  # a different result: disputed
    result(state, 3)
    rec = save(state.tournament)
    (tables,) = projector(rec.pk).of("tables")
    for number, said in ((1, "eingetragen"), (2, "strittig"), (3, "bestätigt"), (4, "offen")):
        assert re.search(rf"Tisch {number} {said} ", tables), (number, tables)
    for counted in ("1 offen", "1 eingetragen", "1 strittig", "1 bestätigt"):
        assert counted in tables
    page = Client().get(f"/turniere/{rec.pk}/beamer/").content.decode()
    assert "/tisch/" not in page  # no table link, no token


def test_the_standings_show_ranks_points_and_the_deciding_tie_break_once_results_are_in() -> None:
    state = drawn("gruppenmodus", 17)
    st_ = state.current
    assert st_ is not None
    for table in range(1, len(st_.tables(1) or ()) + 1):
        result(state, table, seed=table)
    rec = save(state.tournament)
    shown = projector(rec.pk)
    assert [k for k in shown.slides if k.startswith("standings")] == ["standings-1", "standings-2"]
    standing = " ".join(shown.of("standings"))  # 17 players: 9 and 8
    assert "Gruppenrunde – Stand" in standing and "Wertung:" in standing
    assert "Platz" in standing and "entschieden durch" in standing
    first = st_.standing(state.cut(st_)).rows[0]
    assert state.tournament.name_of(first.player) in standing


def test_long_standings_are_paged_and_every_player_is_on_one_page() -> None:
    state = drawn("king-lui", 28)
    st_ = state.current
    assert st_ is not None
    for table in range(1, len(st_.tables(1) or ()) + 1):
        result(state, table, seed=table)
    for need in open_rolloffs(state):
        record(state, rolled_by_software(need, seed=1))
    rec = save(state.tournament)
    standings = projector(rec.pk).of("standings")
    assert len(standings) == math.ceil(28 / 16)
    names = [n for s in standings for n in re.findall(r"Spieler \d\d", s)]
    assert sorted(names) == sorted(f"Spieler {k:02d}" for k in range(1, 29))


def test_a_finished_tournament_shows_the_final_ranking_only() -> None:
    state = finished("alhambra", 12)
    assert state.finished
    rec = save(state.tournament)
    shown = projector(rec.pk)
    assert shown.kinds() == ["ranking"]
    ranking = " ".join(shown.of("ranking"))
    assert "Endstand" in ranking
    first = state.overall()[0]
    assert re.search(rf"1 {state.tournament.name_of(first.player)} ", ranking)


def test_nothing_to_show_gives_one_waiting_slide() -> None:
    rec = save(group("king-lui", 9).tournament)  # nothing drawn yet
    shown = projector(rec.pk)
    assert list(shown.slides) == ["idle"]
    assert "Noch nichts zu zeigen" in shown.slides["idle"]
    drawn_one = save(drawn("king-lui", 9).tournament)
    ProjectorSettings.objects.create(tournament=drawn_one, kinds=["ranking"], seconds=12)
    assert list(projector(drawn_one.pk).slides) == ["idle"]  # only the ranking: not over yet


def test_format_d_shows_the_queues_the_open_tables_with_chips_lives_and_clock() -> None:
    tour = knockout(8)
    first = tour.state().open_tables()[0]
    out = first.players[0]
    knock_out(tour, first.number, out)  # loses a life: waits in the consolation bracket
    rec = save(tour)
    shown = projector(rec.pk)
    assert shown.kinds() == ["seating", "queues", "ko_tables"]
    (queues,) = shown.of("queues")
    name = tour.state().players[out].name
    assert f"Trostrunde (1) 1. {name}" in queues
    (tables,) = shown.of("ko_tables")
    assert tables.count("Tisch ") == 2 and "Hauptrunde" in tables
    assert "scharf nach 15 Minuten" in tables
    assert f"{name} ausgeschieden" in tables
    assert "●●" in tables and "♥♥" in tables and "♥ " in tables  # chips; two lives and one
    page = Client().get(f"/turniere/{rec.pk}/beamer/").content.decode()
    clocks = re.findall(r'data-clock-elapsed="(\d+)" data-clock-sharp="(\d+)"', page)
    assert len(clocks) == 2 and all(int(e) < 600 and s == "900" for e, s in clocks)
    assert page.count("data-clock-before-sharp>") == 2  # shown: not sharp yet
    assert page.count("data-clock-after-sharp hidden>") == 2
    (seating,) = shown.of("seating")
    assert f"{name} wartet" in seating


def test_a_table_open_for_20_minutes_says_sharp() -> None:
    opened = (timezone.localtime() - timedelta(minutes=20)).replace(microsecond=0).isoformat()
    rec = save(knockout(4, opened=opened))
    page = Client().get(f"/turniere/{rec.pk}/beamer/").content.decode()
    elapsed = int(re.findall(r'data-clock-elapsed="(\d+)"', page)[0])
    assert 1200 <= elapsed < 1300
    assert "data-clock-before-sharp hidden>" in page and "data-clock-after-sharp>" in page
    assert "scharf!" in page


def test_format_d_grand_final_then_the_ranking_with_prizes() -> None:
    tour = knockout(4)
    state = tour.state()
    a, b, _, _ = state.open_tables()[0].players
    knock_out(tour, 1, a)
    knock_out(tour, 1, b)
    open_next(tour)
    final = tour.state().grand_final()
    assert final is not None
    rec = save(tour)
    shown = projector(rec.pk)
    assert "grand_final-1" in shown.slides and "ko_tables-1" not in shown.slides
    assert "●●●" in shown.slides["grand_final-1"]  # three chips each
    assert "♥" not in shown.slides["grand_final-1"]  # no lives in the grand final
    rec.delete()
    for loser in final.players[:3]:
        knock_out(tour, final.number, loser)
    ko = tour.state()
    assert isinstance(ko, KnockoutState) and ko.finished
    rec = save(tour)
    shown = projector(rec.pk)
    assert shown.kinds() == ["grand_final", "ranking"]
    winner = ko.players[ko.winner or ""].name
    assert f"Sieger: {winner}" in shown.slides["grand_final-1"]
    (ranking,) = shown.of("ranking")
    assert f"1 {winner} " in ranking and "Preis" in ranking
    assert ko.rules.prizes[0] in ranking


# -- the organisers' choice ------------------------------------------------------------


def test_only_the_organisers_change_the_settings() -> None:
    rec = save(drawn("gruppenmodus", 13).tournament)
    url = f"/turniere/{rec.pk}/beamer/einstellungen/"
    anonymous = Client().post(url, {"kinds": ["tables"], "seconds": "20", "theme": "light"})
    assert anonymous.status_code == 302 and "/anmelden/" in anonymous["Location"]
    ref = Client()
    referee(ref)
    assert ref.get(url).status_code == 403
    answer = ref.post(url, {"kinds": ["tables"], "seconds": "20", "theme": "light"})
    assert answer.status_code == 403 and REFUSED in text(answer)
    assert not ProjectorSettings.objects.exists()


def test_the_settings_show_the_defaults_and_the_kiosk_hint() -> None:
    rec = save(knockout(8))
    client = Client()
    organiser(client)
    page = text(client.get(f"/turniere/{rec.pk}/beamer/einstellungen/"))
    for kind in ("Wer sitzt wo", "Warteschlangen", "Offene Tische mit Chips, Leben und Uhr",
                 "Großes Finale", "Endstand und Preise"):  # fmt: skip
        assert kind in page
    assert "Tische und ihr Stand" not in page  # format A–C only
    assert page.count('type="checkbox"') == page.count("checked") - 1 == 5  # + dark, checked
    assert 'value="12"' in page
    assert f"chromium --kiosk http://testserver/turniere/{rec.pk}/beamer/" in page
    assert "Beamer-Ansicht öffnen" in page


def test_saved_settings_reach_the_projector_and_the_log() -> None:
    rec = save(drawn("gruppenmodus", 13).tournament)
    before = fresh(rec.pk).revision
    client = Client()
    organiser(client)
    answer = client.post(
        f"/turniere/{rec.pk}/beamer/einstellungen/",
        {"kinds": ["tables"], "seconds": "5", "theme": "light"},
        follow=True,
    )
    assert "Gespeichert – der Beamer zeigt es sofort." in text(answer)
    kept = ProjectorSettings.objects.get(tournament=rec)
    assert (kept.kinds, kept.seconds, kept.theme) == (["tables"], 5, "light")
    assert fresh(rec.pk).revision != before  # an open projector fetches its slides again
    assert logged(rec)[-1] == "Beamer-Einstellungen geändert"
    shown = projector(rec.pk)
    assert shown.kinds() == ["tables"]
    assert shown.body["class"] == "projector theme-light"
    assert (shown.box["data-seconds"], shown.box["data-theme"]) == ("5", "light")


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"seconds": "4"}, "Sekunden je Folie: bitte eine ganze Zahl von 5 bis 120 eingeben."),
        ({"seconds": "121"}, "Sekunden je Folie: bitte eine ganze Zahl von 5 bis 120 eingeben."),
        ({"seconds": "zwölf"}, "Sekunden je Folie: bitte eine ganze Zahl von 5 bis 120 eingeben."),
        ({"seconds": ""}, "Sekunden je Folie: bitte eine ganze Zahl von 5 bis 120 eingeben."),
        ({"kinds": []}, "Folien: bitte mindestens eine Art ankreuzen."),
        ({"kinds": ["queues"]}, "Folien: „queues“ ist keine Art von Folie."),  # format D only
        ({"kinds": ["<b>x</b>"]}, "Folien: „<b>x</b>“ ist keine Art von Folie."),
        ({"theme": "pink"}, "Farben: bitte „dunkel“ oder „hell“ wählen."),
    ],
)
def test_bad_settings_are_refused_in_german_and_nothing_is_stored(
    data: dict[str, object], said: str
) -> None:
    rec = save(drawn("gruppenmodus", 13).tournament)
    before = fresh(rec.pk).revision
    client = Client()
    organiser(client)
    sent = {"kinds": ["seating"], "seconds": "12", "theme": "dark"} | data
    answer = client.post(f"/turniere/{rec.pk}/beamer/einstellungen/", sent)
    assert answer.status_code == 400
    assert said in text(answer)
    assert "<b>x</b>" not in answer.content.decode()
    assert not ProjectorSettings.objects.exists()
    assert fresh(rec.pk).revision == before


def test_the_slides_alone_for_the_page_to_swap_in() -> None:
    rec = save(drawn("gruppenmodus", 13).tournament)
    response = Client().get(f"/turniere/{rec.pk}/beamer/folien/")
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="slides"') and "<html" not in body
    assert "no-cache" in response["Cache-Control"]
    shown = projector(rec.pk, fragment=True)
    assert list(shown.slides) == list(projector(rec.pk).slides)
    assert shown.box["data-revision"] == fresh(rec.pk).revision
    assert Client().post(f"/turniere/{rec.pk}/beamer/folien/").status_code == 405
    assert Client().get("/turniere/999999/beamer/").status_code == 404


def test_the_overview_links_the_projector_for_everyone_and_its_settings_for_organisers() -> None:
    rec = save(knockout(8))
    public = text(Client().get(f"/turniere/{rec.pk}/"))
    assert f'href="/turniere/{rec.pk}/beamer/"' in public
    assert "beamer/einstellungen" not in public
    client = Client()
    organiser(client)
    page = text(client.get(f"/turniere/{rec.pk}/"))
    assert f'href="/turniere/{rec.pk}/beamer/einstellungen/"' in page


def test_a_d_table_in_its_first_minute_counts_down_from_15_minutes() -> None:
    tour = knockout(4)
    rec = save(tour)
    page = Client().get(f"/turniere/{rec.pk}/beamer/").content.decode()
    countdown = re.findall(r"data-clock-countdown>(\d+):(\d\d)<", page)
    assert countdown and 14 <= int(countdown[0][0]) <= 15


@given(st.lists(st.integers(), max_size=200), st.integers(1, 50))
def test_paging_keeps_every_item_once_in_order_balanced(items: list[int], size: int) -> None:
    slides = paged("seating", "Wer sitzt wo", "live/slide_seating.html", items, size)
    assert len(slides) == math.ceil(len(items) / size)
    assert [x for s in slides for x in s.data["items"]] == items
    lengths = [len(s.data["items"]) for s in slides]
    assert all(n <= size for n in lengths)
    assert max(lengths, default=0) - min(lengths, default=0) <= 1  # balanced
    assert len({s.key for s in slides}) == len(slides)
    if len(slides) > 1:
        assert slides[-1].title == f"Wer sitzt wo ({len(slides)}/{len(slides)})"


def test_a_table_card_shows_each_roll_off_once_and_counts_more_than_two() -> None:
    one, two = "Stechen um Platz 1", "Stechen um Platz 3"
    assert card_lines([one, one, two]) == [one, two]
    with translation.override("de"):
        assert card_lines([one, two, "Stechen um Platz 4"]) == ["3 Stechen offen"]
