"""The files a club opens in a spreadsheet: every CSV is UTF-8 with a byte order mark, split at
';' with decimal commas in German and at ',' in English; the tournament's files give points and
each tie-break a column of their own, the Excel file as numbers."""

from __future__ import annotations

import csv
import datetime
import io
from decimal import Decimal
from fractions import Fraction

import pytest
from django.test import Client
from django.utils import translation
from openpyxl import load_workbook

from factories import dated_tournament
from tafelrunde.engine.export import csv_dialect, csv_file, is_number, ranking_sheet
from tafelrunde.engine.groups.standings import values_table
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.numbers import file_number
from tafelrunde.presets.seasons import load_season_rules
from tafelrunde.web.club.models import Person, PlayerLink, Season
from tafelrunde.web.club.roster import players_of
from tafelrunde.web.core.domain.store import engine_tournament
from tafelrunde.web.core.templatetags.tafel import translated

pytestmark = [pytest.mark.integration, pytest.mark.django_db]
BOM = b"\xef\xbb\xbf"
LANGS = {"de": ";", "en": ","}


def read(data: bytes, delimiter: str) -> list[list[str]]:
    """A CSV file as a spreadsheet reads it: the byte order mark first, then rows."""
    assert data.startswith(BOM), data[:10]
    return list(csv.reader(io.StringIO(data[len(BOM) :].decode("utf-8")), delimiter=delimiter))


def test_one_function_decides_the_dialect_from_the_language() -> None:
    assert (csv_dialect("de").delimiter, csv_dialect("de").decimal) == (";", ",")
    assert (csv_dialect("de-at").delimiter, csv_dialect("en").delimiter) == (";", ",")
    assert csv_dialect("en").decimal == "."
    data = csv_file([["Name", "Schnitt", "Punkte"], ["=1+1", Decimal("12.5"), -3]], "de")
    assert read(data, ";") == [["Name", "Schnitt", "Punkte"], ["'=1+1", "12,5", "-3"]]
    assert file_number(None) is None and file_number(7) == 7
    assert file_number(Fraction(5, 2)) == Decimal("2.5")
    assert file_number(Fraction(1, 3)) == Decimal("0.3333")


@pytest.mark.parametrize("lang", LANGS)
def test_the_tournaments_csv_and_excel_have_a_column_for_points_and_each_tie_break(
    lang: str,
) -> None:
    rec = dated_tournament("A", 8, datetime.date(2026, 5, 1))
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    got = client.get(f"/turniere/{rec.pk}/endstand.csv")
    assert got.status_code == 200 and got["Content-Type"].startswith("text/csv")
    table = read(got.content, LANGS[lang])
    head = table[0]
    assert len(head) > 5, head  # place, player, stage, rank there, then points and tie-breaks
    assert all(len(row) == len(head) for row in table)
    book = load_workbook(io.BytesIO(client.get(f"/turniere/{rec.pk}/endstand.xlsx").content))
    sheet = book.active
    assert sheet is not None
    rows = list(sheet.iter_rows())
    assert [c.value for c in rows[0]] == head
    tour = engine_tournament(rec)
    state = TournamentState(tour)  # type: ignore[arg-type]
    values = {}  # each player's values in the last stage they reached
    for st in state.stages:
        values |= values_table(st.standing(state.cut(st)))
    for row in rows[1:]:
        numbers = [c for c in row[4:] if c.value is not None]
        assert numbers and all(c.data_type == "n" for c in numbers), [c.value for c in row]
        player = next(p for p in values if tour.name_of(p) == row[1].value)
        wanted = [v for v in values[player] if v is not None][: len(numbers)]
        assert [Decimal(str(c.value)) for c in numbers] == [Decimal(str(file_number(v)))
                                                             for v in wanted]  # fmt: skip


@pytest.mark.parametrize("fmt", ["A", "B", "D"])
def test_the_download_made_from_the_kept_state_is_what_a_full_replay_gives(fmt: str) -> None:
    """The pages' state (kept, facts not checked again) gives the same file as the facts
    replayed afresh with every check, in formats A, B and D."""
    rec = dated_tournament(fmt, 9 if fmt != "D" else 8, datetime.date(2026, 5, 1))
    assert Client().get(f"/turniere/{rec.pk}/endstand/").status_code == 200  # state kept
    got = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/turniere/{rec.pk}/endstand.csv")
    assert got.status_code == 200
    with translation.override("en"):
        head, rows = ranking_sheet(engine_tournament(rec))
        cells = [[v if v is None or is_number(v) else translated(v) for v in r] for r in rows]
        assert got.content == csv_file([[translated(h) for h in head], *cells], "en")
    assert len(read(got.content, ",")) == 1 + (9 if fmt != "D" else 8)


@pytest.mark.parametrize("lang", LANGS)
def test_the_season_csv_follows_the_language_with_decimal_commas_in_german(lang: str) -> None:
    for day, n in ((1, 8), (8, 7), (15, 6)):  # the same people on three evenings
        rec = dated_tournament("B", n, datetime.date(2026, 5, day))
        for pid, name in players_of(rec):
            person, _ = Person.objects.get_or_create(name=name, defaults={"member": True})
            PlayerLink.objects.create(tournament=rec, player=pid, person=person)
    source = load_season_rules("durchschnitt").source
    source["count"] = {"mode": "average", "min_evenings": 1, "below_minimum": "behind"}
    season = Season.objects.create(name="Schnitt", rules=source, event_kinds=[],
                                   date_from=datetime.date(2026, 5, 1))  # fmt: skip
    got = Client(HTTP_ACCEPT_LANGUAGE=lang).get(f"/saisons/{season.pk}/export.csv")
    assert got.status_code == 200, got.content[:300]
    table = read(got.content, LANGS[lang])
    totals = [row[-3] for row in table[1:]]
    fractional = [t for t in totals if "," in t or "." in t]
    assert fractional, totals  # an average that is no whole number
    mark = "," if lang == "de" else "."
    assert all(mark in t and t.replace(mark, "").isdigit() for t in fractional), totals
