"""Format D (Schocken knockout) on the command line: a whole tournament and every refusal."""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from clirun import Run
from tafelrunde.engine.knockout import KnockoutTournament, ranking
from tafelrunde.engine.tournament_file import loads_any

pytestmark = pytest.mark.integration

DAY = "2026-11-21"
NAMES = [
    "Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Günter", "Hanna", "Ingo", "Jutta",
    "Karl", "Lena", "Moritz",
]  # fmt: skip


# -- helpers --------------------------------------------------------------------------


def assert_refused(r: Run, *, lang: str = "de") -> str:
    """Exit code 2 and one clear message on stderr, no traceback."""
    assert r.code == 2, (r.out, r.err)
    assert "Traceback" not in r.err + r.out
    message = r.err.strip()
    assert message.startswith("Fehler:" if lang == "de" else "Error:"), message
    assert "\n" not in message, message
    return message


def refused_unchanged(cli, path: Path, *args: str | Path, lang: str = "de") -> str:
    """The command is refused and the file stays byte-for-byte the same."""
    before = path.read_bytes()
    message = assert_refused(cli(*args), lang=lang)
    assert path.read_bytes() == before
    return message


def ok(r: Run) -> Run:
    assert r.code == 0, (r.out, r.err)
    assert "Traceback" not in r.err
    return r


def clock() -> Iterator[str]:
    """Increasing times of the tournament day from 17:00, 20 seconds apart."""
    s = 17 * 3600
    while True:
        yield f"{s // 3600:02d}:{s % 3600 // 60:02d}:{s % 60:02d}"
        s += 20


def write_list(tmp_path: Path, names: list[str]) -> Path:
    path = tmp_path / "spieler.txt"
    path.write_text("\n".join(names) + "\n", encoding="utf-8")
    return path


def create(cli, tmp_path: Path, names: list[str]) -> Path:
    """A format-D file with the players of a list registered at 16:00 on the tournament day."""
    path = tmp_path / "ko.json"
    players = write_list(tmp_path, names)
    r = cli("create", path, "--preset", "schocken-ko", "--players", players, "--date", DAY,
            "--at", "16:00")  # fmt: skip
    ok(r)
    return path


def paid(cli, tmp_path: Path, names: list[str]) -> Path:
    """A format-D file whose players all paid at 16:40 (before the deadline)."""
    path = create(cli, tmp_path, names)
    ok(cli("pay", path, *names, "--at", "16:40"))
    return path


def status(cli, path: Path, *extra: str) -> dict[str, Any]:
    r = ok(cli("status", path, "--json", *extra))
    return json.loads(r.out)


def facts_of(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))["facts"]


def last_n(path: Path) -> int:
    return facts_of(path)[-1]["n"]


def player(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in data["players"] if p["name"] == name)


def tournament(path: Path) -> KnockoutTournament:
    tour = loads_any(path.read_text(encoding="utf-8"))
    assert isinstance(tour, KnockoutTournament)
    return tour


def play_through(cli, path: Path) -> int:
    """Drive the tournament to its end from `status --json` only; return the steps taken."""
    times = clock()
    for step in range(2000):
        data = status(cli, path)
        if data["finished"]:
            return step
        kinds = [s["kind"] for s in data["next"]]
        if "open_table" in kinds or "open_grand_final" in kinds:
            ok(cli("open", path, "--all", "--at", next(times)))
            continue
        assert "play_table" in kinds, data["next"]
        table = data["open_tables"][0]
        remaining = list(table["chips"])
        assert remaining, table
        loser = remaining[step % len(remaining)]
        name = next(p["name"] for p in data["players"] if p["id"] == loser)
        ok(cli("lost", path, name, "--at", next(times)))
    raise AssertionError("the tournament did not end")


# -- a whole tournament ---------------------------------------------------------------


