"""A club's ruleset file goes wherever a shipped preset goes on the command line (`create
--preset` and `--ruleset`, `simulate tournament --preset`, `rules`), formats A–C and D alike;
a file that is missing, no TOML or not a ruleset is refused at the option that names it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clirun import Run
from tafelrunde.engine.tournament_file import loads_any
from tafelrunde.presets import load_rules, preset_names, preset_text

pytestmark = pytest.mark.integration

# a group ruleset of the club, after the shipped Alhambra preset: tables of five, two games
FIVES = """\
# Fünferrunde: Tische zu fünft, zwei Partien.
schema = 1
name = "Fünferrunde"
name_en = "Round of five"
format = "B"
description = "Tische zu 5 Spielern (4er nur wenn nötig), 2 Partien, Turnierpunkte 6/4/3/2/1."

[defaults]
points_name = "TP"
tables = { prefer = 5, allow = [4] }
seating = "draw"
seat_order = "drawn"
result = { score = "required", pips = false }
placement_by = ["score"]

[defaults.scoring]
tie = "split"
points = { 5 = [6, 4, 3, 2, 1], 4 = [6, 4, 3, 2] }

[[stages]]
id = "runde"
name = "Fünferrunde"
games = 2
ranking = ["points", "game_points", "lot"]
"""
NAMES = ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Günter", "Hanna", "Ingo"]


def ok(r: Run) -> Run:
    assert r.code == 0, (r.out, r.err)
    assert "Traceback" not in r.err + r.out
    return r


def refused(r: Run) -> str:
    """Exit code 2 and one German message on stderr, no traceback."""
    assert r.code == 2, (r.out, r.err)
    assert "Traceback" not in r.err + r.out
    message = r.err.strip()
    assert message.startswith("Fehler:") and "\n" not in message, message
    return message


@pytest.fixture
def fives(tmp_path: Path) -> Path:
    path = tmp_path / "fuenfer.toml"
    path.write_text(FIVES, encoding="utf-8")
    return path


@pytest.fixture
def knockout(tmp_path: Path) -> Path:
    """A format-D ruleset of the club: the shipped knockout with one life."""
    text = preset_text("schocken-ko")
    assert text.count("lives = 2") == 1
    path = tmp_path / "vereins-ko.toml"
    path.write_text(text.replace("lives = 2", "lives = 1"), encoding="utf-8")
    return path


@pytest.fixture
def players(tmp_path: Path) -> Path:
    path = tmp_path / "spieler.txt"
    path.write_text("\n".join(NAMES) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("option", ["--preset", "--ruleset"])
def test_create_takes_the_file_at_either_option(
    cli, tmp_path: Path, fives: Path, players: Path, option: str
) -> None:
    path = tmp_path / "turnier.json"
    ok(cli("create", path, option, fives, "--players", players, "--seed", "1"))
    tour = loads_any(path.read_text(encoding="utf-8"))
    assert tour.ruleset == load_rules(str(fives))  # type: ignore[union-attr]
    assert tour.name == "Fünferrunde"
    ok(cli("draw", path))


def test_simulate_takes_a_group_ruleset_file(cli, fives: Path) -> None:
    args = ("simulate", "tournament", "--preset", fives, "--players", "13", "--seed", "1")
    data = json.loads(ok(cli(*args, "--json")).out)
    assert (data["preset"], data["name"], data["format"]) == ("fuenfer.toml", "Fünferrunde", "B")
    assert len(data["ranking"]) == 13
    table = ok(cli(*args)).out
    assert "Turnier-Simulation: Fünferrunde" in table and "fuenfer.toml (Format B)" in table


def test_a_knockout_ruleset_file_is_simulated_and_created(
    cli, tmp_path: Path, knockout: Path, players: Path
) -> None:
    run = cli("simulate", "tournament", "--preset", knockout, "--players", "9", "--seed", "3",
              "--fast", "--json")  # fmt: skip
    data = json.loads(ok(run).out)
    assert (data["preset"], data["format"], data["knockout"]) == ("vereins-ko.toml", "D", True)
    path = tmp_path / "ko.json"
    ok(cli("create", path, "--preset", knockout, "--date", "2026-11-21", "--players", players,
           "--at", "16:00"))  # fmt: skip
    assert loads_any(path.read_text(encoding="utf-8")).rules.lives == 1  # type: ignore[union-attr]


def test_the_rules_of_the_file_read_back(cli, fives: Path) -> None:
    assert "Punkte am 5er-Tisch: 6, 4, 3, 2, 1" in ok(cli("rules", fives)).out


def test_a_file_with_a_byte_order_mark_is_taken_as_by_rules(
    cli, tmp_path: Path, fives: Path, players: Path
) -> None:
    marked = tmp_path / "bom.toml"
    marked.write_text(FIVES, encoding="utf-8-sig")
    ok(cli("rules", marked))
    ok(cli("create", tmp_path / "t.json", "--ruleset", marked, "--players", players))
    assert load_rules(str(marked)) == load_rules(str(fives))


def test_a_shipped_preset_is_simulated_by_its_name_as_before(cli) -> None:
    run = cli("simulate", "tournament", "--preset", "alhambra", "--players", "8", "--seed", "1",
              "--json")  # fmt: skip
    assert json.loads(ok(run).out)["preset"] == "alhambra"


COMMANDS = {
    "create --preset": ("create", "{out}", "--preset", "{value}", "--players", "{players}"),
    "create --ruleset": ("create", "{out}", "--ruleset", "{value}", "--players", "{players}"),
    "simulate --preset": ("simulate", "tournament", "--preset", "{value}", "--players", "8"),
}
BAD = {  # a value, the text of its file (None: none, or the bytes below), the reason
    "missing file": ("fehlt.toml", None, "/fehlt.toml“ ist weder eine Vorlage"),
    "unknown preset": ("skat", None, "„skat“ ist weder eine Vorlage (alhambra, gruppenmodus"),
    "no TOML": ("kaputt.toml", 'name = "Fünf\n', "kaputt.toml ist kein gültiges TOML"),
    "not UTF-8": ("latin.toml", None, "latin.toml lässt sich nicht lesen"),
    "a wrong entry": ("null.toml", FIVES.replace("games = 2", "games = 0"),
                      "stages[1].games: muss zwischen 1 und 50 liegen (steht: 0)."),
    "unknown key": ("extra.toml", FIVES.replace("schema = 1", "schema = 1\nfarbe = 1"),
                    "farbe: unbekannter Eintrag"),
}  # fmt: skip


@pytest.mark.parametrize("bad", sorted(BAD))
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_bad_ruleset_is_refused_at_its_option(
    cli, tmp_path: Path, players: Path, command: str, bad: str
) -> None:
    name, text, said = BAD[bad]
    value = tmp_path / name if name.endswith(".toml") else Path(name)
    if text is not None:
        value.write_text(text, encoding="utf-8")
    elif bad == "not UTF-8":
        value.write_bytes('name = "Fünfer"\n'.encode("latin-1"))
    out = tmp_path / "turnier.json"
    args = [a.format(out=out, value=value, players=players) for a in COMMANDS[command]]
    message = refused(cli(*args))
    option = command.split()[-1]
    assert message.startswith(f"Fehler: {option}: "), message
    assert said in message
    assert not out.exists()


def test_the_refusal_as_json_names_the_option(cli, tmp_path: Path) -> None:
    run = cli("simulate", "tournament", "--preset", tmp_path / "fehlt.toml", "--players", "8",
              "--json")  # fmt: skip
    assert run.code == 2
    said = json.loads(run.out)
    assert said["field"] == "--preset" and "fehlt.toml" in said["error"]


def test_the_help_offers_a_ruleset_file(cli, capsys: pytest.CaptureFixture[str]) -> None:
    for command in (("create", "x.json"), ("simulate", "tournament")):
        with pytest.raises(SystemExit):
            cli(*command, "--help")
        shown = " ".join(capsys.readouterr().out.split())
        assert "oder Regeldatei (TOML)" in shown
        assert all(name in shown for name in preset_names())
