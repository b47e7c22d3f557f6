"""Table cards and the print menu: one card per table of the current game (formats A–D), with
the table link's QR code; the club's name and logo; who may print what."""

from __future__ import annotations

import io
import random
import re

import pytest
from django.test import Client
from PIL import Image
from projectorhelpers import drawn, group, knockout, result, save
from rolehelpers import referee
from webhelpers import organiser, text

from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.sim.autoplay import play_step
from tafelrunde.web.paper.models import ClubLook
from tafelrunde.web.table.links import find

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

TOKEN = re.compile(r"/tisch/([A-Za-z0-9_-]{24})/")


def cards_of(client: Client, pk: int, query: str = "") -> str:
    """The table cards page as text (HTML)."""
    response = client.get(f"/turniere/{pk}/drucken/tischkarten/{query}")
    assert response.status_code == 200, text(response)
    return response.content.decode()


def test_every_table_of_the_drawn_game_gets_a_card_with_its_own_link_and_qr_code() -> None:
    state = drawn("gruppenmodus", 13)
    rec = save(state.tournament)
    client = Client()
    organiser(client)
    html = cards_of(client, rec.pk)
    tokens = TOKEN.findall(html)
    st = state.current
    assert st is not None
    tables = st.tables(1) or ()
    assert len(tables) == 4 and len(set(tokens)) == 4  # 13 players: 4 + 3 + 3 + 3
    assert html.count('class="table-card"') == 4 and html.count("<svg") == 4
    for token in set(tokens):
        link = find(token)
        assert link is not None and link.tournament_id == rec.pk
    numbers = [int(n) for n in re.findall(r'<p class="number[^"]*">(\d+)</p>', html)]
    assert numbers == [1, 2, 3, 4]
    for table in tables:  # every player's name on their table's card
        for player in table:
            assert state.tournament.name_of(player) in html
    assert "Startspieler" in html and "<nav" not in html and "<form" not in html


def test_two_a5_cards_share_a_sheet_and_a_wrong_layout_is_refused_in_words() -> None:
    rec = save(drawn("gruppenmodus", 13).tournament)
    client = Client()
    organiser(client)
    html = cards_of(client, rec.pk, "?karten=a5")
    assert html.count('class="sheet cards two"') == 2 and html.count('class="table-card"') == 4
    response = client.get(f"/turniere/{rec.pk}/drucken/tischkarten/?karten=a3")
    assert response.status_code == 400
    assert "Tischkarten: bitte eine Karte je A4-Seite" in text(response)
    assert "table-card" not in response.content.decode()


def until_stage(state: TournamentState, key: str) -> TournamentState:
    """Play on (results, roll-offs, draws) until the stage is drawn."""
    rng = random.Random(3)
    while not (state.current and state.current.key == key and state.current.drawn_games()):
        assert play_step(state, rng)
    return state


def test_the_stage_note_of_the_ruleset_is_on_the_card() -> None:
    state = until_stage(drawn("alhambra", 8), "finale")  # the final with its expansions
    rec = save(state.tournament)
    client = Client()
    organiser(client)
    html = cards_of(client, rec.pk)
    assert html.count('class="table-card"') == 1
    assert "Die Gunst des Wesirs" in html


def test_format_d_cards_show_the_open_tables_with_chips_lives_and_sharp_play() -> None:
    tour = knockout(10)
    rec = save(tour)
    client = Client()
    organiser(client)
    html = cards_of(client, rec.pk)
    opened = tour.state().open_tables()
    assert len(opened) == html.count('class="table-card"') >= 2
    assert "Hauptrunde" in html and "2 Leben" in html and "mit 2 Chips" in html
    assert "Scharfes Spiel: 15 Minuten" in html
    assert len(set(TOKEN.findall(html))) == len(opened)


def test_before_the_draw_the_page_says_what_to_do_and_prints_nothing() -> None:
    rec = save(group("gruppenmodus", 8).tournament)
    client = Client()
    organiser(client)
    html = cards_of(client, rec.pk)
    assert "Gerade spielt kein Tisch" in html and 'class="table-card"' not in html


def test_cards_are_for_staff_only_and_the_look_for_organisers_only() -> None:
    rec = save(drawn("gruppenmodus", 8).tournament)
    response = Client().get(f"/turniere/{rec.pk}/drucken/tischkarten/")
    assert response.status_code == 302 and "/anmelden/" in response["Location"]
    assert Client().get(f"/turniere/{rec.pk}/drucken/").status_code == 302
    ref = Client()
    referee(ref)
    assert ref.get(f"/turniere/{rec.pk}/drucken/tischkarten/").status_code == 200
    assert ref.get(f"/turniere/{rec.pk}/drucken/").status_code == 200
    assert ref.get("/drucken/einstellungen/").status_code == 403
    assert Client().get(f"/turniere/{rec.pk}/drucken/gibt-es-nicht/").status_code == 404


def png(width: int, height: int) -> bytes:
    """A small picture as PNG bytes."""
    out = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 30)).save(out, "PNG")
    return out.getvalue()