def test_a_whole_tournament_of_five(tmp_path: Path, cli) -> None:
    names = NAMES[:5]
    path = paid(cli, tmp_path, names)
    play_through(cli, path)

    r = ok(cli("ranking", path, "--json"))
    data = json.loads(r.out)
    assert data["final"] is True
    rows = data["ranking"]
    assert len(rows) == 5
    assert [row["place"] for row in rows].count(1) == 1
    assert [row["place"] for row in rows] == [1, 2, 3, 4, 5]
    assert sorted(row["name"] for row in rows) == sorted(names)
    assert rows[0]["prize"] == "Wanderpokal"

    state = tournament(path).state()
    assert state.finished
    assert [(row["place"], row["id"]) for row in rows] == [
        (row.place, row.player) for row in ranking(state)
    ]
    assert status(cli, path)["winner"] == rows[0]["id"] == state.winner

    out = tmp_path / "endstand.csv"
    ok(cli("export", path, "--csv", out))
    with out.open(encoding="utf-8-sig", newline="") as fh:
        lines = list(csv.reader(fh, delimiter=";"))
    assert lines[0] == ["place", "name", "prize"]
    assert [line[:2] for line in lines[1:]] == [[str(row["place"]), row["name"]] for row in rows]
    assert lines[1][2] == "Wanderpokal"

    tables = json.loads(ok(cli("tables", path, "--json")).out)
    final = tables[-1]
    assert final["bracket"] == "grand_final" and final["closed"] is not None
    assert sorted(final["players"]) == sorted(row["id"] for row in rows[:4])
    assert all(t["closed"] is not None for t in tables)

    assert "ok" in ok(cli("verify", path)).out
    history = ok(cli("history", path)).out
    facts = facts_of(path)
    assert len(facts) > 5 + 5  # registrations, fees, tables and games
    for fact in facts:
        assert re.search(rf"│ {fact['n']}\s+│", history), fact
    assert history.count("Spiel verloren") == sum(f["type"] == "game_lost" for f in facts)


@pytest.mark.parametrize("count", [5, 9, 13])
def test_whole_tournaments_end_with_places_one_to_n(tmp_path: Path, cli, count: int) -> None:
    names = NAMES[:count]
    path = paid(cli, tmp_path, names)
    play_through(cli, path)
    data = status(cli, path)
    assert data["finished"] and data["winner"] in {p["id"] for p in data["players"]}
    rows = json.loads(ok(cli("ranking", path, "--json")).out)["ranking"]
    assert [row["place"] for row in rows] == list(range(1, count + 1))
    assert sorted(row["name"] for row in rows) == sorted(names)
    assert rows[0]["id"] == data["winner"]
    assert [s["kind"] for s in data["next"]] == ["finished"]
    assert f"Sieger: {rows[0]['name']}" in ok(cli("status", path)).out
    state = tournament(path).state()
    assert [(r["place"], r["id"]) for r in rows] == [(r.place, r.player) for r in ranking(state)]
    # after the winner, no more play
    msg = refused_unchanged(cli, path, "open", path, "--all")
    assert "kein Tisch" in msg


# -- registration and the deadline ----------------------------------------------------


def test_registration_after_the_deadline(tmp_path: Path, cli) -> None:
    path = create(cli, tmp_path, NAMES[:4])
    msg = refused_unchanged(cli, path, "register", path, "Zoe", "--at", "16:50")
    assert "Anmeldeschluss" in msg and "16:45" in msg
    # on a later day than the tournament day, even a morning time is late
    msg = refused_unchanged(cli, path, "register", path, "Zoe", "--at", "2026-11-22T10:00")
    assert "Anmeldeschluss" in msg

    ok(cli("register", path, "Zoe", "--late", "--at", "16:50"))
    zoe = player(status(cli, path), "Zoe")
    assert zoe["status"] == "registered" and not zoe["paid"]
    assert "Anmeldung Zoe (nach Anmeldeschluss)" in ok(cli("history", path)).out
    assert facts_of(path)[-1]["override_deadline"] is True


