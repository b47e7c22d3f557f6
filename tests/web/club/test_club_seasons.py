"""Seasons (Jahreswertung) in the web app: which tournaments a season takes, the evenings
made of finished tournaments, the public table with its files and print, the organisers'
form (bad input refused, nothing stored)."""

from __future__ import annotations

import csv
import datetime
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from openpyxl import load_workbook
from test_club_ratings import tafelrunde
from webhelpers import organiser, text

from factories import dated_tournament, event
from tafelrunde.presets.seasons import load_season_rules
from tafelrunde.web.club.models import Person, PlayerLink, Season, SeasonChoice
from tafelrunde.web.club.season_evenings import season_view, standings_of
from tafelrunde.web.club.season_pick import season_tournaments
from tafelrunde.web.core.models import Event

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]

D = datetime.date


def rules(name: str = "summe") -> dict:
    """A preset's ruleset as a season stores it."""
    source = load_season_rules(name).source
    assert source is not None
    return source


def make(**kw: object) -> Season:
    """A stored season."""
    data = {"name": "Jahreswertung 2026", "rules": rules(), "event_kinds": []} | kw
    return Season.objects.create(**data)


def test_a_season_takes_tournaments_by_range_and_kind_then_by_hand() -> None:
    abend = event("Spieleabend März", D(2026, 3, 5), "Spieleabend")
    meister = event("Vereinsmeisterschaft", D(2026, 6, 1), "Vereinsmeisterschaft")
    early = dated_tournament("A", 8, D(2025, 12, 31), play=False)
    first = dated_tournament("A", 8, D(2026, 1, 1), play=False)  # the range is inclusive
    march = dated_tournament("A", 8, D(2026, 3, 5), abend, play=False)
    june = dated_tournament("A", 8, D(2026, 6, 1), meister, play=False)
    last = dated_tournament("A", 8, D(2026, 12, 31), play=False)
    year = make(date_from=D(2026, 1, 1), date_to=D(2026, 12, 31))
    assert season_tournaments(year) == [first, march, june, last]
    evenings = make(date_from=D(2026, 1, 1), event_kinds=["Spieleabend"])
    assert season_tournaments(evenings) == [march]
    SeasonChoice.objects.create(season=evenings, tournament=early, included=True)
    SeasonChoice.objects.create(season=evenings, tournament=march, included=False)
    assert season_tournaments(evenings) == [early]
    by_hand = make()  # no range, no kinds: by hand only
    assert season_tournaments(by_hand) == []


def test_finished_tournaments_of_every_format_become_evenings_and_running_ones_wait() -> None:
    recs = [dated_tournament(f, 8, D(2026, 2, i + 1)) for i, f in enumerate("ABCD")]
    running = dated_tournament("A", 8, D(2026, 2, 9), play=False, name="Noch offen")
    anna = Person.objects.create(name="Anna Beispiel", member=True)
    for rec in recs:
        PlayerLink.objects.create(tournament=rec, player=rec.players[0]["id"] if rec.players
                                  else "p001", person=anna)  # fmt: skip
    season = make(date_from=D(2026, 1, 1), date_to=D(2026, 12, 31))
    view = season_view(season)
    assert view.refusal is None and view.table is not None
    assert [e.id for e in view.table.evenings] == [f"turnier-{r.pk}" for r in recs]
    assert view.running == [running]
    for e in view.table.evenings:
        places = sorted(r.place for r in e.results)
        assert places == list(range(1, 9)) and {r.participants for r in e.results} == {8}
    row = next(r for r in view.table.rows if r.name == "Anna Beispiel")
    assert row.member and row.evenings == 4
    assert row.total == sum(c.points for c in row.cells if c.counted)
    guests = [r for r in view.table.rows if not r.member]
    assert len(guests) == 4 * 7 and all(r.name.endswith(")") for r in guests)
    assert view.unlinked_players == 28
    assert [(s.pk, r is not None) for s, r in standings_of(anna)] == [(season.pk, True)]


