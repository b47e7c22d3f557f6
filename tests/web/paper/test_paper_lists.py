"""Printed lists, rankings and certificates: who sits where, the standings, the final ranking,
format D's registration list and Schock-Aus-König, the certificates; who may print them and
the links from the screen pages."""

from __future__ import annotations

import re
from datetime import date, timedelta
from html import unescape

import pytest
from django.test import Client
from django.utils import timezone
from projectorhelpers import drawn, finished, group, knockout, play_out, save
from rolehelpers import referee
from test_paper_cards import png
from webhelpers import organiser, text

from factories import USER, now
from tafelrunde.engine.export import ranking_table
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.knockout import KnockoutTournament, PayFee, ranking
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.knockout.facts import Donation, SchockOut
from tafelrunde.presets import load_rules
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.models import Event, TournamentRecord
from tafelrunde.web.core.pages import stage_cells
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.paper.models import ClubLook

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

SEAT_LINE = re.compile(
    r'<li class="seat-line[^"]*">\s*<span class="who">([^<★]+?)(?: ★)?</span>\s*'
    r'<span class="where">(?:Tisch <b>(\d+)</b> · Platz (\d+)|([^<]*))'
)
CERTIFICATE = re.compile(
    r'<p class="certificate-place">([^<]+)</p>\s*<p class="certificate-name">([^<]+)</p>'
)


def printed(client: Client, pk: int, kind: str, query: str = "", status: int = 200) -> str:
    """A print page as text (HTML entities resolved)."""
    response = client.get(f"/turniere/{pk}/drucken/{kind}/{query}")
    assert response.status_code == status, text(response)
    return text(response)


def staff_client() -> Client:
    """A client logged in as an organiser."""
    client = Client()
    organiser(client)
    return client


def ko_over(n: int = 4, *, donated: int = 2, unpaid: int = 1) -> KnockoutTournament:
    """Format D played to its end, with Schock aus of the first table's first player
    (`donated` with their donation, `unpaid` more without) and one donated of the second."""
    tour = knockout(n)
    table = tour.state().open_tables()[0]
    a, b = table.players[:2]
    outs = [SchockOut(n=0, at=0, player=a, table=table.number)] * (donated + unpaid)
    outs.append(SchockOut(n=0, at=0, player=b, table=table.number))
    record_all(tour, outs, at=now(), by=USER)
    made = sorted(tour.state().schock_outs)
    record_all(tour, [Donation(n=0, at=0, schock_out=k) for k in made[:donated]], at=now(),
               by=USER)  # fmt: skip
    record_all(tour, [Donation(n=0, at=0, schock_out=made[-1])], at=now(), by=USER)
    return play_out(tour)


# -- who sits where --------------------------------------------------------------------


def test_who_sits_where_lists_everybody_once_with_their_table_for_everyone() -> None:
    state = drawn("gruppenmodus", 13)
    rec = save(state.tournament)
    html = printed(Client(), rec.pk, "wer-sitzt-wo")  # public: no login
    lines = SEAT_LINE.findall(html)
    st = state.current
    assert st is not None
    tables = st.tables(1) or ()
    table_of = {state.tournament.name_of(p): k for k, t in enumerate(tables, 1) for p in t}
    assert len(lines) == 13 == len(table_of)
    assert {name: int(table) for name, table, _, _ in lines} == table_of
    names = [name for name, *_ in lines]
    assert names == sorted(names)  # alphabetically
    assert html.count(" ★</span>") == len(tables)  # one start player per table
    assert "Gruppenrunde · Durchgang 1" in html and 'class="seat-columns"' in html
    assert "<nav" not in html and "<form" not in html
    everything = text(staff_client().get(f"/turniere/{rec.pk}/drucken/alles/"))
    assert len(SEAT_LINE.findall(everything)) == 13  # also printed with everything at once


