"""One write path: the same bad entry sent by the phone at the table, the organiser's form,
the results board and the command line is refused by each in the same words, and nothing is
stored; and the gaps where one way in checked less (or more) than the others are closed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from django.test import Client
from linkhelpers import basis, csrf_post, phone, tap, tokens
from rolehelpers import boss_client, drawn_group, ko_post, ko_state, open_knockout, referee
from webhelpers import forms_of, fresh, text

from factories import logged_in, morning, now, organiser_user
from tafelrunde.cli import main
from tafelrunde.cli.files import save_tournament
from tafelrunde.engine.knockout import KnockoutTournament
from tafelrunde.engine.knockout.actions import tables_to_open
from tafelrunde.engine.knockout.entry import record_all
from tafelrunde.engine.knockout.facts import GameLost, PayFee
from tafelrunde.engine.knockout.table_entry import confirm_loser, enter_loser, table_status
from tafelrunde.engine.tournament_file import loads_any
from tafelrunde.presets import load_rules
from tafelrunde.web.core.domain.knockout import enter
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.models import FactRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture(autouse=True)
def _quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wide console in German for the CLI."""
    monkeypatch.setenv("COLUMNS", "250")
    monkeypatch.delenv("TAFELRUNDE_LANG", raising=False)


class Table:
    """A format A–C tournament with its first game drawn: stored, and as a file."""

    def __init__(self, tmp_path: Path) -> None:
        organiser_user()
        self.pk, state = drawn_group()
        self.tour = state.tournament
        self.stage = state.current.key if state.current else ""
        self.seats = state.current.seated(1, 1) if state.current else ()
        self.file = tmp_path / "turnier.json"
        save_tournament(self.tour, self.file)
        self.boss = logged_in()

    def name(self, player: str) -> str:
        """A player's name."""
        return self.tour.name_of(player)

    def stored(self) -> tuple[int, bytes]:
        """What is stored: the facts in the database and the file's bytes."""
        return FactRecord.objects.filter(tournament_id=self.pk).count(), self.file.read_bytes()


def cli(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str]:
    """Run `tafelrunde ARGS…`; its exit code and everything it printed."""
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out + out.err


def values(t: Table, points: int) -> dict[str, str]:
    """A form's fields for table 1: each player's points (and pips 1, 2, …)."""
    fields = {f"points-{p}": str(points) for p in t.seats}
    return fields | {f"pips-{p}": str(k) for k, p in enumerate(t.seats, 1)}


def by_phone(t: Table, game: int, points: int, _: object) -> str:
    """A player at table 1 enters the result through the table's link."""
    token = tokens(t.boss, t.pk)[0]
    hand = phone()
    tap(hand, token, t.seats[0])
    data = {"action": "enter"} | basis(hand, token) | {"game": str(game)} | values(t, points)
    response = csrf_post(hand, f"/tisch/{token}/", data)
    if response.status_code == 200:  # type: ignore[attr-defined]  # the form, with its errors
        return text(response)
    return text(hand.get(f"/tisch/{token}/"))  # the page, with the message


def by_form(t: Table, game: int, points: int, _: object) -> str:
    """The organiser sends the result form of table 1."""
    data = {"stage": t.stage, "game": str(game), "table": "1", "basis": "0"}
    response = t.boss.post(f"/turniere/{t.pk}/ergebnis/", data | values(t, points))
    return text(response)


def by_board(t: Table, game: int, _points: int, _: object) -> str:
    """The organiser confirms an entry of table 1 on the results board."""
    data = {"stage": t.stage, "game": str(game), "table": "1", "entry": "1"}
    t.boss.post(f"/turniere/{t.pk}/ergebnistafel/bestaetigen/", data)
    return text(t.boss.get(f"/turniere/{t.pk}/ergebnistafel/"))


def by_cli(t: Table, game: int, points: int, capsys: object) -> str:
    """The result of table 1 entered with `tafelrunde result` on the file."""
    scores = ", ".join(f"{t.name(p)}={points}" for p in t.seats)
    pips = ", ".join(f"{t.name(p)}={k}" for k, p in enumerate(t.seats, 1))
    args = ("--table", "1", "--game", str(game), "--scores", scores, "--pips", pips)
    code, said = cli(capsys, "result", t.file, *args)  # type: ignore[arg-type]
    assert code == 2, said
    return said


