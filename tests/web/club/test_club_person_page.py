"""The club's public pages: a person's tournaments, places, ratings and Schock aus; the
ratings; the club statistics. Names and results only; a change shows at once."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from projectorhelpers import finished, knockout, play_out, save
from webhelpers import organiser

from factories import USER, now
from tafelrunde.engine.knockout import KnockoutTournament
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.knockout.facts import Donation, SchockOut
from tafelrunde.engine.knockout.results import schock_out_counts
from tafelrunde.web.club.models import Person, PlayerLink
from tafelrunde.web.club.people import merge
from tafelrunde.web.club.ratings_cache import club, club_ratings
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]
EMAIL = "anna.geheim@example.org"


def ko_over(n: int = 8, donated: int = 2) -> KnockoutTournament:
    """Format D played to its end; the first table's first player had `donated` counted
    Schock aus (donation handed in) and one more without donation."""
    tour = knockout(n)
    table = tour.state().open_tables()[0]
    a = table.players[0]
    outs = [SchockOut(n=0, at=0, player=a, table=table.number)] * (donated + 1)
    record_all(tour, outs, at=now(), by=USER)
    made = sorted(tour.state().schock_outs)
    record_all(tour, [Donation(n=0, at=0, schock_out=k) for k in made[:donated]], at=now(),
               by=USER)  # fmt: skip
    return play_out(tour)


def page(path: str, status: int = 200) -> str:
    """A public page as text (no login)."""
    response = Client().get(path)
    assert response.status_code == status, path
    return response.content.decode()


@pytest.fixture
def evening() -> dict[str, TournamentRecord]:
    """Finished tournaments of formats A–D and one still running; Anna plays in all."""
    recs = {
        "A": save(finished("gruppenmodus", 9).tournament),
        "B": save(finished("alhambra", 8).tournament),
        "C": save(finished("king-lui", 8).tournament),
        "D": save(ko_over()),
        "running": save(knockout(6)),
    }
    anna = Person.objects.create(name="Anna <Beispiel>", member=True, email=EMAIL)
    for key, rec in recs.items():
        first = rec.players[0]["id"] if rec.players else "p001"
        if key == "D":
            first = sorted(schock_out_counts(read_only(rec)[1]))[0]  # the one with Schock aus
        PlayerLink.objects.create(tournament=rec, player=first, person=anna)
    return recs


def test_the_person_page_shows_places_ratings_charts_and_schock_outs(
    evening: dict[str, TournamentRecord],
) -> None:
    anna = Person.objects.get()
    html = page(f"/personen/{anna.pk}/")
    assert "Anna &lt;Beispiel&gt;" in html and "<Beispiel>" not in html
    assert EMAIL not in html and "@" not in html.split("<main", 1)[1]
    data = club()
    for key, rec in evening.items():
        assert f'href="/turniere/{rec.pk}/"' in html
        row = re.search(rf'<tr id="played-{rec.pk}">(.*?)</tr>', html, re.S)
        assert row is not None
        if key == "running":
            assert "läuft noch" in row.group(1)
            continue
        got = data.by_pk()[rec.pk].played
        player = next(p for p, who in data.links[rec.pk].items() if who == anna.pk)
        assert f"{got.places[player]} von {got.participants}" in row.group(1)
    for family in ("gruppenmodus", "alhambra", "king-lui", "schocken"):
        box = re.search(rf'<div class="card rating" id="rating-{family}">(.*?)</div>', html, re.S)
        assert box is not None, family
        rating = data.ratings.ratings.get(f"person-{anna.pk}", family)
        assert rating is not None
        shown = str(rating.shown()).replace(".", ",")
        assert f'<strong class="rating-value">{shown}</strong>' in box.group(1)
        assert '<svg xmlns="http://www.w3.org/2000/svg"' in box.group(1)
        assert box.group(1).count("<circle") == rating.games
    counted = re.search(rf'<tr id="schock-{evening["D"].pk}">(.*?)</tr>', html, re.S)
    assert counted is not None and ">2" in counted.group(1)
    assert "2 Schock aus insgesamt gezählt" in html


def test_the_cached_ratings_equal_the_ratings_computed_afresh(
    evening: dict[str, TournamentRecord],
) -> None:
    fresh, kept = club_ratings(), club().ratings
    assert fresh.ratings.by_key == kept.ratings.by_key
    assert fresh.names == kept.names


def test_unknown_and_hostile_ids_get_the_german_page_not_found() -> None:
    for path in ("/personen/999999/", "/personen/0/", "/personen/99999999999999999999999/"):
        assert "Diese Seite gibt es nicht" in page(path, 404)
    for path in ("/personen/-1/", "/personen/1x/", "/personen/%00/", "/personen/<script>/"):
        assert Client().get(path).status_code == 404


def test_a_change_shows_at_once_result_merge_and_link(evening: dict[str, TournamentRecord]) -> None:
    anna = Person.objects.get()
    before = page(f"/personen/{anna.pk}/")
    extra = save(finished("alhambra", 8).tournament)
    PlayerLink.objects.create(tournament=extra, player=extra.players[0]["id"], person=anna)
    after = page(f"/personen/{anna.pk}/")
    assert f'id="played-{extra.pk}"' in after and f'id="played-{extra.pk}"' not in before
    bert = Person.objects.create(name="Bert Zweitname", member=False)
    second = save(finished("king-lui", 8).tournament)
    PlayerLink.objects.create(tournament=second, player=second.players[1]["id"], person=bert)
    assert f'id="played-{second.pk}"' in page(f"/personen/{bert.pk}/")
    merge(anna, bert)
    assert f'id="played-{second.pk}"' in page(f"/personen/{anna.pk}/")
    page(f"/personen/{bert.pk}/", 404)
    ratings = page("/spielstaerke/")
    assert "Bert Zweitname" not in ratings


def test_the_ratings_page_ranks_each_family_and_links_persons(
    evening: dict[str, TournamentRecord],
) -> None:
    anna = Person.objects.get()
    html = page("/spielstaerke/")
    assert "nie eine offizielle Wertung" in html
    assert f'<a href="/personen/{anna.pk}/">Anna &lt;Beispiel&gt;</a>' in html
    data = club()
    for family in data.ratings.ratings.families():
        part = html.split(f'id="family-{family}"', 1)[1].split("</section>", 1)[0]
        ranks = [int(r) for r in re.findall(r'<tr>\s*<td class="n">(\d+)</td>', part)]
        assert ranks == list(range(1, len(data.ratings.table(family)) + 1))
    rec = evening["B"]
    assert f"({rec.name})</td>" in html  # an unlinked player: named with the tournament, no link


def test_the_statistics_page_counts_evenings_players_and_winners(
    evening: dict[str, TournamentRecord],
) -> None:
    anna = Person.objects.get()
    html = page("/statistik/")
    assert "5 Turniere" in html
    assert (
        f'<a href="/personen/{anna.pk}/">Anna &lt;Beispiel&gt;</a></td><td class="n">5</td>' in html
    )
    assert html.count('role="img"') == 2
    for key in "ABC":
        rec = evening[key]
        state_rows = club().by_pk()[rec.pk].played
        winner = state_rows.names[state_rows.winners()[0]]
        assert winner in html
    d = club().by_pk()[evening["D"].pk].played
    assert d.names[d.winners()[0]] in html
    assert EMAIL not in html


def test_an_empty_club_shows_no_data_yet() -> None:
    assert "Noch keine Daten" in page("/statistik/")
    assert "Noch keine Spiele mit Ergebnis" in page("/spielstaerke/")


def test_the_navigation_links_the_ratings_and_statistics() -> None:
    html = page("/")
    assert 'href="/spielstaerke/"' in html and 'href="/statistik/"' in html


def test_a_person_without_a_result_is_for_the_organisers_only(
    evening: dict[str, TournamentRecord],
) -> None:
    member = Person.objects.create(name="Nur Mitglied", member=True, email="mitglied@example.org")
    waiting = Person.objects.create(name="Noch ohne Spiel")
    running = evening["running"]
    PlayerLink.objects.create(tournament=running, player="p002", person=waiting)  # not yet played
    for nobody in (member, waiting):
        page(f"/personen/{nobody.pk}/", 404)  # a visitor cannot list the club's members
    anna = Person.objects.get(name="Anna <Beispiel>")
    assert "Anna &lt;Beispiel&gt;" in page(f"/personen/{anna.pk}/")  # with results: public
    boss = Client()
    organiser(boss)
    for nobody in (member, waiting):
        assert boss.get(f"/personen/{nobody.pk}/").status_code == 200
