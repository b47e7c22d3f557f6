"""„Wo sitze ich?" for formats A–D: a typed name (any case, accents, a part) finds table, seat
and start position of the current game; everybody alphabetically below; read only."""

from __future__ import annotations

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from fuzzhelpers import snapshot
from seathelpers import (
    NAMES,
    add,
    draw,
    enter,
    group_tournament,
    knockout_tournament,
    look_up,
    save,
    shown,
)
from webhelpers import text

from tafelrunde.engine.groups.actions import open_rolloffs, rolled_by_software
from tafelrunde.engine.groups.facts import Result
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.knockout import GameLost
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.name_match import name_key

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def id_of(state: TournamentState, name: str) -> str:
    """A player's id by name."""
    return next(p.id for p in state.tournament.players if p.name == name)


def place_of(state: TournamentState, name: str, game: int) -> tuple[int, int, int]:
    """Table, seat and start position of a player in a game, as the engine has them."""
    st = state.current
    assert st is not None
    player = id_of(state, name)
    table = st.table_of(player, game)
    assert table is not None
    seat = st.sitting_order(game, table).index(player) + 1
    start = st.seat_order(game, table).index(player) + 1
    return table, seat, start


def start_words(start: int) -> str:
    """The start position as the German page says it."""
    return "Startspieler" if start == 1 else f"{start}. in der Startreihenfolge"


def test_format_a_finds_names_whatever_the_case_accents_and_spaces() -> None:
    state = TournamentState(group_tournament("gruppenmodus", 13))
    draw(state)
    rec = save(state.tournament)
    client = Client()
    for typed in ("muller", "MÜLLER", "  Müller ", "mueller", "MUELLER"):
        cards = shown(look_up(client, rec.pk, typed)).cards
        assert [c["seat-name"] for c in cards] == ["Anna Müller", "Klaus Müller-Lüdenscheidt"]
        for card in cards:
            table, seat, start = place_of(state, card["seat-name"], 1)
            assert card["seat-table"] == f"Tisch {table}"
            assert (card["seat-place"], card["seat-start"]) == (f"Platz {seat}", start_words(start))
    for typed, name in (("strasse", "Bernd Straße"), ("WEISS", "Dieter Weiß"),
                        ("emile", "Émile Zola"), ("oztürk", "Clara Öztürk"),
                        ("GUNTER gross", "Günter Groß"), ("müller anna", "Anna Müller"),
                        ("Anna   Müller", "Anna Müller")):  # fmt: skip
        cards = shown(look_up(client, rec.pk, typed)).cards
        assert [c["seat-name"] for c in cards] == [name], typed
    page = text(look_up(client, rec.pk, "muller"))
    assert "2 Spieler passen zu „muller“:" in page
    assert "Gruppenrunde · Durchgang 1" in page


def test_format_a_the_start_order_of_pass_3_waits_for_the_standings() -> None:
    state = TournamentState(group_tournament("gruppenmodus", 13))
    draw(state)
    st = state.current
    assert st is not None
    enter(state, 1, 1)
    table = st.seated(2, 1)
    tie = {p: (9 if k < 2 else 5 - k) for k, p in enumerate(table)}  # a Stechen for place 1
    add(state, Result(n=0, stage=st.key, game=2, table=1, pips=tie))
    rec = save(state.tournament)
    name = state.tournament.name_of(table[0])
    response = look_up(Client(), rec.pk, name)
    card = shown(response).cards[0]
    assert card["seat-table"] == "Tisch 1"
    seat = st.sitting_order(3, 1).index(table[0]) + 1
    assert card["seat-place"] == f"Platz {seat}"
    assert card["seat-start"] == "Startreihenfolge noch nicht bekannt"
    assert card["seat-game"] == "Durchgang 3"
    assert "folgt aus dem Stand nach Durchgang 2" in card["seat-note"]
    rows = {r[0]: r[1:] for r in shown(response).rows}
    assert rows[name] == ["1", str(seat), "?", "3"]  # table, seat, start, pass
    other = next(n for n in NAMES[:13] if st.table_of(id_of(state, n)) != 1)
    assert rows[other][3] == "1"  # the other tables still play pass 1

    for need in open_rolloffs(state):
        add(state, rolled_by_software(need, seed=3))
    again = save(state.tournament)
    card = shown(look_up(Client(), again.pk, name)).cards[0]
    _, seat, start = place_of(state, name, 3)
    assert (card["seat-place"], card["seat-start"]) == (f"Platz {seat}", start_words(start))