def test_registration_on_an_earlier_day_is_in_time(tmp_path: Path, cli) -> None:
    path = create(cli, tmp_path, NAMES[:4])
    ok(cli("register", path, "Yvonne", "--paid", "--at", "2026-11-20T20:30"))
    yvonne = player(status(cli, path), "Yvonne")
    assert yvonne["paid"] and yvonne["status"] == "waiting"
    last = facts_of(path)[-2]
    assert last["type"] == "register" and "override_deadline" not in last
    # a list registered after the deadline needs --late as well (nothing is written)
    late = tmp_path / "spaet.json"
    players = write_list(tmp_path, NAMES[:4])
    r = cli("create", late, "--preset", "schocken-ko", "--players", players, "--date", DAY,
            "--at", "17:30")  # fmt: skip
    assert "Anmeldeschluss" in assert_refused(r)
    assert not late.exists()


def test_the_deadline_minute_itself_is_in_time(tmp_path: Path, cli) -> None:
    path = create(cli, tmp_path, NAMES[:4])
    ok(cli("register", path, "Punkt", "--at", "16:45"))
    msg = refused_unchanged(cli, path, "register", path, "Knapp", "--at", "16:45:01")
    assert "16:45" in msg
    msg = refused_unchanged(cli, path, "register", path, "Knapp", "--at", "16:50", "--lang", "en",
                            lang="en")  # fmt: skip
    assert "registration closed at 16:45" in msg


def test_history_after_undoing_a_registration(tmp_path: Path, cli) -> None:
    """BUG: `history` crashes (KeyError) once a registration has been taken back."""
    path = create(cli, tmp_path, NAMES[:2])
    ok(cli("undo", path))
    r = cli("history", path)
    assert r.code == 0, r.err
    row = next(line for line in r.out.splitlines() if re.search(r"│ 2\s+│", line))
    assert "Anmeldung" in row and "(zurückgenommen)" in row


def test_history_names_the_undone_registration_after_its_id_is_reused(tmp_path: Path, cli) -> None:
    """BUG: a new player gets the id of an undone registration, and history shows his name."""
    path = create(cli, tmp_path, NAMES[:2])
    ok(cli("undo", path))
    ok(cli("register", path, "Zoe", "--at", "16:10"))
    r = ok(cli("history", path))
    row = next(line for line in r.out.splitlines() if re.search(r"│ 2\s+│", line))
    assert "Bernd" in row and "Zoe" not in row, row


# -- the entry fee --------------------------------------------------------------------


def test_an_unpaid_player_is_not_seated(tmp_path: Path, cli) -> None:
    path = create(cli, tmp_path, NAMES[:5])
    ok(cli("pay", path, "Anna", "Bernd", "Clara", "Dieter", "--at", "16:40"))
    data = status(cli, path)
    assert Decimal(data["money"]["fees_total"]) == 10 * 4
    assert data["money"]["fees_paid"] == 4
    assert player(data, "Emil")["status"] == "registered"
    fees = [s["players"] for s in data["next"] if s["kind"] == "collect_fee"]
    assert fees == [["p005"]]

    msg = refused_unchanged(cli, path, "open", path, "Anna", "Bernd", "Clara", "Emil")
    assert "Emil" in msg and "Startgebühr" in msg

    ok(cli("open", path, "--all", "--at", "17:00"))
    seated = [p for t in status(cli, path)["open_tables"] for p in t["players"]]
    assert "p005" not in seated and len(seated) == 4

    ok(cli("pay", path, "Emil", "--at", "17:01"))
    data = status(cli, path)
    assert Decimal(data["money"]["fees_total"]) == 10 * 5
    assert player(data, "Emil")["status"] == "waiting"
    msg = refused_unchanged(cli, path, "pay", path, "Emil")
    assert "schon bezahlt" in msg


# -- game losers ----------------------------------------------------------------------


@pytest.fixture
def seated(cli, tmp_path: Path) -> Path:
    """Five paid players; table 1 seats Anna, Bernd, Clara, Dieter, Emil waits."""
    path = paid(cli, tmp_path, NAMES[:5])
    ok(cli("open", path, "--all", "--at", "17:00"))
    table = status(cli, path)["open_tables"]
    assert [t["players"] for t in table] == [["p001", "p002", "p003", "p004"]]
    return path


