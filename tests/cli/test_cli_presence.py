"""Withdraw and join on the command line (formats A–C), and `withdraw` still for format D."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clirun import Run
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.tournament_file import loads
from tafelrunde.presets import preset_text

pytestmark = pytest.mark.integration

NAMES = ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Günter", "Hanna", "Ingo"]


def refused(r: Run) -> str:
    """Exit code 2 and one German message on stderr, no traceback."""
    assert r.code == 2, (r.out, r.err)
    assert "Traceback" not in r.err + r.out
    return r.err.strip()


def state_of(path: Path) -> TournamentState:
    return TournamentState(loads(path.read_text(encoding="utf-8")))


@pytest.fixture
def evening(tmp_path: Path, cli) -> Path:
    """Alhambra with late players allowed, 9 players, game 1 drawn."""
    rules = tmp_path / "regeln.toml"
    rules.write_text(preset_text("alhambra").replace("late_join = false", "late_join = true"),
                     encoding="utf-8")  # fmt: skip
    players = tmp_path / "spieler.txt"
    players.write_text("\n".join(NAMES) + "\n", encoding="utf-8")
    path = tmp_path / "turnier.json"
    assert cli("create", path, "--ruleset", rules, "--players", players, "--seed", "3").code == 0
    assert cli("draw", path, "--seed", "4").code == 0
    return path


def test_withdraw_then_join_then_draw_the_players_present(cli, evening: Path) -> None:
    r = cli("withdraw", evening, "anna", "--at", "2026-11-27T20:15:00+01:00")
    assert r.code == 0, r.err
    assert "Abgemeldet: Anna" in r.out
    assert "noch kein Ergebnis: dort wird ohne Anna gespielt" in r.out
    r = cli("join", evening, "Zoe")
    assert r.code == 0, r.err
    assert "Nachgemeldet: Zoe (p10), bisher 0 Punkte" in r.out
    state = state_of(evening)
    assert list(state.withdrawn) == ["p1"] and list(state.late) == ["p10"]
    fact = state.tournament.facts[1]
    assert fact.at == "2026-11-27T20:15:00+01:00"  # type: ignore[union-attr]
    # the results of game 1 for the players present, then game 2 seats them
    st = state.current
    assert st is not None
    for game, table in st.missing_results():
        scores = ", ".join(f"{state.tournament.name_of(p)}={10 + i}"
                           for i, p in enumerate(st.seated(game, table)))  # fmt: skip
        assert cli("result", evening, "--table", str(table), "--scores", scores).code == 0
    assert cli("draw", evening, "--seed", "5").code == 0
    data = json.loads(cli("tables", evening, "--json").out)
    seated = sorted(p for t in data[-1]["tables"] for p in t["seats"])
    assert "p1" not in seated and "p10" in seated and len(seated) == 9
    standings = cli("standings", evening).out
    assert "Anna (abgemeldet)" in standings and "Zoe (nachgemeldet)" in standings
    rows = json.loads(cli("standings", evening, "--json").out)["rows"]
    assert {r["name"]: (r["withdrawn"], r["late"]) for r in rows}["Anna"] == (True, False)
    assert "Anna (abgemeldet)" in cli("ranking", evening).out
    history = cli("history", evening).out
    assert "player: Anna" in history and "name: Zoe" in history
    assert cli("verify", evening).code == 0  # every draw comes out the same from its seed


def test_undo_takes_a_withdrawal_back(cli, evening: Path) -> None:
    cli("withdraw", evening, "Bernd")
    r = cli("undo", evening)
    assert r.code == 0 and "(withdrawn)" in r.out
    assert state_of(evening).withdrawn == {}


def test_refusals_change_nothing(cli, evening: Path, tmp_path: Path) -> None:
    before = evening.read_text(encoding="utf-8")
    assert "Unbekannter Spieler „Zorro“" in refused(cli("withdraw", evening, "Zorro"))
    assert "„anna“ ist schon angemeldet" in refused(cli("join", evening, "anna"))
    # all or none: the second name is unknown, so Anna stays
    assert "Zorro" in refused(cli("withdraw", evening, "Anna", "Zorro"))
    assert evening.read_text(encoding="utf-8") == before
    cli("withdraw", evening, "Anna")
    assert "Anna ist schon abgemeldet." in refused(cli("withdraw", evening, "Anna"))
    # the presets let nobody join late
    plain = tmp_path / "plain.json"
    players = tmp_path / "spieler.txt"
    cli("create", plain, "--preset", "king-lui", "--players", players, "--seed", "1")
    cli("draw", plain, "--seed", "2")
    said = refused(cli("join", plain, "Zoe"))
    assert "Dieses Regelwerk lässt kein Nachmelden zu; die Regeln können es erlauben." in said
    fresh = tmp_path / "fresh.json"
    cli("create", fresh, "--preset", "alhambra", "--players", players, "--seed", "1")
    assert "vor der ersten Auslosung" in refused(cli("withdraw", fresh, "Anna"))


def test_format_d_keeps_its_own_withdraw_and_has_no_join(cli, tmp_path: Path) -> None:
    path = tmp_path / "ko.json"
    r = cli("create", path, "--preset", "schocken-ko", "--date", "2026-11-27")
    assert r.code == 0, r.err
    assert cli("register", path, "Anna", "Bernd", "--at", "16:35").code == 0
    r = cli("withdraw", path, "Anna", "--at", "16:40")
    assert r.code == 0, r.err
    assert "abgemeldet: Anna" in r.out
    said = refused(cli("join", path, "Zoe"))
    assert "tafelrunde register" in said


def test_the_rules_say_what_happens_to_withdrawn_and_late_players(cli) -> None:
    out = cli("rules", "king-lui").out
    assert "Abmeldungen: Ergebnisse bleiben" in out
    assert "Nachmeldungen: nach der ersten Auslosung kommt niemand mehr dazu" in out