PATHS: dict[str, Callable[[Table, int, int, object], str]] = {
    "phone": by_phone, "form": by_form, "board": by_board, "cli": by_cli,
}  # fmt: skip
# the bad entry, the game and points it sends, what every way in says, the ways that can send it
BAD = [
    ("game not drawn", 9, 5, "Durchgang 9 ist nicht ausgelost.", ("phone", "form", "board", "cli")),
    ("points below 0", 1, -5, "Spielpunkte von Spieler {first}: mindestens 0.",
     ("phone", "form", "cli")),
]  # fmt: skip


@pytest.mark.parametrize(
    ("way", "game", "points", "said"),
    [
        pytest.param(way, game, points, said, id=f"{case}-{way}")
        for case, game, points, said, ways in BAD
        for way in ways
    ],
)
def test_the_same_bad_entry_is_refused_in_the_same_words_by_every_way_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], way: str, game: int, points: int, said: str
) -> None:
    t = Table(tmp_path)
    before = t.stored()
    page = PATHS[way](t, game, points, capsys)
    first = t.name(t.seats[0]).removeprefix("Spieler ")
    assert said.format(first=first) in page, page[-3000:]
    assert t.stored() == before


def test_the_cli_refuses_to_correct_a_table_that_has_no_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = Table(tmp_path)
    before = t.stored()
    pips = ", ".join(f"{t.name(p)}={k}" for k, p in enumerate(t.seats, 1))
    code, said = cli(capsys, "result", t.file, "--table", "1", "--game", "1", "--pips", pips,
                     "--correct")  # fmt: skip
    assert code == 2
    assert "Tisch 1, Durchgang 1: es gibt kein Ergebnis, das korrigiert werden könnte." in said
    assert t.stored() == before


# -- format D: game losers --------------------------------------------------------------------


def settled_at_the_table(tmp_path: Path) -> tuple[Path, KnockoutTournament, int, int]:
    """A format-D file with two tables open, the first game of one settled by its players
    (one entered the loser, another confirmed): the file, the tournament, that table and
    the fact that settled its game."""
    names = "\n".join(f"Spieler {k}" for k in range(1, 9))
    tour = new_tournament("Schocken", load_rules("schocken-ko"), names, day=None, at=morning(),
                          by="leitung")  # fmt: skip
    assert isinstance(tour, KnockoutTournament)
    paid = [PayFee(n=0, at=0, player=p) for p in tour.state().players]
    record_all(tour, paid, at=now(), by="leitung")
    record_all(tour, list(tables_to_open(tour.state())), at=now(), by="leitung")
    table = tour.state().open_tables()[0]
    a, b = table.remaining[:2]
    record_all(tour, [enter_loser(tour.state(), table.number, a, a)], at=now(), by="Tisch")
    entry = tour.facts[-1].n
    record_all(tour, [confirm_loser(tour.state(), table.number, entry, b)], at=now(), by="Tisch")
    assert table_status(tour.state(), table.number).game == 2  # the first game counts
    path = tmp_path / "schocken.json"
    save_tournament(tour, path)
    return path, tour, table.number, tour.facts[-1].n


def test_the_cli_corrects_a_loser_settled_at_the_table_as_the_organisers_page_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, tour, table, settled = settled_at_the_table(tmp_path)
    a, b = tour.state().tables[table].remaining[:2]
    other = tour.state().players[b].name
    code, said = cli(capsys, "lost", path, other, "--correct", str(settled))
    assert code == 0, said
    after = loads_any(path.read_text(encoding="utf-8"))
    assert isinstance(after, KnockoutTournament)
    assert after.facts[-1].corrects == settled  # type: ignore[union-attr]
    players = after.state().players
    assert (players[a].chips, players[b].chips) == (2, 1)


def test_the_cli_refuses_a_correction_at_another_table_than_the_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, tour, table, _ = settled_at_the_table(tmp_path)
    state = tour.state()
    lost = GameLost(n=0, at=0, table=table, player=state.tables[table].remaining[0])
    record_all(tour, [lost], at=now(), by="leitung")  # a loser the organisers recorded
    save_tournament(tour, path)
    elsewhere = next(t for t in state.tables.values() if t.number != table)
    who = state.players[elsewhere.remaining[0]].name
    before = path.read_bytes()
    args = ("--correct", str(tour.facts[-1].n), "--table", str(elsewhere.place))
    code, said = cli(capsys, "lost", path, who, *args)
    assert code == 2, said
    wrong = f"Fakt {tour.facts[-1].n} ist kein verlorenes Spiel an Tisch {elsewhere.number}."
    assert wrong in said
    assert path.read_bytes() == before