def test_lost_refusals(seated: Path, cli) -> None:
    path = seated
    msg = refused_unchanged(cli, path, "lost", path, "Zorro")
    assert "Zorro" in msg and "gibt es nicht" in msg
    msg = refused_unchanged(cli, path, "lost", path, "Emil")
    assert "Emil" in msg and "an keinem Tisch" in msg
    msg = refused_unchanged(cli, path, "lost", path, "Anna", "--table", "9")
    assert "Tisch 9" in msg and "gibt es nicht" in msg
    msg = refused_unchanged(cli, path, "lost", path, "Emil", "--table", "1")
    assert "Emil" in msg and "sitzt nicht dort" in msg
    # a player who has left the table
    ok(cli("lost", path, "Anna", "--at", "17:01"))
    ok(cli("lost", path, "Anna", "--at", "17:02"))
    msg = refused_unchanged(cli, path, "lost", path, "Anna", "--table", "1")
    assert "Anna" in msg and "verlassen" in msg
    # English
    msg = refused_unchanged(cli, path, "lost", path, "Zorro", "--lang", "en", lang="en")
    assert "there is no player 'Zorro'" in msg


def test_lost_at_another_table(tmp_path: Path, cli) -> None:
    path = paid(cli, tmp_path, NAMES[:8])
    ok(cli("open", path, "--all", "--at", "17:00"))
    tables = status(cli, path)["open_tables"]
    assert len(tables) == 2
    other = tables[1]["players"][0]
    name = player_name(status(cli, path), other)
    msg = refused_unchanged(cli, path, "lost", path, name, "--table", "1")
    assert name in msg and "sitzt nicht dort" in msg and "Tisch 1" in msg
    ok(cli("lost", path, name, "--table", "2", "--at", "17:01"))


def player_name(data: dict[str, Any], pid: str) -> str:
    return next(p["name"] for p in data["players"] if p["id"] == pid)


def chips(data: dict[str, Any]) -> dict[str, int]:
    return {player_name(data, p): c for t in data["open_tables"] for p, c in t["chips"].items()}


def test_a_correction_and_undos(seated: Path, cli) -> None:
    path = seated
    ok(cli("lost", path, "Anna", "--at", "17:01"))
    wrong = last_n(path)
    assert chips(status(cli, path))["Anna"] == 1

    r = ok(cli("lost", path, "Bernd", "--correct", str(wrong), "--at", "17:02"))
    fix = last_n(path)
    assert f"korrigiert Nr. {wrong}" in r.out
    after = chips(status(cli, path))
    assert (after["Anna"], after["Bernd"]) == (2, 1)
    assert f"(korrigiert durch Nr. {fix})" in ok(cli("history", path)).out

    # a correction must name a game lost
    msg = refused_unchanged(cli, path, "lost", path, "Clara", "--correct", "1")
    assert "Nr. 1" in msg and "kein eingetragenes verlorenes Spiel" in msg

    # undo takes back the correction first: Anna lost again, Bernd has both chips
    r = ok(cli("undo", path))
    assert f"Nr. {fix} zurückgenommen" in r.out
    after = chips(status(cli, path))
    assert (after["Anna"], after["Bernd"]) == (1, 2)
    # and then the game itself
    r = ok(cli("undo", path))
    assert f"Nr. {wrong} zurückgenommen" in r.out
    assert set(chips(status(cli, path)).values()) == {2}
    # and then the table
    ok(cli("undo", path))
    data = status(cli, path)
    assert data["open_tables"] == [] and len(data["queues"]["main"]) == 5
    history = ok(cli("history", path)).out
    assert history.count("(zurückgenommen)") >= 2
    assert "ok" in ok(cli("verify", path)).out


def test_history_of_a_corrected_correction(seated: Path, cli) -> None:
    """BUG: a game whose correction is corrected again is shown as taken back (undone)."""
    path = seated
    ok(cli("lost", path, "Anna", "--at", "17:01"))
    first = last_n(path)
    ok(cli("lost", path, "Bernd", "--correct", str(first), "--at", "17:02"))
    second = last_n(path)
    ok(cli("lost", path, "Clara", "--correct", str(second), "--at", "17:03"))
    third = last_n(path)
    assert chips(status(cli, path)) == {"Anna": 2, "Bernd": 2, "Clara": 1, "Dieter": 2}
    lines = ok(cli("history", path)).out.splitlines()
    row = {n: next(x for x in lines if re.search(rf"│ {n}\s+│", x)) for n in (first, second)}
    assert f"(korrigiert durch Nr. {third})" in row[second]
    assert "(zurückgenommen)" not in row[first], row[first]
    assert "korrigiert durch" in row[first], row[first]


