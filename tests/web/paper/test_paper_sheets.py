"""Score sheets (Spielzettel): one A4 page per table of the current game or round, formats A–D,
with rows per game, columns per player in seat order, known results filled in."""

from __future__ import annotations

import random
from datetime import timedelta
from html.parser import HTMLParser
from typing import ClassVar

import pytest
from django.test import Client
from django.utils import timezone
from projectorhelpers import drawn, group, knock_out, knockout, open_next, people, result, save
from rolehelpers import referee
from webhelpers import organiser, text

from factories import USER, now
from tafelrunde.engine.groups.actions import open_rolloffs, record, rolled_by_software
from tafelrunde.engine.groups.facts import Withdrawn
from tafelrunde.engine.groups.table_view import game_tables
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.knockout import KnockoutTournament
from tafelrunde.engine.numbers import Num, display
from tafelrunde.presets import load_rules
from tafelrunde.sim.autoplay import random_result
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


class Sheet:
    """What one printed sheet holds: the head, the player header, the rows of cells."""

    def __init__(self) -> None:
        self.stage = ""
        self.number = ""
        self.players: list[str] = []
        self.subs: list[str] = []
        self.rows: list[list[str]] = []  # every body and sum row: its cells (td)
        self.row_heads: list[str] = []  # every row's first cell (th) without its start player
        self.starts: list[str] = []  # the start player of each game ('': not known yet)
        self.chips: list[int] = []  # format D: chip boxes per player row
        self.text = ""


class _Sheets(HTMLParser):
    """Split a print page into its score sheets."""

    KINDS: ClassVar[dict[str, str]] = {
        "stage": "stage", "number": "number", "player": "players", "sub": "subs",
        "start-name": "starts",
    }  # fmt: skip

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.sheets: list[Sheet] = []
        self.field: str | None = None
        self.buffer = ""
        self.in_body = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        cls = (dict(attrs).get("class") or "").split()
        if tag == "section" and "score-sheet" in cls:
            self.sheets.append(Sheet())
        if not self.sheets:
            return
        sheet = self.sheets[-1]
        if tag in ("tbody", "tfoot"):
            self.in_body = True
        if tag == "tr" and self.in_body:
            sheet.rows.append([])
            sheet.chips.append(0)
        if tag == "span" and "chip" in cls:
            sheet.chips[-1] += 1
        if tag == "small" and self.field == "head":  # the start player line of a game
            sheet.row_heads.append(" ".join(self.buffer.split()))
            self.field = None
        for c, name in self.KINDS.items():
            if c in cls and tag in ("p", "span", "th"):
                self.field, self.buffer = name, ""
        if tag in ("td", "th") and self.in_body:
            self.field, self.buffer = ("cell" if tag == "td" else "head"), ""

    def handle_endtag(self, tag: str) -> None:
        if tag in ("tbody", "tfoot"):
            self.in_body = False
        if self.field is None or tag not in ("p", "span", "th", "td"):
            return
        sheet, said = self.sheets[-1], " ".join(self.buffer.split())
        if self.field in ("stage", "number"):
            setattr(sheet, self.field, said)
        elif self.field == "cell":
            sheet.rows[-1].append(said)
        elif self.field == "head":
            sheet.row_heads.append(said)
        else:
            getattr(sheet, self.field).append(said)
        self.field = None

    def handle_data(self, data: str) -> None:
        if self.sheets:
            self.sheets[-1].text += data
        if self.field is not None:
            self.buffer += data


def sheets_of(client: Client, pk: int) -> tuple[list[Sheet], str]:
    """The score sheets page: its sheets, and the page as text."""
    response = client.get(f"/turniere/{pk}/drucken/spielzettel/")
    assert response.status_code == 200, text(response)
    parser = _Sheets()
    html = response.content.decode()
    parser.feed(html)
    return parser.sheets, html


def staff_client() -> Client:
    """An organiser's browser."""
    client = Client()
    organiser(client)
    return client


def printed(state: TournamentState) -> tuple[TournamentRecord, list[Sheet]]:
    """Store a tournament and print its score sheets as an organiser."""
    rec = save(state.tournament)
    return rec, sheets_of(staff_client(), rec.pk)[0]


def test_format_a_one_sheet_per_group_with_three_passes_a_sum_and_three_columns_each() -> None:
    state = drawn("gruppenmodus", 8)
    st = state.current
    assert st is not None
    _, sheets = printed(state)
    assert len(sheets) == 2  # 8 players: two groups of 4
    for index, sheet in enumerate(sheets, start=1):
        assert sheet.number == str(index) and "Gruppenrunde · Durchgang 1–3" in sheet.stage
        seated = [state.tournament.name_of(p) for p in st.sitting_order(1, index)]
        assert sheet.players == seated  # the names in seat order
        assert sheet.subs == ["Platzpunkte", "Augen", "Platz"] * 4
        assert sheet.row_heads == ["Durchgang 1", "Durchgang 2", "Durchgang 3", "Summe"]
        # the start order turns in Durchgang 2; Durchgang 3's follows from the standings
        assert sheet.starts == [seated[0], seated[-1], ""]
        assert [len(r) for r in sheet.rows] == [12] * 4
        assert all(cell == "" for row in sheet.rows for cell in row)  # all to write in