def test_who_sits_where_in_format_d_shows_who_waits() -> None:
    tour = knockout(5)  # four at a table, one waits
    rec = save(tour)
    lines = SEAT_LINE.findall(printed(Client(), rec.pk, "wer-sitzt-wo"))
    assert len(lines) == 5
    waiting = [name for name, table, _, note in lines if not table]
    assert len(waiting) == 1 and lines[[n for n, *_ in lines].index(waiting[0])][3] == "wartet"
    place = tour.state().open_tables()[0].place
    assert {int(t) for _, t, _, _ in lines if t} == {place}


def test_who_sits_where_before_the_draw_says_so_and_prints_nothing() -> None:
    rec = save(group("gruppenmodus", 8).tournament)
    html = printed(Client(), rec.pk, "wer-sitzt-wo")
    assert "Gerade sitzt niemand an einem Tisch" in html and "seat-line" not in html
    assert 'class="sheet empty"' in html  # the note is printed, not an empty page


# -- standings -------------------------------------------------------------------------


def test_standings_print_every_stage_newest_first_each_on_its_own_page() -> None:
    state = finished("alhambra", 12)
    rec = save(state.tournament)
    html = printed(Client(), rec.pk, "stand")
    assert html.count('<section class="sheet standing-sheet">') == len(state.stages) >= 2
    titles = re.findall(r"<h2>([^<]+) – (?:Stand|vorläufiger Stand)</h2>", html)
    assert titles == [translated(st.title()) for st in reversed(state.stages)]
    newest = state.stages[-1]
    first = stage_cells(state, newest)["rows"][0]
    row = re.search(r"<tbody>\s*<tr>(.*?)</tr>", html, re.S)
    assert row is not None
    cells = [unescape(c) for c in re.findall(r"<td[^>]*>([^<]*)</td>", row.group(1))]
    assert cells[:2] == ["1", str(first[1][0])]
    assert [str(v) for v, _ in first] == cells  # every criterion column, as on the screen


def test_standings_before_the_draw_and_not_for_format_d() -> None:
    rec = save(group("gruppenmodus", 8).tournament)
    assert "Noch nichts ausgelost" in printed(Client(), rec.pk, "stand")
    ko = save(knockout(5))
    assert Client().get(f"/turniere/{ko.pk}/drucken/stand/").status_code == 404


# -- final ranking ---------------------------------------------------------------------


def test_the_final_ranking_follows_the_ranking_table_and_is_provisional_until_the_end() -> None:
    state = finished("gruppenmodus", 9)
    rec = save(state.tournament)
    html = printed(Client(), rec.pk, "endstand")
    names = re.findall(r'<td class="name">([^<]+)</td>', html)
    _, table = ranking_table(state.tournament)
    assert names == [translated(row[1]) for row in table]
    assert "Endstand" in html and "Vorläufig" not in html
    assert translated(table[0][4]) in html  # points and tie-breaks of the winner
    running = save(drawn("gruppenmodus", 9).tournament)
    assert "Vorläufig: Das Turnier ist noch nicht zu Ende." in printed(Client(), running.pk,
                                                                       "endstand")  # fmt: skip


def test_the_format_d_ranking_shows_prizes_king_and_donations() -> None:
    tour = ko_over()
    ko = tour.state()
    rec = save(tour)
    html = printed(Client(), rec.pk, "endstand")
    names = re.findall(r'<td class="name">([^<]+)</td>', html)
    _, table = ranking_table(tour)
    assert names == [row[1] for row in table] and len(names) == 4
    assert "Wanderpokal" in html
    king = ko.players[ko.schock_outs[min(ko.schock_outs)].player]
    assert f"Schock-Aus-König: <strong>{king.name}</strong>" in html
    assert "Spenden: <strong>9,00 €</strong>" in html  # three donations of 3 €


# -- registration list -----------------------------------------------------------------


def registered(n: int, paid: int) -> KnockoutTournament:
    """Format D of n registered players, the first `paid` of them paid."""
    day = timezone.localdate() + timedelta(days=3)
    tour = new_tournament("Schocken am Freitag", load_rules("schocken-ko"),
                          "\n".join(f"Spieler {k:02d}" for k in range(n, 0, -1)), day=day,
                          at=now(), by=USER)  # fmt: skip
    assert isinstance(tour, KnockoutTournament)
    ids = list(tour.state().players)[:paid]
    record_all(tour, [PayFee(n=0, at=0, player=p) for p in ids], at=now(), by=USER)
    return tour