def test_tournament_points_count_in_formats_a_to_c_and_format_d_is_refused() -> None:
    a = dated_tournament("A", 8, D(2026, 3, 1))
    season = make(rules=rules() | {"points": {"from": "tournament"}},
                  date_from=D(2026, 3, 1), date_to=D(2026, 3, 31))  # fmt: skip
    view = season_view(season)
    assert view.table is not None
    assert all(r.total >= 0 for r in view.table.rows) and len(view.table.rows) == 8
    dated_tournament("D", 8, D(2026, 3, 2), name="Schocken")
    page = text(Client().get(f"/saisons/{season.pk}/"))
    assert "Schocken" in page and "Format D" in page and "keine eigenen Punkte" in page
    for suffix in ("csv", "xlsx"):  # no file without a table: the page says why
        refused = Client().get(f"/saisons/{season.pk}/export.{suffix}")
        assert refused.status_code == 409 and "keine eigenen Punkte" in text(refused)
    assert a.pk  # the refusal names the tournament, the page still answers


def test_the_table_page_shows_counted_marks_totals_and_tie_words() -> None:
    for i in range(3):
        dated_tournament("A", 8, D(2026, 4, i + 1))
    season = make(rules=load_season_rules("beste-6-von-10").source | {"count": {"mode": "best",
                  "n": 2}}, date_from=D(2026, 4, 1), date_to=D(2026, 4, 30))  # fmt: skip
    answer = Client().get(f"/saisons/{season.pk}/")
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "✓" in page and "(" in page  # counted and not counted
    assert "Die besten 2 Abende zählen." in page
    assert "geteilt" in page or "mehr gespielte Abende" in page or "bestes einzelnes" in page
    assert 'class="season-scroll"' in page
    assert "/turniere/" in page  # the evenings link to the tournaments
    assert "Jahreswertung 2026" in text(Client().get("/saisons/"))