def test_format_b_shows_the_latest_drawn_game() -> None:
    state = TournamentState(group_tournament("alhambra", 13))
    draw(state)
    st = state.current
    assert st is not None
    for table in range(1, len(st.tables(1) or ()) + 1):
        enter(state, 1, table, seed=table)
    draw(state, seed=8)
    rec = save(state.tournament)
    page = look_up(Client(), rec.pk, "ingo")
    assert "Vorrunde · Partie 2" in text(page)
    card = shown(page).cards[0]
    table, seat, start = place_of(state, "Ingo Meier", 2)
    assert (card["seat-name"], card["seat-table"]) == ("Ingo Meier", f"Tisch {table}")
    assert (card["seat-place"], card["seat-start"]) == (
        f"Platz {seat}",
        start_words(start),
    ) and seat == start
    rows = shown(page).rows
    assert len(rows) == 13 and all(len(r) == 3 for r in rows)  # name, table, seat
    english = Client()
    english.post("/i18n/setlang/", {"language": "en", "next": "/"})
    card = shown(look_up(english, rec.pk, "ingo")).cards[0]
    assert (card["seat-table"], card["seat-place"]) == (f"Table {table}", f"Seat {seat}")
    assert text(look_up(english, rec.pk, "ingo")).count("Where do I sit?") >= 2  # tab, heading
    for name, table_no, seat_no in rows:
        assert (int(table_no), int(seat_no)) == place_of(state, name, 2)[:2]


def test_format_c_each_table_shows_its_own_game() -> None:
    state = TournamentState(group_tournament("king-lui", 12))
    draw(state)
    enter(state, 1, 1)
    rec = save(state.tournament)
    st = state.current
    assert st is not None
    response = look_up(Client(), rec.pk, "")
    rows = {r[0]: r[1:] for r in shown(response).rows}
    assert len(rows) == 12
    for name, (table, seat, game) in rows.items():
        expected = 2 if int(table) == 1 else 1  # table 1 has its first result
        assert int(game) == expected
        assert (int(table), int(seat)) == place_of(state, name, expected)[:2]
    first = next(name for name, row in rows.items() if row[0] == "1")
    card = shown(look_up(Client(), rec.pk, first.upper())).cards[0]
    assert card["seat-game"] == "Partie 2"
    assert card["seat-table"] == "Tisch 1"


def test_format_d_shows_the_open_table_the_queue_or_what_is_missing() -> None:
    tour = knockout_tournament(16)
    state = tour.state()
    table = state.open_tables()[0]
    rec = save(tour)
    client = Client()
    rows = {r[0]: r[1:] for r in shown(look_up(client, rec.pk, "")).rows}
    for k, pid in enumerate(table.players, start=1):
        name = state.players[pid].name
        card = shown(look_up(client, rec.pk, name.lower())).cards[0]
        assert card["seat-table"] == f"Tisch {table.place}"
        assert card["seat-place"] == f"Platz {k}"
        assert card["seat-note"] == "Hauptrunde"
        assert rows[name] == [str(table.place), str(k)]
    queue = state.queues[table.bracket]
    for k, pid in enumerate(queue, start=1):
        said = f"wartet: Hauptrunde, {k}. von {len(queue)} in der Warteschlange"
        assert rows[state.players[pid].name] == [said]
    assert rows["Otto Åberg"] == rows["Paula Ruiz"] == ["Startgebühr fehlt noch"]
    card = shown(look_up(client, rec.pk, "aberg")).cards[0]
    assert card == {"seat-name": "Otto Åberg", "seat-note": "Startgebühr fehlt noch"}

    loser = table.players[0]
    lost = [GameLost(n=0, at=0, table=table.number, player=loser)] * 2  # both chips: a life
    record_all(tour, lost, at="2099-01-01T17:30:00", by="leitung")
    again = save(tour)
    name = state.players[loser].name
    card = shown(look_up(client, again.pk, name)).cards[0]
    assert card["seat-note"] == "wartet: Trostrunde, 1. von 1 in der Warteschlange"