def test_the_registration_list_numbers_everybody_with_fee_paid_mark_and_late_lines() -> None:
    tour = registered(6, 4)
    rec = save(tour)
    html = printed(staff_client(), rec.pk, "anmeldeliste")
    rows = re.findall(r'<td class="n">(\d+)</td>\s*<td>([^<]*)</td>\s*<td class="n">([^<]+)</td>'
                      r'\s*<td class="paid">(✓|<span class="box")', html)  # fmt: skip
    assert [int(n) for n, *_ in rows] == list(range(1, 15))  # 6 players and 8 empty lines
    assert [name for _, name, _, _ in rows[:6]] == [f"Spieler {k:02d}" for k in range(1, 7)]
    assert all(name == "" for _, name, _, _ in rows[6:])
    assert {fee for _, _, fee, _ in rows} == {"10,00 €"}
    paid = {name for _, name, _, mark in rows if mark == "✓"}
    state = tour.state()
    assert paid == {p.name for p in state.players.values() if p.paid} and len(paid) == 4
    assert "Unterschrift" in html and html.count('<td class="signature"></td>') == 14
    assert "Bezahlt: 4 Spieler · eingenommen: 40,00 €" in html


def test_the_registration_list_is_for_staff_and_format_d_only() -> None:
    rec = save(registered(3, 1))
    response = Client().get(f"/turniere/{rec.pk}/drucken/anmeldeliste/")
    assert response.status_code == 302 and "/anmelden/" in response["Location"]
    ref = Client()
    referee(ref)
    assert "Anmeldeliste" in printed(ref, rec.pk, "anmeldeliste")
    group_rec = save(drawn("gruppenmodus", 8).tournament)
    assert ref.get(f"/turniere/{group_rec.pk}/drucken/anmeldeliste/").status_code == 404


# -- Schock-Aus-König ------------------------------------------------------------------


def test_the_schock_aus_list_counts_donated_and_unpaid_and_marks_the_king() -> None:
    tour = ko_over(donated=2, unpaid=1)
    ko = tour.state()
    rec = save(tour)
    html = printed(Client(), rec.pk, "schock-aus-koenig")  # public
    rows = re.findall(r'<tr( class="king")?>\s*<td class="n">\d+</td>\s*<td>([^<]+)</td>\s*'
                      r'<td class="n">(\d+)</td>\s*<td class="n">(\d*)</td>', html)  # fmt: skip
    first = ko.schock_outs[min(ko.schock_outs)].player
    second = ko.schock_outs[max(ko.schock_outs)].player
    assert rows == [
        (' class="king"', ko.players[first].name, "2", "1"),
        ("", ko.players[second].name, "1", ""),
    ]
    assert "3 Spenden: 9,00 €" in html


def test_without_schock_aus_the_list_says_so() -> None:
    rec = save(knockout(5))
    html = printed(Client(), rec.pk, "schock-aus-koenig")
    assert "Noch kein Schock aus" in html and "<table" not in html


# -- certificates ----------------------------------------------------------------------


def test_one_certificate_per_place_with_name_place_and_date() -> None:
    state = finished("alhambra", 12)
    rec = save(state.tournament)
    rec.event = Event.objects.create(name="Sommerfest", date=date(2026, 7, 4))
    rec.save()
    client = staff_client()
    html = printed(client, rec.pk, "urkunden")
    shown = CERTIFICATE.findall(html)
    top = state.overall()[:3]
    assert shown == [(f"{r.place}. Platz", state.tournament.name_of(r.player)) for r in top]
    assert html.count('<section class="sheet certificate">') == 3
    assert html.count("Urkunde</p>") == 3 and "4. Juli 2026" in html
    assert "Turnierleitung" in html and "certificate-logo" not in html
    ClubLook.objects.create(pk=1, club_name="Würfelfreunde e. V.", logo=png(60, 30))
    html = printed(client, rec.pk, "urkunden")
    assert html.count('class="certificate-logo" src="/drucken/logo.png?v=') == 3
    assert html.count('<p class="certificate-club">Würfelfreunde e. V.</p>') == 3
    assert len(CERTIFICATE.findall(printed(client, rec.pk, "urkunden", "?bis=12"))) == 12
    assert len(CERTIFICATE.findall(printed(client, rec.pk, "urkunden", "?bis=1"))) == 1
    assert len(CERTIFICATE.findall(printed(client, rec.pk, "urkunden", "?bis="))) == 3  # empty