def test_csv_and_excel_files_read_back_with_numbers() -> None:
    dated_tournament("B", 8, D(2026, 5, 1))
    dated_tournament("C", 8, D(2026, 5, 8))
    season = make(date_from=D(2026, 5, 1), date_to=D(2026, 5, 31))
    table = season_view(season).table
    assert table is not None
    boss = Client()
    organiser(boss)  # (the public's file has no column member or guest)
    got = boss.get(f"/saisons/{season.pk}/export.csv")
    assert got.content.startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte order mark, for Excel
    rows = list(csv.reader(io.StringIO(got.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:3] == ["Platz", "Name", "Mitglied"] and len(rows) == 1 + len(table.rows)
    assert [int(r[0]) for r in rows[1:]] == [r.place for r in table.rows]
    got = Client().get(f"/saisons/{season.pk}/export.xlsx")
    sheet = load_workbook(io.BytesIO(got.content)).active
    assert sheet is not None
    values = list(sheet.iter_rows(values_only=True))
    total_at = values[0].index("Summe")
    assert [v[total_at] for v in values[1:]] == [int(r.total) for r in table.rows]
    assert all(isinstance(v[total_at], int) for v in values[1:])


def test_the_print_page_is_a_paper_page() -> None:
    for i in range(8):
        dated_tournament("A", 8, D(2026, 7, i + 1))
    season = make(date_from=D(2026, 7, 1), date_to=D(2026, 7, 31))
    page = Client().get(f"/saisons/{season.pk}/drucken/").content.decode()
    assert "paper.css" in page and "season-sheet wide" in page and "Spieler 01" in page


def test_only_organisers_make_change_and_delete_seasons() -> None:
    anonymous = Client()
    for path in ("/saisons/neu/",):
        assert anonymous.get(path)["Location"].startswith("/anmelden/")
    season = make()
    assert anonymous.get(f"/saisons/{season.pk}/bearbeiten/")["Location"].startswith("/anmelden/")
    assert anonymous.post(f"/saisons/{season.pk}/loeschen/").status_code == 302
    assert Season.objects.filter(pk=season.pk).exists()
    boss = Client()
    organiser(boss)
    rec = dated_tournament("A", 8, D(2026, 8, 1), event("Serie", D(2026, 8, 1), "Schocken-Serie"))
    assert "Schocken-Serie" in text(boss.get("/saisons/neu/"))
    answer = boss.post(
        "/saisons/neu/",
        {
            "name": "Serie 2026",
            "preset": "schocken-serie",
            "kinds": ["Schocken-Serie"],
            f"pick-{rec.pk}": "",
        },
    )
    made = Season.objects.get(name="Serie 2026")
    assert answer.status_code == 302 and made.event_kinds == ["Schocken-Serie"]
    assert season_tournaments(made) == [rec]
    boss.post(
        f"/saisons/{made.pk}/bearbeiten/",
        {"name": "Serie 2026", "preset": "-", "kinds": ["Schocken-Serie"], f"pick-{rec.pk}": "out"},
    )
    assert season_tournaments(made) == [] and made.choices.get().included is False
    assert boss.post(f"/saisons/{made.pk}/loeschen/").status_code == 302
    assert not Season.objects.filter(pk=made.pk).exists()
    assert Event.objects.filter(kind="Schocken-Serie").exists()


def test_bad_toml_and_bad_dates_are_refused_in_german_and_nothing_is_stored() -> None:
    boss = Client()
    organiser(boss)
    bad = 'schema = 1\nname = "X"\n[count]\nmode = "best"\nn = 0\n'
    answer = boss.post("/saisons/neu/", {"name": "Kaputt", "rules_text": bad})
    assert answer.status_code == 400 and "count.n" in text(answer)
    answer = boss.post("/saisons/neu/", {"name": "Kaputt", "rules_text": "schema = ["})
    assert answer.status_code == 400
    answer = boss.post(
        "/saisons/neu/",
        {"name": "Kaputt", "preset": "summe", "date_from": "2026-05-01", "date_to": "2026-04-01"},
    )
    assert answer.status_code == 400 and "Bis: darf nicht vor Von liegen." in text(answer)
    answer = boss.post(
        "/saisons/neu/", {"name": "Kaputt", "preset": "summe", "date_from": "31.02.2026"}
    )
    assert answer.status_code == 400 and "gültiges Datum" in text(answer)
    assert not Season.objects.exists()


def test_an_event_has_a_kind_offered_from_the_kinds_used() -> None:
    event("Alt", D(2026, 1, 1), "Spieleabend")
    boss = Client()
    organiser(boss)
    assert '<option value="Spieleabend">' in boss.get("/termine/neu/").content.decode()


def test_the_person_page_shows_the_seasons_and_the_table_links_only_persons() -> None:
    recs = [dated_tournament("C", 8, D(2026, 5, i + 1)) for i in range(2)]
    anna = Person.objects.create(name="Anna Beispiel", member=True)
    season = make(date_from=D(2026, 5, 1), date_to=D(2026, 5, 31))
    before = season_view(season)
    assert before.table is not None and before.unlinked_players == 16
    for rec in recs:  # seen at once, although the view is kept between requests
        PlayerLink.objects.create(tournament=rec, player=rec.players[0]["id"], person=anna)
    view = season_view(season)
    assert view.table is not None and view.unlinked_players == 14
    row = next(r for r in view.table.rows if r.name == "Anna Beispiel")
    page = text(Client().get(f"/personen/{anna.pk}/"))
    assert f'<a href="/saisons/{season.pk}/">Jahreswertung 2026</a>' in page
    assert f"Platz {row.place} mit" in page and "2 Abende, 2 gewertet" in page
    table = text(Client().get(f"/saisons/{season.pk}/"))
    assert table.count('href="/personen/') == 1  # the guests after Anna link nowhere
    assert table.count(f'href="/personen/{anna.pk}/"') == 1


def test_the_command_line_creates_shows_and_exports_a_season(tmp_path: Path) -> None:
    data = str(tmp_path / "daten")
    setup = ("import sys; from pathlib import Path; from tafelrunde.cli.serve import _django; "
             "from tafelrunde.web.core.startup import migrate; "
             "migrate(_django(Path(sys.argv[1]))); "
             "from tafelrunde.web.core.demo import add_demo; add_demo()")  # fmt: skip
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAFELRUNDE_DATABASE")}
    made = subprocess.run([sys.executable, "-c", setup, data], env=env, capture_output=True,
                          text=True, timeout=300)  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert "Noch keine Saison" in tafelrunde("season", "list", "--data", data).stdout
    created = tafelrunde("season", "create", "Jahreswertung", "--rules", "summe", "--from",
                         "01.01.2000", "--to", "2100-12-31", "--data", data)  # fmt: skip
    assert created.returncode == 0 and "Saison 1 gespeichert: Jahreswertung." in created.stdout
    shown = tafelrunde("season", "show", "1", "--data", data)
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert "✓" in shown.stdout and "Jeder Abend zählt." in shown.stdout
    assert "Läuft noch (zählt nach dem Ende)" in shown.stdout  # the demo's running tournaments
    out = tmp_path / "saison.csv"
    assert tafelrunde("season", "export", "1", "--csv", str(out), "--data", data).returncode == 0
    assert out.read_bytes().startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8-sig")), delimiter=";"))
    assert rows[0][:2] == ["Platz", "Name"] and len(rows) > 8 and rows[1][0] == "1"
    book = tmp_path / "saison.xlsx"
    assert tafelrunde("season", "export", "1", "--xlsx", str(book), "--data", data).returncode == 0
    sheet = load_workbook(book).active
    assert sheet is not None and sheet.cell(row=2, column=1).value == 1
    for args, code, said in [
        (("show", "7"), 1, "Es gibt keine Saison 7."),
        (("show", "x"), 2, "Bitte die Nummer der Saison"),
        (("export", "1"), 2, "Bitte entweder --csv DATEI oder --xlsx DATEI."),
        (("create", "Y", "--rules", "summe", "--from", "2026-02-30"), 2, "--from: bitte ein Datum"),
        (("create", "Y", "--rules", "summe", "--add", "99"), 2, "kein Turnier mit der Nummer 99"),
        (("create", "Y", "--rules", "keine"), 2, "keine"),
        (("create", "Y"), 2, "--rules: bitte eine Saisonvorlage"),
    ]:
        answer = tafelrunde("season", *args, "--data", data)
        assert (answer.returncode, said in answer.stdout) == (code, True), (args, answer.stdout)
    assert "Y" not in tafelrunde("season", "list", "--data", data).stdout.split()  # nothing stored


def test_the_demo_links_its_players_and_has_a_season_once() -> None:
    from tafelrunde.web.club.demo import SEASON, add_club_demo
    from tafelrunde.web.core.demo import add_demo

    assert add_club_demo() is False  # no demo yet: nothing to add
    add_demo()
    assert add_club_demo() is True and add_club_demo() is False
    assert not PlayerLink.objects.filter(person__isnull=True).exists()
    season = Season.objects.get(name=SEASON)
    view = season_view(season)
    assert view.table is not None and len(view.table.evenings) == 1  # the one played to its end
    assert view.unlinked_players == 0 and len(view.table.rows) == 10
    assert (
        Person.objects.filter(member=False).exists() and Person.objects.filter(member=True).exists()
    )
    boss = Client()
    organiser(boss)
    public = {p.pk: Client().get(f"/personen/{p.pk}/").status_code for p in Person.objects.all()}
    assert set(public.values()) <= {200, 404} and 200 in public.values()  # public with results
    assert all(boss.get(f"/personen/{pk}/").status_code == 200 for pk in public)
    assert "Jahreswertung des Demo-Clubs" in text(Client().get(f"/saisons/{season.pk}/"))


HOSTILE = '=HYPERLINK("http://example.org/x";"Klick")'  # a German Excel's separator


def test_the_season_files_neutralise_formulas_in_every_cell() -> None:
    dated_tournament("B", 8, D(2026, 5, 1), first=HOSTILE)
    dated_tournament("C", 8, D(2026, 5, 8), first="@SUMME(A1:A9)")
    season = make(date_from=D(2026, 5, 1), date_to=D(2026, 5, 31))
    book = load_workbook(io.BytesIO(Client().get(f"/saisons/{season.pk}/export.xlsx").content))
    sheet = book.active
    assert sheet is not None
    cells = [c for row in sheet.iter_rows() for c in row]
    assert not [c.coordinate for c in cells if c.data_type == "f"]  # not one formula
    texts = [str(c.value) for c in cells if c.value is not None]
    assert any(t.startswith("'=HYPERLINK(") for t in texts), texts  # a guest: "(Abend B …)"
    assert any(t.startswith("'@SUMME(A1:A9)") for t in texts), texts
    got = Client().get(f"/saisons/{season.pk}/export.csv").content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(got), delimiter=";"))
    assert any(cell.startswith("'=HYPERLINK(") for row in rows for cell in row)
    assert not [cell for row in rows for cell in row if cell.startswith(("=", "+", "@"))]