def test_a_referee_takes_back_the_word_they_gave_on_a_format_d_table_as_on_a_group_table() -> None:
    boss, client = boss_client(), Client()
    referee(client)
    pk = open_knockout(boss).pk
    table = ko_state(pk).open_tables()[0]
    a, b = table.remaining[:2]
    enter(pk, lambda _t, s: [enter_loser(s, table.number, a, b)], expected=None, user=None,
          at=now(), by="Tisch 1 · A")  # fmt: skip
    entry = fresh(pk).version
    data = {"game": "1", "table": str(table.number), "entry": str(entry), "action": "confirm"}
    assert client.post(f"/turniere/{pk}/ergebnistafel/bestaetigen/", data).status_code == 302
    word = fresh(pk).version
    assert ko_state(pk).players[b].chips == 1  # the referee's "Stimmt" settled the game
    for target in (word, entry):  # the referee's word, then the player's entry
        response = ko_post(client, pk, "ko-tische/zuruecknehmen/", {"target": target})
        assert response.status_code == 302, text(response)[-2000:]
    assert ko_state(pk).players[b].chips == 2
    assert table_status(ko_state(pk), table.number).status == "open"


# -- the results board: a form made before another entry (the phone checks its version) ----


def board_form(client: Client, pk: int, entry: int) -> dict[str, str]:
    """The fields of the board's button for entry `entry`, as the page shows them."""
    for form in forms_of(client.get(f"/turniere/{pk}/ergebnistafel/")):
        if form.action.endswith("/bestaetigen/") and form.value("entry") == str(entry):
            names = ("stage", "game", "table", "entry", "basis")
            return {k: form.value(k) for k in names} | {"action": "confirm"}
    raise AssertionError(f"no button for entry {entry}")


def test_a_board_confirmation_made_before_another_version_came_in_is_refused(
    tmp_path: Path,
) -> None:
    t = Table(tmp_path)
    token = tokens(t.boss, t.pk)[0]
    url = f"/tisch/{token}/"
    a, b = phone(), phone()
    tap(a, token, t.seats[0])
    csrf_post(a, url, {"action": "enter"} | basis(a, token) | values(t, 5))
    first = FactRecord.objects.filter(tournament_id=t.pk).order_by("n").last()
    assert first is not None
    shown = board_form(t.boss, t.pk, first.n)  # the board shows one version: "Confirm"
    tap(b, token, t.seats[1])
    csrf_post(b, url, {"action": "enter"} | basis(b, token) | values(t, 7))  # another one
    before = t.stored()
    t.boss.post(f"/turniere/{t.pk}/ergebnistafel/bestaetigen/", shown)
    page = text(t.boss.get(f"/turniere/{t.pk}/ergebnistafel/"))
    assert "Inzwischen wurde an diesem Tisch etwas anderes eingetragen" in page
    assert t.stored() == before  # the table stays disputed: the organisers decide


def test_a_format_d_board_confirmation_made_before_another_version_came_in_is_refused() -> None:
    boss = boss_client()
    pk = open_knockout(boss).pk
    table = ko_state(pk).open_tables()[0]
    a, b, c = table.remaining[:3]
    said = {"expected": None, "user": None, "at": now(), "by": "Tisch 1"}
    enter(pk, lambda _t, s: [enter_loser(s, table.number, a, b)], **said)
    shown = board_form(boss, pk, fresh(pk).version)
    enter(pk, lambda _t, s: [enter_loser(s, table.number, c, c)], **said)  # another version
    before = fresh(pk).version
    boss.post(f"/turniere/{pk}/ergebnistafel/bestaetigen/", shown)
    page = text(boss.get(f"/turniere/{pk}/ergebnistafel/"))
    assert "Inzwischen wurde an diesem Tisch etwas anderes eingetragen" in page
    assert fresh(pk).version == before
    assert table_status(ko_state(pk), table.number).status == "disputed"