def test_undo_on_a_fresh_file_is_refused(tmp_path: Path, cli) -> None:
    path = tmp_path / "leer.json"
    ok(cli("create", path, "--preset", "schocken-ko", "--date", DAY))
    assert facts_of(path) == []
    msg = refused_unchanged(cli, path, "undo", path)
    assert "nichts zurückzunehmen" in msg


def test_undo_until_empty_then_refused(tmp_path: Path, cli) -> None:
    path = create(cli, tmp_path, NAMES[:2])
    assert len(facts_of(path)) == 2
    ok(cli("undo", path))
    ok(cli("undo", path))
    assert status(cli, path)["players"] == []
    refused_unchanged(cli, path, "undo", path)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_lost_says_where_a_player_goes_who_reaches_the_grand_final(
    tmp_path: Path, cli, lang: str
) -> None:
    """BUG: leaving the main final table straight into the grand final prints "… und ."."""
    path = paid(cli, tmp_path, NAMES[:4])
    ok(cli("open", path, "--all", "--at", "17:00"))
    for at in ("17:01", "17:02"):
        ok(cli("lost", path, "Anna", "--at", at))
    ok(cli("lost", path, "Bernd", "--at", "17:03"))
    r = ok(cli("lost", path, "Bernd", "--at", "17:04", "--lang", lang))
    assert player(status(cli, path), "Bernd")["status"] == "finalist"
    line = next(line for line in r.out.splitlines() if line.startswith("Bernd"))
    assert not re.search(r"(und|and) \.$", line), line


# -- Schock aus and donations ---------------------------------------------------------


def test_schock_out_and_donations(seated: Path, cli) -> None:
    path = seated
    ok(cli("schockaus", path, "Anna", "--donated", "--at", "17:03"))
    money = status(cli, path)["money"]
    assert money["schock_out_kings"] == ["p001"]
    assert money["schock_out_counts"] == {"p001": 1}
    assert money["donations"] == 1 and Decimal(money["donations_total"]) == 3

    r = ok(cli("schockaus", path, "Bernd", "--at", "17:04"))
    nr = last_n(path)
    assert f"donate {path} {nr}" in " ".join(r.out.split())
    money = status(cli, path)["money"]
    assert money["schock_out_kings"] == ["p001"] and "p002" not in money["schock_out_counts"]
    assert money["donations"] == 1

    ok(cli("donate", path, str(nr), "--at", "17:05"))
    money = status(cli, path)["money"]
    assert money["schock_out_counts"] == {"p001": 1, "p002": 1}
    assert money["schock_out_kings"] == ["p001", "p002"]
    assert money["donations"] == 2 and Decimal(money["donations_total"]) == 2 * 3

    msg = refused_unchanged(cli, path, "donate", path, str(nr))
    assert "schon gespendet" in msg
    msg = refused_unchanged(cli, path, "donate", path, "1")
    assert "kein Schock aus" in msg

    ok(cli("schockaus", path, "Bernd", "--donated", "--at", "17:06"))
    money = status(cli, path)["money"]
    assert money["schock_out_kings"] == ["p002"]
    assert Decimal(money["donations_total"]) == 3 * 3
    assert "Schock-Aus-König: Bernd" in ok(cli("status", path)).out


# -- commands of the other formats ----------------------------------------------------


def test_draw_result_rolloff_on_a_knockout_file(seated: Path, cli) -> None:
    path = seated
    msg = refused_unchanged(cli, path, "draw", path)
    assert "draw" in msg and "tafelrunde open" in msg
    msg = refused_unchanged(cli, path, "result", path, "--table", "1", "--scores", "Anna=1")
    assert "result" in msg and "tafelrunde lost" in msg
    msg = refused_unchanged(cli, path, "rolloff", path, "Anna", "Bernd")
    assert "rolloff" in msg and "tafelrunde lost" in msg
    msg = refused_unchanged(cli, path, "draw", path, "--lang", "en", lang="en")
    assert "format D has no 'draw'" in msg