def test_no_match_says_so_in_german_with_close_names() -> None:
    state = TournamentState(group_tournament("gruppenmodus", 13))
    draw(state)
    rec = save(state.tournament)
    client = Client()
    page = text(look_up(client, rec.pk, "Mülller"))
    assert "Niemand heißt „Mülller“." in page
    assert "Meintest du:" in page and 'href="?name=Anna%20M%C3%BCller"' in page
    page = text(look_up(client, rec.pk, "Zebedäus"))
    assert "Niemand heißt „Zebedäus“." in page and "Meintest du" not in page
    assert "Bitte die Schreibweise prüfen" in page
    page = text(look_up(client, rec.pk, " \t "))
    assert "Niemand heißt" not in page and "Name: bitte einen Namen eingeben." not in page
    response = look_up(client, rec.pk, "\x00\x01")
    assert response.status_code == 200
    assert "Name: bitte einen Namen eingeben." in text(response)


def test_the_list_is_alphabetical_with_umlauts_beside_their_vowel() -> None:
    state = TournamentState(group_tournament("gruppenmodus", 16))
    rec = save(state.tournament)
    response = look_up(Client(), rec.pk, "")
    page = text(response)
    assert "Noch nichts ausgelost." in page
    names = [r[0] for r in shown(response).rows]
    assert names == sorted(NAMES, key=name_key)
    assert names.index("Émile Zola") < names.index("Frieda Kühn")  # É with E
    assert names.index("Nora Nußbaum") < names.index("Otto Åberg") < names.index("Paula Ruiz")
    assert all(r[1] == "noch an keinem Tisch" or r[1] == "–" for r in shown(response).rows)
    assert page.count('<option value="') == 16  # the names to pick from


def test_the_tournament_page_links_the_lookup_while_players_sit() -> None:
    state = TournamentState(group_tournament("gruppenmodus", 13))
    before = save(state.tournament)
    client = Client()
    page = text(client.get(f"/turniere/{before.pk}/"))
    assert 'id="seat-call"' not in page  # nothing drawn: only the tab
    assert f'href="/turniere/{before.pk}/wo-sitze-ich/"' in page
    draw(state)
    drawn = save(state.tournament)
    page = text(client.get(f"/turniere/{drawn.pk}/"))
    assert 'id="seat-call"' in page and f'action="/turniere/{drawn.pk}/wo-sitze-ich/"' in page
    knockout = save(knockout_tournament(12))
    assert 'id="seat-call"' in text(client.get(f"/turniere/{knockout.pk}/"))


def test_a_missing_tournament_is_404_a_long_name_400_and_nothing_is_written() -> None:
    state = TournamentState(group_tournament("gruppenmodus", 13))
    draw(state)
    rec = save(state.tournament)
    client = Client()
    missing = client.get("/turniere/999999/wo-sitze-ich/", {"name": "Anna"})
    assert missing.status_code == 404 and "Diese Seite gibt es nicht" in text(missing)
    before, sessions = snapshot(), Session.objects.count()
    long = look_up(client, rec.pk, "Anna" * 30)
    assert long.status_code == 400
    assert "Name: bitte höchstens 100 Zeichen." in text(long)
    assert shown(long).value == ("Anna" * 30)[:100] and shown(long).cards == []
    assert look_up(client, rec.pk, "x" * 100).status_code == 200
    posted = client.post(f"/turniere/{rec.pk}/wo-sitze-ich/", {"name": "Anna"})
    assert posted.status_code in (403, 405)
    for typed in ("anna", "<script>alert(1)</script>", '"><img src=x onerror=alert(1)>'):
        page = look_up(client, rec.pk, typed)
        assert page.status_code == 200
        assert "<script>alert" not in text_raw(page) and "<img src=x" not in text_raw(page)
    assert snapshot() == before and Session.objects.count() == sessions


def text_raw(response: object) -> str:
    """The page as sent (entities not resolved)."""
    return response.content.decode()  # type: ignore[attr-defined]