@pytest.mark.parametrize("bad", ["0", "13", "x", "2.5", "-1", "１", "9" * 5000])
def test_a_bad_last_place_is_refused_in_words(bad: str) -> None:
    rec = save(finished("gruppenmodus", 12).tournament)
    html = printed(staff_client(), rec.pk, "urkunden", f"?bis={bad}", status=400)
    assert "Urkunden bis Platz: bitte eine Zahl von 1 bis 12." in html
    assert "certificate" not in html


def test_certificates_of_format_d_for_the_prize_places_and_the_king() -> None:
    tour = ko_over(5)
    ko = tour.state()
    rec = save(tour)
    html = printed(staff_client(), rec.pk, "urkunden")
    shown = CERTIFICATE.findall(html)
    ranked = {r.place: ko.players[r.player].name for r in ranking(ko)}
    king = ko.players[ko.schock_outs[min(ko.schock_outs)].player].name
    assert shown == [*((f"{k}. Platz", ranked[k]) for k in range(1, 6)),
                     ("Schock-Aus-König", king)]  # fmt: skip
    assert '<p class="certificate-prize">Wanderpokal</p>' in html
    assert "2 Schock aus in einem Wurf" in html
    day = tour.day
    assert day is not None and f"{day.day}. " in html


def test_certificates_wait_for_the_end_and_are_for_staff() -> None:
    rec = save(drawn("gruppenmodus", 8).tournament)
    response = Client().get(f"/turniere/{rec.pk}/drucken/urkunden/")
    assert response.status_code == 302 and "/anmelden/" in response["Location"]
    ref = Client()
    referee(ref)
    html = printed(ref, rec.pk, "urkunden", "?bis=99")  # the option waits for the end too
    assert "Das Turnier ist noch nicht zu Ende" in html and "certificate-name" not in html


# -- links and menu --------------------------------------------------------------------


def page_of(client: Client, path: str) -> str:
    """A screen page's HTML."""
    response = client.get(path)
    assert response.status_code == 200
    return response.content.decode()


def test_the_screen_pages_link_their_print_pages() -> None:
    state: TournamentState = finished("gruppenmodus", 9)
    rec: TournamentRecord = save(state.tournament)
    base = f"/turniere/{rec.pk}"
    public, staff = Client(), staff_client()
    assert f'href="{base}/drucken/wer-sitzt-wo/"' in page_of(public, f"{base}/wo-sitze-ich/")
    assert f'href="{base}/drucken/stand/"' in page_of(public, f"{base}/stand/")
    seen = page_of(public, f"{base}/endstand/")
    assert f'href="{base}/drucken/endstand/"' in seen and "drucken/urkunden/" not in seen
    assert "schock-aus-koenig" not in seen
    assert f'href="{base}/drucken/urkunden/"' in page_of(staff, f"{base}/endstand/")
    ko = save(ko_over())
    kb = f"/turniere/{ko.pk}"
    assert f'href="{kb}/drucken/schock-aus-koenig/"' in page_of(public, f"{kb}/endstand/")
    assert f'href="{kb}/drucken/anmeldeliste/"' in page_of(staff, f"{kb}/anmeldung/")
    menu = page_of(staff, f"{base}/drucken/")
    assert 'name="bis"' in menu and "Urkunden" in menu and "Wer sitzt wo" in menu