def shown(value: Num | None) -> str:
    """A number as the German sheet prints it ('' for none)."""
    return "" if value is None else display(value)


def known_row(state: TournamentState, game: int, index: int, kinds: tuple[str, ...]) -> list[str]:
    """What the engine knows of a table's game, per player in seat order, per column."""
    st = state.current
    assert st is not None
    (view,) = game_tables(state, st, game, only={index})
    lines = {p.player: p for p in view.placed}
    tables = st.tables(1 if not st.rule.reseat_each_game else game) or ()
    return [shown(getattr(lines[p], kind)) for p in tables[index - 1] for kind in kinds]


def played(state: TournamentState, game: int, index: int, seed: int) -> None:
    """The organisers enter a table's result of a game; open roll-offs are rolled."""
    record(state, random_result(state, game, index, random.Random(seed)), at=now(), by=USER)
    while needs := [n for n in open_rolloffs(state) if n.kind == "stechen"]:
        record(state, rolled_by_software(needs[0], seed=seed), at=now(), by=USER)


def test_format_a_a_result_entered_is_printed_filled_in_and_the_sum_once_all_are_in() -> None:
    state = drawn("gruppenmodus", 8)
    result(state, 1)  # table 1, Durchgang 1 counts
    _, (first, second) = printed(state)
    expected = known_row(state, 1, 1, ("points", "pips", "place"))
    assert first.rows[0] == expected and all(expected)  # points, pips, place of every player
    assert all(c == "" for c in first.rows[1] + first.rows[3])  # Durchgang 2 and the sum: open
    assert all(c == "" for c in second.rows[0])  # the other table has nothing yet
    for game in (2, 3):
        played(state, game, 1, seed=game)
    st = state.current
    assert st is not None
    _, (first, _) = printed(state)
    for game in (1, 2, 3):
        assert first.rows[game - 1] == known_row(state, game, 1, ("points", "pips", "place"))
    total = [
        cell
        for p in (st.tables(1) or ())[0]
        for cell in (shown(st.totals[p].points), shown(st.totals[p].pips), "")
    ]
    assert first.rows[3] == total and first.starts[2] != ""  # Durchgang 3's start is known now


def test_format_b_one_sheet_per_table_of_the_game_with_game_points_and_place() -> None:
    state = drawn("alhambra", 8)
    result(state, 2)
    st = state.current
    assert st is not None
    _, sheets = printed(state)
    assert [s.number for s in sheets] == ["1", "2"]
    for index, sheet in enumerate(sheets, start=1):
        assert "Vorrunde · Partie 1" in sheet.stage
        names = [state.tournament.name_of(p) for p in (st.tables(1) or ())[index - 1]]
        assert sheet.players == names and sheet.subs == ["Spielpunkte", "Platz"] * 4
        assert sheet.row_heads == ["Partie 1"]  # one game at this table: no sum
        assert sheet.starts == [state.tournament.name_of(st.seat_order(1, index)[0])]
    assert sheets[0].rows == [[""] * 8]
    assert sheets[1].rows == [known_row(state, 1, 2, ("score", "place"))]
    assert all(sheets[1].rows[0])


def test_format_c_tables_of_the_round_with_a_row_per_game_and_the_game_points_summed() -> None:
    state = drawn("king-lui", 9)
    st = state.current
    assert st is not None
    for game in (1, 2, 3):
        played(state, game, 3, seed=game)
    _, sheets = printed(state)
    assert len(sheets) == 3
    for index, sheet in enumerate(sheets, start=1):
        assert sheet.subs == ["Spielpunkte", "Platz"] * 3
        assert sheet.row_heads == ["Partie 1", "Partie 2", "Partie 3", "Summe"]
        assert [len(r) for r in sheet.rows] == [6] * 4
        starts = [state.tournament.name_of(st.seat_order(g, index)[0]) for g in (1, 2, 3)]
        assert sheet.starts == starts  # the seat order is drawn for every game
    done = sheets[2]
    for game in (1, 2, 3):
        assert done.rows[game - 1] == known_row(state, game, 3, ("score", "place"))
    table = (st.tables(1) or ())[2]
    sums = [sum(st.results[(g, 3)].scores[p] for g in (1, 2, 3)) for p in table]
    assert done.rows[3] == [cell for n in sums for cell in (shown(n), "")]
    assert all(c == "" for c in sheets[0].rows[3])


def ko_rows(sheet: Sheet) -> int:
    """How many player rows a format-D sheet has (the rows with chip boxes)."""
    return sum(1 for n in sheet.chips if n)


