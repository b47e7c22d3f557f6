"""`tafelrunde simulate tournament` end to end, in-process."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.integration


def test_german_table_by_default(cli) -> None:
    run = cli("simulate", "tournament", "--preset", "schocken-ko", "--players", "9", "--seed", "3")
    assert run.code == 0
    for text in ("Turnier-Simulation", "Dauer (hh:mm)", "Tische gleichzeitig", "Wartezeit"):
        assert text in run.out
    assert "exakte Engine" in run.out


def test_english_spread_over_runs(cli) -> None:
    run = cli(
        "--lang", "en", "simulate", "tournament", "--preset", "king-lui",
        "--players", "13", "--seed", "3", "--runs", "3", "--game-minutes", "15",
    )  # fmt: skip
    assert run.code == 0
    assert "min / median / max" in run.out and "3 (3–5)" in run.out
    assert "15 min per game" in run.out


def test_json_is_one_object_that_repeats_from_the_seed(cli) -> None:
    args = (
        "simulate", "tournament", "--preset", "schocken-ko", "--players", "13",
        "--seed", "8", "--runs", "2", "--fast", "--round-seconds", "30", "--json",
    )  # fmt: skip
    first, again = cli(*args), cli(*args)
    assert first.code == again.code == 0
    data, same = json.loads(first.out), json.loads(again.out)
    data.pop("wall_seconds"), same.pop("wall_seconds")
    assert data == same
    assert data["players"] == 13 and data["runs"] == 2 and data["engine"] == "fast"
    assert data["time_model"]["round_seconds"] == 30
    assert [r["seed"] for r in data["results"]] == [8, 9]
    assert len(data["ranking"]) == 13
    first_run = data["results"][0]
    assert first_run["duration_seconds"] > 0 and ":" in first_run["duration"]
    assert first_run["tables_max"] >= 1 and first_run["games"] > 0


@pytest.mark.parametrize(
    ("args", "word"),
    [
        (("--preset", "skat", "--players", "8"), "skat"),
        (("--preset", "alhambra", "--players", "5"), "5"),
        (("--preset", "schocken-ko", "--players", "zwei"), "zwei"),
        (
            (
                "--preset",
                "schocken-ko",
            ),
            "--players",
        ),
        (
            (
                "--players",
                "8",
            ),
            "--preset",
        ),
        (("--preset", "schocken-ko", "--players", "8", "--round-seconds", "-5"), "-5"),
    ],
)
def test_bad_input_exits_2_with_one_message(cli, args: tuple[str, ...], word: str) -> None:
    run = cli("simulate", "tournament", "--seed", "1", *args)
    assert run.code == 2 and run.out == ""
    assert word in run.err and "Traceback" not in run.err
    assert len(run.err.strip().splitlines()) <= 3


def test_bad_input_as_json(cli) -> None:
    run = cli("simulate", "tournament", "--preset", "x", "--players", "8", "--json")
    assert run.code == 2
    assert json.loads(run.out)["field"] == "--preset"


def test_schocken_still_defaults_to_four_players(cli) -> None:
    run = cli("simulate", "schocken", "--games", "3", "--seed", "1", "--json")
    assert run.code == 0 and json.loads(run.out)["players"] == 4


def test_a_hall_of_few_tables(cli) -> None:
    args = ("simulate", "tournament", "--preset", "schocken-ko", "--players", "24", "--seed", "2")
    free = cli(*args, "--fast", "--json")
    hall = cli(*args, "--fast", "--json", "--tables", "2")
    assert free.code == hall.code == 0
    free_data, hall_data = json.loads(free.out), json.loads(hall.out)
    assert free_data["tables"] is None and hall_data["tables"] == 2
    assert hall_data["results"][0]["tables_max"] == 2 < free_data["results"][0]["tables_max"]
    assert hall_data["spread"]["duration"]["min"] > free_data["spread"]["duration"]["min"]
    table = cli(*args, "--tables", "2")
    assert "Tische in der Halle" in table.out and "2" in table.out
    refused = cli(*args, "--tables", "0")
    assert refused.code != 0 and "mindestens einen Tisch" in refused.err