def test_the_club_name_and_logo_are_saved_once_and_printed_on_the_cards() -> None:
    rec = save(drawn("gruppenmodus", 8).tournament)
    client = Client()
    organiser(client)
    upload = io.BytesIO(png(2000, 1000))
    upload.name = "logo.png"
    response = client.post("/drucken/einstellungen/", {"club_name": "Würfelfreunde 1990 e. V.",
                                                        "logo": upload})  # fmt: skip
    assert response.status_code == 302
    look = ClubLook.objects.get(pk=1)
    stored = Image.open(io.BytesIO(bytes(look.logo)))
    assert stored.format == "PNG" and stored.size == (600, 300)  # made smaller
    html = cards_of(client, rec.pk)
    assert "Würfelfreunde 1990 e. V." in html and html.count('class="logo"') == 2
    logo = Client().get("/drucken/logo.png")
    assert logo.status_code == 200 and logo["Content-Type"] == "image/png"
    response = client.post("/drucken/einstellungen/", {"club_name": "Würfelfreunde",
                                                        "remove_logo": "on"})  # fmt: skip
    assert response.status_code == 302
    assert Client().get("/drucken/logo.png").status_code == 404
    assert 'class="logo"' not in cards_of(client, rec.pk)


@pytest.mark.parametrize(
    ("payload", "said"),
    [
        (b"GIF89a not really", "kein Bild"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>", "kein Bild"),
        (b"", "Die Datei ist leer"),
    ],
)
def test_a_bad_logo_is_refused_at_its_field_and_nothing_changes(payload: bytes, said: str) -> None:
    client = Client()
    organiser(client)
    upload = io.BytesIO(payload)
    upload.name = "logo.png"
    response = client.post("/drucken/einstellungen/", {"club_name": "Neu", "logo": upload})
    assert response.status_code == 400 and said in text(response)
    assert not ClubLook.objects.filter(pk=1).exists()


def test_the_print_menu_lists_the_pages_of_the_format_and_is_a_tab() -> None:
    rec = save(drawn("gruppenmodus", 8).tournament)
    client = Client()
    organiser(client)
    response = client.get(f"/turniere/{rec.pk}/drucken/")
    assert response.status_code == 200
    page = text(response)
    assert "Tischkarten" in page and "Alles für die Tische, die gerade spielen, drucken" in page
    overview = client.get(f"/turniere/{rec.pk}/").content.decode()
    assert f'href="/turniere/{rec.pk}/drucken/"' in overview


def test_the_table_links_page_leads_to_the_cards() -> None:
    rec = save(drawn("gruppenmodus", 8).tournament)
    client = Client()
    organiser(client)
    links = client.get(f"/turniere/{rec.pk}/tisch-links/").content.decode()
    assert f'href="/turniere/{rec.pk}/drucken/tischkarten/"' in links


def test_cards_stay_in_table_order_when_a_table_is_a_game_ahead() -> None:
    state = drawn("gruppenmodus", 13)
    result(state, 1)  # table 1 plays its second Durchgang already; the others their first
    rec = save(state.tournament)
    client = Client()
    organiser(client)
    html = cards_of(client, rec.pk)
    assert [int(n) for n in re.findall(r'<p class="number[^"]*">(\d+)</p>', html)] == [1, 2, 3, 4]


def test_the_print_pages_speak_english_when_the_reader_chose_it() -> None:
    state = drawn("gruppenmodus", 8)
    rec = save(state.tournament)
    client = Client()
    organiser(client)
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    html = cards_of(client, rec.pk)
    assert "start player" in html and "Scan with your phone camera" in html
    assert "Group round" in html and 'lang="en"' in html
    menu = text(client.get(f"/turniere/{rec.pk}/drucken/"))
    assert "Table cards" in menu and "Print everything for the current game or round" in menu


def test_everything_leaves_out_what_has_nothing_to_print() -> None:
    client = Client()
    organiser(client)
    before = save(group("gruppenmodus", 8).tournament)
    html = client.get(f"/turniere/{before.pk}/drucken/alles/").content.decode()
    assert html.count('class="sheet empty"') == 1 and "Gerade spielt kein Tisch" in html
    drawn_ = save(drawn("gruppenmodus", 8).tournament)
    html = client.get(f"/turniere/{drawn_.pk}/drucken/alles/").content.decode()
    assert 'class="sheet empty"' not in html and html.count('class="table-card"') == 2


def test_the_print_menu_and_the_cards_say_when_codes_lead_to_this_computer_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rec = save(drawn("gruppenmodus", 12).tournament)
    client = Client()
    organiser(client)
    menu = f"/turniere/{rec.pk}/drucken/"
    cards = f"/turniere/{rec.pk}/drucken/tischkarten/"
    local_menu, local_cards = text(client.get(menu)), text(client.get(cards))
    assert "Gedruckte QR-Codes führen nur auf diesen Computer" in local_menu
    assert "tafelrunde serve --public" in local_menu
    assert local_cards.count("führen nur auf den Rechner der Turnierleitung") == 1  # on screen
    monkeypatch.setenv("TAFELRUNDE_PUBLIC_URL", "https://turnier.example.org")
    assert "Gedruckte QR-Codes führen nur" not in text(client.get(menu))
    assert "nur auf den Rechner der Turnierleitung" not in text(client.get(cards))