def test_knockout_commands_on_a_group_file(tmp_path: Path, cli) -> None:
    path = tmp_path / "gruppen.json"
    players = write_list(tmp_path, NAMES[:9])
    ok(cli("create", path, "--preset", "gruppenmodus", "--players", players, "--seed", "3"))
    for args in (("status", path), ("lost", path, "Anna"), ("open", path, "--all"),
                 ("register", path, "Zoe"), ("schockaus", path, "Anna")):  # fmt: skip
        msg = refused_unchanged(cli, path, *args)
        assert "gruppen.json ist kein Turnier im Format D" in msg, args
    r = cli("status", path, "--json")
    assert r.code == 2 and json.loads(r.out)["field"] == "file"


# -- opening tables -------------------------------------------------------------------


def test_open_by_hand_and_nothing_to_open(tmp_path: Path, cli) -> None:
    path = paid(cli, tmp_path, NAMES[:5])
    msg = refused_unchanged(cli, path, "open", path, "Anna", "Bernd")
    assert "nicht 2" in msg
    ok(cli("open", path, "Bernd", "Clara", "Dieter", "Emil", "--at", "17:00"))
    r = ok(cli("tables", path, "--json"))
    rows = json.loads(r.out)
    assert len(rows) == 1 and rows[0]["by_hand"] is True
    assert rows[0]["players"] == ["p002", "p003", "p004", "p005"]
    assert "von Hand" in ok(cli("history", path)).out
    msg = refused_unchanged(cli, path, "open", path, "Anna", "Bernd", "Clara")
    assert "Bernd" in msg and "sitzt schon an Tisch 1" in msg
    # only Anna waits: nothing can be opened
    msg = refused_unchanged(cli, path, "open", path)
    assert "kein Tisch zu eröffnen" in msg
    refused_unchanged(cli, path, "open", path, "--all")


def test_open_suggested_is_not_by_hand(seated: Path, cli) -> None:
    rows = json.loads(ok(cli("tables", seated, "--json")).out)
    assert [row["by_hand"] for row in rows] == [False]


# -- language, rules, presets ---------------------------------------------------------


def test_status_in_english(seated: Path, cli) -> None:
    en = ok(cli("status", seated, "--lang", "en", "--at", "17:20")).out
    de = ok(cli("status", seated, "--at", "17:20")).out
    assert "Entry fees: 5 paid = 50 €" in en and "Startgebühren" not in en
    assert "Startgebühren: 5 paid" not in de and "Startgebühren: 5 bezahlt = 50 €" in de
    assert "main bracket" in en and "Hauptrunde" not in en
    assert "sharp" in en  # the table opened 20 minutes ago
    data = status(cli, seated, "--lang", "en")
    assert player(data, "Emil")["status_text"] == "waiting"
    assert ok(cli("--lang", "en", "status", seated)).out.count("Entry fees") == 1


def test_rules_and_presets(seated: Path, cli) -> None:
    for source in (seated, "schocken-ko"):
        out = ok(cli("rules", source)).out
        assert "Anmeldeschluss" in out and "16:45" in out, source
    en = ok(cli("rules", "schocken-ko", "--lang", "en")).out
    assert "deadline" in en and "16:45" in en
    presets = ok(cli("presets")).out
    line = next(line for line in presets.splitlines() if "schocken-ko" in line)
    assert re.search(r"│ D\s+│", line), line


# -- damaged files --------------------------------------------------------------------