def test_format_d_a_sheet_per_open_table_with_lives_chip_boxes_and_the_clock() -> None:
    tour = knockout(10)
    state = tour.state()
    rec = save(tour)
    sheets, html = sheets_of(staff_client(), rec.pk)
    opened = sorted(state.open_tables(), key=lambda t: t.place)
    assert len(sheets) == len(opened) >= 2
    for sheet, table in zip(sheets, opened, strict=True):
        n = len(table.players)
        assert sheet.number == str(table.place) and "Hauptrunde" in sheet.stage
        assert sheet.row_heads[:n] == [state.players[p].name for p in table.players]
        assert sheet.chips[:n] == [2] * n and ko_rows(sheet) == n  # 2 chips in the main bracket
        assert [r[0] for r in sheet.rows[:n]] == ["2"] * n  # two lives each
        assert len(sheet.rows) == n + 12  # room for 12 games
        minute = int(table.opened_at % 86_400) // 60 + 15
        assert f"Scharfes Spiel ab {minute // 60 % 24:02d}:{minute % 60:02d}" in " ".join(
            sheet.text.split()
        )
    for said in ("Kürzel Schiedsrichter", "verlässt den Tisch als …", "Schock aus (Strichliste)",
                 "Leben zu Beginn", "Tisch eröffnet um", "Verlierer des Spiels"):  # fmt: skip
        assert said in html


def test_format_d_the_grand_final_has_three_chip_boxes_and_no_lives() -> None:
    tour = knockout(4)
    state = tour.state()
    a, b, *_ = state.open_tables()[0].players
    knock_out(tour, 1, a)
    rec = save(tour)
    (sheet,), _ = sheets_of(staff_client(), rec.pk)
    assert sheet.rows[0][0] == "2" and sheet.rows[0][2] == "1."  # lives at the start; left 1st
    assert sheet.rows[1][0] == "2" and sheet.rows[1][2] == ""
    rec.delete()
    knock_out(tour, 1, b)
    open_next(tour)
    final = tour.state().grand_final()
    assert final is not None
    rec = save(tour)
    (sheet,), _ = sheets_of(staff_client(), rec.pk)
    assert "großes Finale" in sheet.stage and "Leben zu Beginn" not in sheet.text
    assert sheet.chips[:4] == [3] * 4 and ko_rows(sheet) == 4
    assert [len(r) for r in sheet.rows[:4]] == [4] * 4  # no lives column
    assert "Scharfes Spiel an diesem Tisch nicht" in " ".join(sheet.text.split())


def test_before_the_draw_nothing_is_printed_and_the_page_says_why() -> None:
    rec = save(group("gruppenmodus", 8).tournament)
    sheets, html = sheets_of(staff_client(), rec.pk)
    assert sheets == [] and "Gerade spielt kein Tisch" in html
    day = timezone.localdate() + timedelta(days=7)
    tour = new_tournament("Ohne Tische", load_rules("schocken-ko"), people(6), day=day,
                          at=now(), by=USER)  # fmt: skip
    assert isinstance(tour, KnockoutTournament)
    sheets, html = sheets_of(staff_client(), save(tour).pk)
    assert sheets == [] and "Gerade ist kein Tisch eröffnet" in html


def test_staff_print_sheets_and_find_them_on_the_tables_pages() -> None:
    rec = save(drawn("gruppenmodus", 8).tournament)
    response = Client().get(f"/turniere/{rec.pk}/drucken/spielzettel/")
    assert response.status_code == 302 and "/anmelden/" in response["Location"]
    ref = Client()
    referee(ref)
    assert len(sheets_of(ref, rec.pk)[0]) == 2
    everything = ref.get(f"/turniere/{rec.pk}/drucken/alles/").content.decode()
    assert everything.count('class="table-card"') == 2
    assert everything.count('class="sheet score-sheet"') == 2
    menu = ref.get(f"/turniere/{rec.pk}/drucken/").content.decode()
    assert f"/turniere/{rec.pk}/drucken/spielzettel/" in menu
    link = f'href="/turniere/{rec.pk}/drucken/spielzettel/"'
    assert link in ref.get(f"/turniere/{rec.pk}/tische/").content.decode()
    assert link not in Client().get(f"/turniere/{rec.pk}/tische/").content.decode()
    ko = save(knockout(8))
    tables = staff_client().get(f"/turniere/{ko.pk}/ko-tische/").content.decode()
    assert f'href="/turniere/{ko.pk}/drucken/spielzettel/"' in tables
    assert f'href="/turniere/{ko.pk}/drucken/tischkarten/"' in tables


def test_a_player_who_withdrew_gets_a_dash_in_the_games_left_and_the_others_write_on() -> None:
    state = drawn("gruppenmodus", 8)
    st = state.current
    assert st is not None
    result(state, 1)
    gone = (st.tables(1) or ())[0][1]
    record(state, Withdrawn(n=0, player=gone), at=now(), by=USER)
    _, (first, _) = printed(state)
    assert first.players[1] == state.tournament.name_of(gone)  # the column stays
    assert first.rows[0][3:6] != ["–"] * 3  # Durchgang 1 was played with them
    assert first.rows[1][3:6] == ["–"] * 3 and first.rows[2][3:6] == ["–"] * 3
    assert first.rows[1][0:3] == ["", "", ""]  # the others write on
