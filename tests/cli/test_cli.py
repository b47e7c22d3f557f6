"""The `tafelrunde` command line, in-process (main) and once as the installed console script."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from clirun import Run
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.tournament_file import loads, loads_any
from tafelrunde.presets import preset_names, preset_text

pytestmark = pytest.mark.integration

NAMES = ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Günter"]
SCRIPT = Path(sys.executable).with_name("tafelrunde")


def write_csv(path: Path, names: list[str]) -> Path:
    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["Name", "Verein"])
        for n in names:
            w.writerow([n, "SC Würfel"])
    return path


def names_of(path: Path) -> dict[str, str]:
    t = loads(path.read_text(encoding="utf-8"))
    return {p.id: p.name for p in t.players}


def state_of(path: Path) -> TournamentState:
    return TournamentState(loads(path.read_text(encoding="utf-8")))


def tables_json(cli, path: Path) -> list[dict]:
    r = cli("tables", path, "--json")
    assert r.code == 0, r.err
    return json.loads(r.out)


def seats(cli, path: Path, game: int | None = None) -> list[list[str]]:
    """The names at each table of a game (the latest drawn game when None)."""
    data = tables_json(cli, path)
    entry = data[-1] if game is None else next(d for d in data if d["game"] == game)
    names = names_of(path)
    return [[names[p] for p in t["seats"]] for t in entry["tables"]]


def pairs_text(names: list[str], values: list[int | str]) -> str:
    return ", ".join(f"{n}={v}" for n, v in zip(names, values, strict=True))


def assert_refused(r: Run, *, lang: str = "de") -> str:
    """Exit code 2 and one clear message on stderr, no traceback."""
    assert r.code == 2, (r.out, r.err)
    assert "Traceback" not in r.err + r.out
    message = r.err.strip()
    assert message.startswith("Fehler:" if lang == "de" else "Error:")
    assert "\n" not in message
    return message


# -- fixtures: tournaments in files ---------------------------------------------------


@pytest.fixture
def alhambra(tmp_path: Path, cli) -> Path:
    """Format B with 7 players (a 4-table and a 3-table), game 1 drawn."""
    path = tmp_path / "turnier.json"
    players = write_csv(tmp_path / "spieler.csv", NAMES)
    r = cli("create", path, "--preset", "alhambra", "--players", players, "--seed", "5")
    assert r.code == 0, r.err
    assert cli("draw", path, "--seed", "1").code == 0
    return path


def enter_all(cli, path: Path, game: int) -> None:
    for i, names in enumerate(seats(cli, path, game), start=1):
        values = [100 - 10 * k for k in range(len(names))]
        r = cli("result", path, "--table", str(i), "--scores", pairs_text(names, values))
        assert r.code == 0, r.err


@pytest.fixture
def finished(alhambra: Path, cli) -> Path:
    """The format B tournament played to its end through the command line."""
    enter_all(cli, alhambra, 1)
    assert cli("draw", alhambra, "--seed", "2").code == 0
    enter_all(cli, alhambra, 2)
    assert cli("draw", alhambra, "--seed", "3").code == 0
    enter_all(cli, alhambra, 1)
    return alhambra


@pytest.fixture
def group_final(tmp_path: Path, cli) -> Path:
    """Format A with 4 players from a plain text list: the final group, drawn."""
    path = tmp_path / "gruppen.json"
    players = tmp_path / "spieler.txt"
    players.write_text("# Anmeldungen\nName\nAnna\n\nBernd\nClara\nDieter\n", encoding="utf-8")
    r = cli("create", path, "--preset", "gruppenmodus", "--players", players, "--seed", "4")
    assert r.code == 0, r.err
    assert cli("draw", path, "--seed", "9").code == 0
    return path


# -- the commands ---------------------------------------------------------------------


def test_create_from_csv(tmp_path: Path, cli) -> None:
    path = tmp_path / "t.json"
    players = write_csv(tmp_path / "p.csv", NAMES)
    r = cli("create", path, "--preset", "alhambra", "--players", players, "--seed", "5",
            "--name", "Vereinsmeisterschaft")  # fmt: skip
    assert r.code == 0
    assert "7" in r.out
    t = loads(path.read_text(encoding="utf-8"))
    assert [p.name for p in t.players] == NAMES  # the 'Name' column, not the club
    assert t.name == "Vereinsmeisterschaft" and t.seed == 5
    assert t.ruleset.format == "B"
    assert t.facts == []


def test_create_from_plain_text(group_final: Path) -> None:
    t = loads(group_final.read_text(encoding="utf-8"))
    assert [p.name for p in t.players] == ["Anna", "Bernd", "Clara", "Dieter"]
    assert t.ruleset.format == "A"


def test_create_from_an_own_ruleset_file(tmp_path: Path, cli) -> None:
    rules = tmp_path / "mein-turnier.toml"
    r = cli("preset", "alhambra")
    rules.write_text(r.out.replace("3 = [5, 3, 2] }", "3 = [5, 3, 1] }"), encoding="utf-8")
    path = tmp_path / "t.json"
    players = write_csv(tmp_path / "p.csv", NAMES)
    assert cli("create", path, "--ruleset", rules, "--players", players, "--seed", "1").code == 0
    t = loads(path.read_text(encoding="utf-8"))
    assert t.ruleset.stages[0].scoring.points[3] == (5, 3, 1)


def test_create_refuses_to_overwrite(alhambra: Path, tmp_path: Path, cli) -> None:
    before = alhambra.read_bytes()
    players = write_csv(tmp_path / "p2.csv", NAMES)
    r = cli("create", alhambra, "--preset", "king-lui", "--players", players)
    assert_refused(r)
    assert alhambra.read_bytes() == before


def test_draw_and_tables_json(alhambra: Path, cli) -> None:
    data = tables_json(cli, alhambra)
    assert [d["game"] for d in data] == [1]
    assert data[0]["stage"] == "vorrunde"
    seated = [p for t in data[0]["tables"] for p in t["seats"]]
    assert sorted(seated) == sorted(names_of(alhambra))
    assert sorted(len(t["seats"]) for t in data[0]["tables"]) == [3, 4]


def test_draw_records_its_seed(alhambra: Path, cli) -> None:
    t = loads(alhambra.read_text(encoding="utf-8"))
    (draw,) = t.facts
    assert draw.seed == 1  # type: ignore[union-attr]
    assert draw.by and draw.at  # who and when


def test_result_standings_and_pending(alhambra: Path, cli) -> None:
    (four, three) = sorted(seats(cli, alhambra), key=len, reverse=True)
    t4 = 1 + seats(cli, alhambra).index(four)
    t3 = 1 + seats(cli, alhambra).index(three)
    r = cli("result", alhambra, "--table", t4, "--scores", pairs_text(four, [90, 90, 50, 10]))
    assert r.code == 0, r.err
    r = cli("result", alhambra, "--table", t3, "--scores", pairs_text(three, ["131", "90", "2.5"]))
    assert r.code == 0, r.err
    # standings as JSON: exact numbers as text
    r = cli("standings", alhambra, "--json")
    data = json.loads(r.out)
    assert data["stage"] == "vorrunde" and data["advance"] == 4 and data["complete"] is False
    rows = {row["name"]: row for row in data["rows"]}
    assert rows[four[0]]["values"]["points"] == "4"  # a tie for 1st of two
    assert rows[three[0]]["values"]["points"] == "5"
    assert rows[three[0]]["values"]["game_points"] == "98"  # 131 × 0.75 floored
    assert rows[three[2]]["values"]["game_points"] == "1"  # 2.5 × 0.75 = 1.875 → 1
    assert [row["rank"] for row in data["rows"]] == list(range(1, 8))
    tied = [rows[four[0]], rows[four[1]]]
    assert any(row["decided_by"] == "lot" for row in tied)
    # the same as a table
    r = cli("standings", alhambra)
    assert r.code == 0 and all(n in r.out for n in NAMES)
    # pending: the next draw (game 2)
    r = cli("pending", alhambra, "--json")
    steps = json.loads(r.out)
    assert [s["kind"] for s in steps] == ["draw"]
    assert steps[0]["game"] == 2


def test_rolloff_by_hand_and_by_software(group_final: Path, cli) -> None:
    r = cli("result", group_final, "--table", "1",
            "--pips", "Anna=17, Bernd=17, Clara=12, Dieter=9")  # fmt: skip
    assert r.code == 0, r.err
    r = cli("pending", group_final, "--json")
    steps = json.loads(r.out)
    rolloffs = [s for s in steps if s.get("players")]
    assert len(rolloffs) == 1
    assert sorted(names_of(group_final)[p] for p in rolloffs[0]["players"]) == ["Anna", "Bernd"]
    r = cli("rolloff", group_final, "Bernd", "Anna")
    assert r.code == 0, r.err
    assert "Bernd > Anna" in r.out
    data = json.loads(cli("standings", group_final, "--json").out)
    points = {row["name"]: row["values"]["points"] for row in data["rows"]}
    assert points == {"Bernd": "6", "Anna": "5", "Clara": "2", "Dieter": "0"}
    # pass 2 with a tie for place 3, rolled by the software
    r = cli("result", group_final, "--table", "1",
            "--pips", "Anna=17, Bernd=12, Clara=9, Dieter=9")  # fmt: skip
    assert r.code == 0
    r = cli("rolloff", group_final, "--auto", "--seed", "77")
    assert r.code == 0, r.err
    t = loads(group_final.read_text(encoding="utf-8"))
    last = t.facts[-1]
    assert last.seed == 77  # type: ignore[union-attr]
    data = json.loads(cli("standings", group_final, "--json").out)
    points = {row["name"]: row["values"]["points"] for row in data["rows"]}
    # pass 2: Clara and Dieter roll off for place 3 → 2 and 1 (after 2 and 0 in pass 1)
    assert {int(points["Clara"]) - 2, int(points["Dieter"])} == {2, 1}
    assert points["Anna"] == "11"  # 5 + 6


def test_pending_json_kinds_are_the_step_kinds(group_final: Path, cli) -> None:
    cli("result", group_final, "--table", "1", "--pips", "Anna=17, Bernd=17, Clara=12, Dieter=9")
    steps = json.loads(cli("pending", group_final, "--json").out)
    assert {s["kind"] for s in steps} <= {"draw", "result", "rolloff", "herzog", "finished"}
    assert "rolloff" in {s["kind"] for s in steps}


def test_whole_tournament_ranking_export_history_verify(
    finished: Path, tmp_path: Path, cli
) -> None:
    r = cli("pending", finished, "--json")
    assert [s["kind"] for s in json.loads(r.out)] == ["finished"]
    r = cli("ranking", finished, "--json")
    data = json.loads(r.out)
    assert data["final"] is True
    assert sorted(row["name"] for row in data["ranking"]) == sorted(NAMES)
    assert [row["place"] for row in data["ranking"]] == list(range(1, 8))
    assert [row["stage"] for row in data["ranking"]][:4] == ["finale"] * 4
    r = cli("ranking", finished)
    assert r.code == 0 and "Gesamtwertung" in r.out and "vorläufig" not in r.out
    # export as CSV and JSON, and to stdout
    out_csv, out_json = tmp_path / "endstand.csv", tmp_path / "endstand.json"
    r = cli("export", finished, "--csv", out_csv, "--json", out_json)
    assert r.code == 0, r.err
    assert out_csv.read_bytes().startswith(b"\xef\xbb\xbf")  # for Excel: UTF-8 with BOM, ";"
    rows = list(csv.DictReader(out_csv.open(encoding="utf-8-sig"), delimiter=";"))
    assert [row["name"] for row in rows] == [row["name"] for row in data["ranking"]]
    assert rows[0]["place"] == "1"
    out_en = tmp_path / "ranking.csv"
    assert cli("export", finished, "--csv", out_en, "--lang", "en").code == 0
    assert out_en.read_bytes().startswith(b"\xef\xbb\xbf")  # English: "," and the BOM
    assert out_en.read_text(encoding="utf-8-sig").splitlines()[0] == "place,name,stage,stage_rank"
    exported = json.loads(out_json.read_text(encoding="utf-8"))
    assert [row["name"] for row in exported["ranking"]] == [row["name"] for row in data["ranking"]]
    r = cli("export", finished)
    assert r.out.splitlines()[0] == "place,name,stage,stage_rank"
    assert len(r.out.splitlines()) == 8
    # history lists every entry; verify re-runs the draws
    r = cli("history", finished)
    assert r.code == 0
    t = loads(finished.read_text(encoding="utf-8"))
    assert all(f"{f.n}" in r.out for f in t.facts)
    r = cli("verify", finished)
    assert r.code == 0
    assert r.out.count("ok") == 3


def test_verify_finds_a_changed_draw(finished: Path, cli) -> None:
    data = json.loads(finished.read_text(encoding="utf-8"))
    draw = data["facts"][0]
    draw["tables"][0].reverse()  # another seat order at table 1: still a valid draw
    finished.write_text(json.dumps(data), encoding="utf-8")
    r = cli("verify", finished)
    assert r.code == 1
    assert not r.out.splitlines()[0].endswith("ok")
    assert "anders" in r.out


def test_undo_takes_back_the_latest_entry(alhambra: Path, cli) -> None:
    enter_all(cli, alhambra, 1)
    before = loads(alhambra.read_text(encoding="utf-8"))
    r = cli("undo", alhambra)
    assert r.code == 0 and str(before.facts[-1].n) in r.out
    after = loads(alhambra.read_text(encoding="utf-8"))
    assert after.facts[: len(before.facts)] == before.facts  # nothing is deleted
    assert after.facts[-1].target == before.facts[-1].n  # type: ignore[union-attr]
    pending = json.loads(cli("pending", alhambra, "--json").out)
    assert pending[0]["kind"] == "result"
    r = cli("history", alhambra)
    assert "zurückgenommen" in r.out


def test_rules_presets_and_preset(alhambra: Path, tmp_path: Path, cli) -> None:
    r = cli("presets")
    assert r.code == 0
    assert all(name in r.out for name in preset_names())
    r = cli("preset", "king-lui")
    assert r.code == 0 and r.out == preset_text("king-lui")
    for source in ("gruppenmodus", alhambra):
        r = cli("rules", source)
        assert r.code == 0, r.err
    rules = tmp_path / "mine.toml"
    rules.write_text(preset_text("alhambra"), encoding="utf-8")
    r = cli("--lang", "en", "rules", rules)
    assert r.code == 0 and "Points at a 4-table" in r.out


def test_demo(tmp_path: Path, cli) -> None:
    folder = tmp_path / "demo"
    r = cli("demo", "--dir", folder, "--players", "9", "--seed", "3")
    assert r.code == 0, r.err
    files = sorted(p.name for p in folder.iterdir())
    assert files == ["alhambra.json", "gruppenmodus.json", "king-lui.json", "schocken-ko.json"]
    for f in folder.iterdir():
        t = loads_any(f.read_text(encoding="utf-8"))
        state = TournamentState(t) if isinstance(t, Tournament) else t.state()
        assert state.finished
        assert cli("verify", f).code == 0
    ko = json.loads(cli("ranking", folder / "schocken-ko.json", "--json").out)
    assert ko["final"] and [r["place"] for r in ko["ranking"]] == list(range(1, 10))


# -- bad input: one message, exit code 2, the file unchanged ---------------------------


def refused_unchanged(cli, path: Path, *args: str | Path, lang: str = "de") -> str:
    before = path.read_bytes()
    r = cli(*args)
    message = assert_refused(r, lang=lang)
    assert path.read_bytes() == before
    return message


def table_of_four(cli, path: Path) -> tuple[int, list[str], list[str]]:
    tables = seats(cli, path)
    four = next(t for t in tables if len(t) == 4)
    other = next(t for t in tables if len(t) != 4)
    return 1 + tables.index(four), four, other


def test_unknown_player(alhambra: Path, cli) -> None:
    i, four, _ = table_of_four(cli, alhambra)
    scores = pairs_text([*four[:3], "Zorro"], [1, 2, 3, 4])
    msg = refused_unchanged(cli, alhambra, "result", alhambra, "--table", i, "--scores", scores)
    assert "Zorro" in msg


def test_unknown_player_gets_a_suggestion(alhambra: Path, cli) -> None:
    i, four, _ = table_of_four(cli, alhambra)
    scores = pairs_text([*four[:3], four[3] + "x"], [1, 2, 3, 4])
    msg = refused_unchanged(cli, alhambra, "result", alhambra, "--table", i, "--scores", scores)
    assert four[3] in msg


def test_a_player_missing_from_a_table_result(alhambra: Path, cli) -> None:
    i, four, _ = table_of_four(cli, alhambra)
    scores = pairs_text(four[:3], [1, 2, 3])
    msg = refused_unchanged(cli, alhambra, "result", alhambra, "--table", i, "--scores", scores)
    assert four[3] in msg


def test_a_player_at_the_wrong_table(alhambra: Path, cli) -> None:
    i, four, other = table_of_four(cli, alhambra)
    scores = pairs_text([*four[:3], other[0]], [1, 2, 3, 4])
    msg = refused_unchanged(cli, alhambra, "result", alhambra, "--table", i, "--scores", scores)
    assert other[0] in msg


def test_a_placement_given_twice(alhambra: Path, cli) -> None:
    i, four, _ = table_of_four(cli, alhambra)
    places = pairs_text(four, [1, 2, 2, 3])
    msg = refused_unchanged(cli, alhambra, "result", alhambra, "--table", i, "--places", places)
    assert "1, 2, 2, 3" in msg


def test_a_player_given_twice(alhambra: Path, cli) -> None:
    i, four, _ = table_of_four(cli, alhambra)
    scores = pairs_text([*four, four[0]], [1, 2, 3, 4, 5])
    msg = refused_unchanged(cli, alhambra, "result", alhambra, "--table", i, "--scores", scores)
    assert four[0] in msg


def test_non_numeric_scores(alhambra: Path, cli) -> None:
    i, four, _ = table_of_four(cli, alhambra)
    scores = pairs_text(four, [1, "viel", 3, 4])
    msg = refused_unchanged(cli, alhambra, "result", alhambra, "--table", i, "--scores", scores)
    assert "viel" in msg


def test_a_value_without_a_name(alhambra: Path, cli) -> None:
    i, _, _ = table_of_four(cli, alhambra)
    msg = refused_unchanged(cli, alhambra, "result", alhambra, "--table", i, "--scores", "12, 13")
    assert "erwartet Name=Wert" in msg


def test_non_integer_pips(group_final: Path, cli) -> None:
    pips = "Anna=17, Bernd=3.5, Clara=12, Dieter=9"
    msg = refused_unchanged(cli, group_final, "result", group_final, "--table", "1", "--pips", pips)
    assert "3.5" in msg


@pytest.mark.parametrize("points", ["1/10000000000000000", "99999999999999999999/1", "٣", "1_0"])
def test_points_beyond_the_limits_are_refused_and_the_file_stays_usable(
    group_final: Path, cli, points: str
) -> None:
    pips = "Anna=17, Bernd=12, Clara=9, Dieter=3"
    scores = f"Anna={points}; Bernd=1; Clara=1; Dieter=1"
    msg = refused_unchanged(
        cli, group_final, "result", group_final, "--table", "1", "--pips", pips, "--scores", scores
    )
    assert points[:20] in msg and ("zu groß oder zu fein" in msg or "keine Zahl" in msg)
    assert cli("standings", group_final).code == 0
    assert cli("history", group_final).code == 0
    assert cli("undo", group_final).code == 0  # the draw is taken back; the file works


def test_negative_pips(group_final: Path, cli) -> None:
    pips = "Anna=17, Bernd=-3, Clara=12, Dieter=9"
    msg = refused_unchanged(cli, group_final, "result", group_final, "--table", "1", "--pips", pips)
    assert "Bernd" in msg and "„-3“ liegt nicht zwischen 0 und 999999" in msg


def test_no_such_table(alhambra: Path, cli) -> None:
    _, four, _ = table_of_four(cli, alhambra)
    scores = pairs_text(four, [1, 2, 3, 4])
    msg = refused_unchanged(cli, alhambra, "result", alhambra, "--table", "9", "--scores", scores)
    assert "Tisch 9" in msg


def test_a_result_for_a_finished_stage(finished: Path, cli) -> None:
    (table,) = seats(cli, finished)
    scores = pairs_text(table, [1, 2, 3, 4])
    msg = refused_unchanged(cli, finished, "result", finished, "--table", "1", "--scores", scores)
    assert "kein offenes Ergebnis" in msg
    msg = refused_unchanged(cli, finished, "result", finished, "--table", "1", "--game", "2",
                      "--scores", scores)  # fmt: skip
    assert "Partie 2" in msg


def test_a_second_result_without_correct(alhambra: Path, cli) -> None:
    i, four, _ = table_of_four(cli, alhambra)
    assert (
        cli("result", alhambra, "--table", i, "--scores", pairs_text(four, [4, 3, 2, 1])).code == 0
    )
    again = pairs_text(four, [1, 2, 3, 4])
    refused_unchanged(cli, alhambra, "result", alhambra, "--table", i, "--scores", again)
    msg = refused_unchanged(
        cli, alhambra, "result", alhambra, "--table", i, "--game", "1", "--scores", again
    )
    assert "Korrektur" in msg
    # with --correct it is replaced, and both stay in the file
    r = cli("result", alhambra, "--table", i, "--game", "1", "--correct", "--scores", again)
    assert r.code == 0, r.err
    t = loads(alhambra.read_text(encoding="utf-8"))
    assert t.facts[-1].corrects == t.facts[-2].n  # type: ignore[union-attr]
    data = json.loads(cli("standings", alhambra, "--json").out)
    points = {row["name"]: row["values"]["points"] for row in data["rows"]}
    assert points[four[3]] == "5"


def test_a_rolloff_nobody_needs(group_final: Path, cli) -> None:
    assert "Stechen" in refused_unchanged(cli, group_final, "rolloff", group_final, "Anna", "Bernd")
    assert "kein Stechen offen" in refused_unchanged(
        cli, group_final, "rolloff", group_final, "--auto"
    )
    cli("result", group_final, "--table", "1", "--pips", "Anna=17, Bernd=17, Clara=12, Dieter=9")
    refused_unchanged(cli, group_final, "rolloff", group_final, "Clara", "Dieter")
    refused_unchanged(cli, group_final, "rolloff", group_final, "Anna", "Anna")
    refused_unchanged(cli, group_final, "rolloff", group_final, "Anna")


def test_drawing_before_a_stage_is_finished(alhambra: Path, cli) -> None:
    assert cli("draw", alhambra, "--seed", "2").code == 0  # game 2 of the preliminary
    refused_unchanged(cli, alhambra, "draw", alhambra, "--seed", "3")


def test_drawing_after_the_end(finished: Path, cli) -> None:
    msg = refused_unchanged(cli, finished, "draw", finished)
    assert "nichts mehr auszulosen" in msg


def test_a_corrupt_tournament_file(tmp_path: Path, cli) -> None:
    path = tmp_path / "kaputt.json"
    path.write_text('{"format": "tafelrunde-tournament", "version": 1, "players": [', "utf-8")
    for args in (["draw", path], ["standings", path], ["undo", path], ["verify", path],
                 ["result", path, "--table", "1", "--scores", "a=1"]):  # fmt: skip
        msg = refused_unchanged(cli, path, *args)
        assert "kaputt.json" in msg


def test_a_tournament_file_of_another_kind(tmp_path: Path, cli) -> None:
    path = tmp_path / "other.json"
    path.write_text('{"format": "something", "version": 1}', "utf-8")
    msg = refused_unchanged(cli, path, "ranking", path)
    assert "keine Tafelrunde-Turnierdatei" in msg


def test_a_missing_tournament_file(tmp_path: Path, cli) -> None:
    assert_refused(cli("standings", tmp_path / "nothing.json"))


def test_an_unknown_preset(tmp_path: Path, cli) -> None:
    players = write_csv(tmp_path / "p.csv", NAMES)
    path = tmp_path / "t.json"
    msg = assert_refused(cli("create", path, "--preset", "schach", "--players", players))
    assert "schach" in msg and "alhambra" in msg
    assert not path.exists()
    assert_refused(cli("preset", "schach"))
    assert_refused(cli("rules", "schach"))


def test_a_duplicate_name_in_the_player_list(tmp_path: Path, cli) -> None:
    players = write_csv(tmp_path / "p.csv", [*NAMES, "anna"])
    path = tmp_path / "t.json"
    msg = assert_refused(cli("create", path, "--preset", "alhambra", "--players", players))
    assert "anna" in msg.casefold()
    assert not path.exists()


@pytest.mark.parametrize("names", [["Anna", "Bernd"], []])
def test_a_too_short_player_list(tmp_path: Path, cli, names: list[str]) -> None:
    players = tmp_path / "p.txt"
    players.write_text("\n".join(names), encoding="utf-8")
    path = tmp_path / "t.json"
    assert_refused(cli("create", path, "--preset", "alhambra", "--players", players))
    assert not path.exists()


def test_a_player_count_that_cannot_be_seated(tmp_path: Path, cli) -> None:
    players = tmp_path / "p.txt"
    players.write_text("\n".join(NAMES[:5]), encoding="utf-8")
    path = tmp_path / "t.json"
    msg = assert_refused(cli("create", path, "--preset", "alhambra", "--players", players))
    assert "5" in msg
    assert not path.exists()


def test_english_messages(alhambra: Path, cli) -> None:
    i, four, _ = table_of_four(cli, alhambra)
    scores = pairs_text([*four[:3], "Zorro"], [1, 2, 3, 4])
    msg = refused_unchanged(cli, alhambra, "--lang", "en", "result", alhambra, "--table", i,
                            "--scores", scores, lang="en")  # fmt: skip
    assert "Unknown player 'Zorro'" in msg
    msg = refused_unchanged(cli, alhambra, "result", alhambra, "--lang", "en", "--table", i,
                            "--scores", scores, lang="en")  # fmt: skip
    assert "Unknown player" in msg
    msg = refused_unchanged(cli, alhambra, "result", alhambra, "--table", i, "--scores", scores)
    assert "Unbekannter Spieler" in msg


def test_english_from_the_environment(alhambra: Path, cli, monkeypatch) -> None:
    monkeypatch.setenv("TAFELRUNDE_LANG", "en")
    r = cli("pending", alhambra)
    assert "Result missing" in r.out


def test_errors_as_json_with_json_flag(tmp_path: Path, cli) -> None:
    path = tmp_path / "x.json"
    path.write_text("nope", encoding="utf-8")
    r = cli("standings", path, "--json")
    assert r.code == 2
    data = json.loads(r.out)
    assert data["field"] == "file" and "x.json" in data["error"]


# -- the installed console script -----------------------------------------------------


def test_the_installed_console_script(tmp_path: Path) -> None:
    env = dict(os.environ, COLUMNS="250")
    env.pop("TAFELRUNDE_LANG", None)

    def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(SCRIPT), *map(str, args)],
            capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60, check=False,
        )  # fmt: skip

    players = write_csv(tmp_path / "p.csv", NAMES[:6])
    path = tmp_path / "t.json"
    r = run("--lang", "en", "create", path, "--preset", "king-lui", "--players", players,
            "--seed", "1")  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "created" in r.stdout
    assert run("draw", path, "--seed", "5").returncode == 0
    data = json.loads(run("tables", path, "--json").stdout)
    assert len(data) == 3  # round 1: 3 games at fixed tables
    before = path.read_bytes()
    r = run("--lang", "en", "result", path, "--table", "1", "--scores", "Nobody=1")
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert r.stderr.strip().startswith("Error:") and "Nobody" in r.stderr
    assert path.read_bytes() == before
    r = run("verify", path)
    assert r.returncode == 0 and "ok" in r.stdout


# -- more refusals and known bugs -------------------------------------------------------


def test_export_before_the_end_is_refused(alhambra: Path, tmp_path: Path, cli) -> None:
    out = tmp_path / "e.csv"
    refused_unchanged(cli, alhambra, "export", alhambra, "--csv", out)
    assert not out.exists()


def test_create_needs_exactly_one_of_preset_and_ruleset(tmp_path: Path, cli) -> None:
    players = write_csv(tmp_path / "p.csv", NAMES)
    rules = tmp_path / "r.toml"
    rules.write_text(preset_text("alhambra"), encoding="utf-8")
    path = tmp_path / "t.json"
    both = ["--preset", "alhambra", "--ruleset", rules]
    assert_refused(cli("create", path, *both, "--players", players))
    assert_refused(cli("create", path, "--players", players))
    assert not path.exists()


def test_create_with_a_broken_ruleset_names_the_field(tmp_path: Path, cli) -> None:
    players = write_csv(tmp_path / "p.csv", NAMES)
    rules = tmp_path / "r.toml"
    rules.write_text(preset_text("alhambra").replace("3 = [5, 3, 2] }", "3 = [5, 3] }"), "utf-8")
    path = tmp_path / "t.json"
    msg = assert_refused(cli("create", path, "--ruleset", rules, "--players", players))
    assert "scoring.points.3" in msg
    assert not path.exists()
    msg = assert_refused(cli("rules", rules))
    assert "scoring.points.3" in msg


def test_create_from_a_semicolon_csv(tmp_path: Path, cli) -> None:
    players = tmp_path / "p.csv"
    players.write_text("Teilnehmer;Verein\n" + "".join(f"{n};SC\n" for n in NAMES), "utf-8")
    path = tmp_path / "t.json"
    assert cli("create", path, "--preset", "alhambra", "--players", players).code == 0
    assert [p.name for p in loads(path.read_text(encoding="utf-8")).players] == NAMES


def test_a_result_without_any_values(alhambra: Path, cli) -> None:
    msg = refused_unchanged(cli, alhambra, "result", alhambra, "--table", "1")
    assert "Kein Ergebnis angegeben" in msg


def test_verify_after_an_undo_and_a_correction(group_final: Path, cli) -> None:
    pips = "Anna=1, Bernd=2, Clara=3, Dieter={}"
    assert cli("result", group_final, "--table", "1", "--pips", pips.format(4)).code == 0
    assert cli("undo", group_final).code == 0
    assert cli("result", group_final, "--table", "1", "--pips", pips.format(5)).code == 0
    r = cli("result", group_final, "--table", "1", "--game", "1", "--correct",
            "--pips", pips.format(6))  # fmt: skip
    assert r.code == 0, r.err
    state_of(group_final)  # the file itself is fine
    r = cli("verify", group_final)
    assert r.code == 0, r.err


def test_tables_of_a_game_that_does_not_exist(tmp_path: Path, cli) -> None:
    players = tmp_path / "p.txt"
    players.write_text("\n".join(NAMES[:6]), encoding="utf-8")
    path = tmp_path / "t.json"
    assert cli("create", path, "--preset", "king-lui", "--players", players).code == 0
    assert cli("draw", path, "--seed", "3").code == 0
    assert_refused(cli("tables", path, "--game", "7"))


# -- files that cannot be written: one message, no traceback -------------------------------


def run_catching(cli, *args: str | Path) -> Run:
    """Run the command; an exception escaping main() is the traceback a user would see."""
    try:
        return cli(*args)
    except Exception as err:
        raise AssertionError(f"main() raised instead of refusing: {err!r}") from err


def test_create_in_a_missing_folder(tmp_path: Path, cli) -> None:
    players = write_csv(tmp_path / "p.csv", NAMES)
    r = run_catching(cli, "create", tmp_path / "fehlt" / "t.json", "--preset", "alhambra",
                     "--players", players)  # fmt: skip
    assert_refused(r)


def test_export_into_a_missing_folder(finished: Path, tmp_path: Path, cli) -> None:
    r = run_catching(cli, "export", finished, "--csv", tmp_path / "fehlt" / "e.csv")
    assert_refused(r)


def test_demo_into_a_file(tmp_path: Path, cli) -> None:
    target = tmp_path / "schon-da"
    target.write_text("x", encoding="utf-8")
    r = run_catching(cli, "demo", "--dir", target, "--players", "9")
    assert_refused(r)


def test_an_absurdly_large_score(alhambra: Path, cli) -> None:
    i, four, _ = table_of_four(cli, alhambra)
    before = alhambra.read_bytes()
    r = run_catching(cli, "result", alhambra, "--table", i,
                     "--scores", pairs_text(four, ["1e5000", 1, 2, 3]))  # fmt: skip
    assert_refused(r)
    assert alhambra.read_bytes() == before