def damage(path: Path, fact: dict[str, Any]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["facts"].append({"n": data["facts"][-1]["n"] + 1, "at": 61_500, **fact})
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("command", ["status", "ranking", "tables", "history", "verify", "lost"])
def test_a_damaged_file_is_refused(seated: Path, cli, command: str) -> None:
    damage(seated, {"type": "game_lost", "table": 7, "player": "p001"})
    args = ["lost", seated, "Anna"] if command == "lost" else [command, seated]
    msg = refused_unchanged(cli, seated, *args)
    assert "passen nicht zusammen" in msg and "Tisch 7" in msg


@pytest.mark.parametrize(
    "fact",
    [
        {"type": "game_won", "table": 1, "player": "p001"},
        {"type": "game_lost", "player": "p001"},
        {"type": "open_table", "bracket": "side", "players": ["p005"]},
    ],
)
def test_a_broken_fact_is_refused(seated: Path, cli, fact: dict[str, Any]) -> None:
    damage(seated, fact)
    msg = refused_unchanged(cli, seated, "status", seated)
    assert "beschädigt" in msg
    r = cli("status", seated, "--json")
    assert r.code == 2 and json.loads(r.out)["field"] == "file"


def test_a_bad_time_is_refused_as_json(seated: Path, cli) -> None:
    r = cli("status", seated, "--json", "--at", "25:99")
    assert r.code == 2
    data = json.loads(r.out)
    assert data["field"] == "--at" and "25:99" in data["error"]
    msg = refused_unchanged(cli, seated, "lost", seated, "Anna", "--at", "halb fünf")
    assert "halb fünf" in msg


# -- fees of all present, fee marks taken back, the hall's tables ----------------------


def test_pay_all_present_and_take_a_fee_mark_back(tmp_path: Path, cli) -> None:
    path = create(cli, tmp_path, NAMES[:6])
    ok(cli("withdraw", path, "Frieda", "--at", "16:20"))
    r = ok(cli("pay", path, "--all", "--at", "16:40"))
    assert "Startgebühr bezahlt, alle Anwesenden (5): Anna, Bernd, Clara, Dieter, Emil" in r.out
    assert facts_of(path)[-1]["type"] == "pay_fees"
    msg = refused_unchanged(cli, path, "pay", path, "--all")
    assert "schon bezahlt" in msg
    msg = refused_unchanged(cli, path, "pay", path, "Anna", "--all")
    assert "--all" in msg
    r = ok(cli("unpay", path, "Emil", "--at", "16:41"))
    assert "zurückgenommen: Emil" in r.out
    assert player(status(cli, path), "Emil")["status"] == "registered"
    ok(cli("open", path, "--all", "--at", "17:00"))
    msg = refused_unchanged(cli, path, "unpay", path, "Anna")
    assert "Anna" in msg and "bleibt bezahlt" in msg
    r = ok(cli("undo", path))
    assert "Nr." in r.out


def test_the_hall_tables_number_the_open_tables(tmp_path: Path, cli) -> None:
    path = paid(cli, tmp_path, NAMES[:12])
    r = ok(cli("hall", path, "2", "--at", "16:50"))
    assert "Tische in der Halle: 2" in r.out
    r = ok(cli("open", path, "--all", "--at", "17:00"))
    assert "Tisch 1 eröffnet" in r.out and "Tisch 2 eröffnet" in r.out
    assert "Alle Tische der Halle (2) sind belegt" in r.out
    data = status(cli, path)
    assert [t["hall_table"] for t in data["open_tables"]] == [1, 2]
    assert "wait_for_table" in [s["kind"] for s in data["next"]]
    msg = refused_unchanged(cli, path, "open", path)
    assert "kein Tisch zu eröffnen" in msg
    msg = refused_unchanged(cli, path, "hall", path, "1")
    assert "Tisch 2" in msg
    msg = refused_unchanged(cli, path, "hall", path, "0")
    assert "mindestens 1" in msg
    times = clock()
    first = data["open_tables"][0]["players"]
    for pid in first[:2]:  # hall table 1 finishes
        while pid in status(cli, path)["open_tables"][0]["chips"]:
            ok(cli("lost", path, pid, "--table", "1", "--at", next(times)))
    r = ok(cli("open", path, "--at", "17:30"))
    assert "Tisch 1 eröffnet" in r.out
    rows = json.loads(ok(cli("tables", path, "--json")).out)
    assert [(r["hall_table"], r["closed"] is None) for r in rows] == [
        (1, False),
        (2, True),
        (1, True),
    ]
