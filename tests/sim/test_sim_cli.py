"""`tafelrunde simulate schocken` end to end, in-process."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.integration


def test_german_table_by_default(cli) -> None:
    run = cli("simulate", "schocken", "--players", "4", "--games", "20", "--seed", "3")
    assert run.code == 0
    for text in ("Schocken-Simulation", "Runden pro Hälfte", "Pitsch Patsch", "Hausnummer"):
        assert text in run.out
    assert "Schock aus" in run.out and "Straße" in run.out


def test_english_with_the_global_lang(cli) -> None:
    run = cli("--lang", "en", "simulate", "schocken", "--games", "5", "--seed", "3", "--fast")
    assert run.code == 0
    assert "rounds per half" in run.out and "whitewashes" in run.out and "fast path" in run.out


def test_json_is_one_object_that_repeats_from_the_seed(cli) -> None:
    args = ("simulate", "schocken", "--players", "5", "--games", "15", "--seed", "42", "--json")
    first, again = cli(*args), cli(*args)
    assert first.code == again.code == 0
    data, same = json.loads(first.out), json.loads(again.out)
    assert data["players"] == 5 and data["games"] == 15 and data["seed"] == 42
    assert data["engine"] == "exact" and data["bot"] == "threshold"
    assert data["whitewashes"]["count"] + data["deciders"]["count"] == 15
    assert set(data["hands"]["kinds"]) == {
        "schock_out",
        "schock",
        "general",
        "straight",
        "house_number",
    }
    for key in ("hands", "rounds_per_half", "lids_moved", "losses_by_seat"):
        assert data[key] == same[key]


def test_json_of_a_long_run_with_a_progress_bar_keeps_stdout_clean(cli) -> None:
    run = cli("simulate", "schocken", "--games", "200", "--seed", "1", "--json")
    assert run.code == 0
    data = json.loads(run.out)
    assert data["engine"] == "exact" and data["games"] == 200


def test_a_missing_seed_is_chosen_and_shown(cli) -> None:
    run = cli("simulate", "schocken", "--games", "2", "--bot", "odds", "--json")
    data = json.loads(run.out)
    assert run.code == 0 and data["bot"] == "odds" and isinstance(data["seed"], int)


@pytest.mark.parametrize(
    ("args", "de", "en"),
    [
        (("--players", "1"), "2 bis 8 Spieler", "2 to 8 players"),
        (("--players", "vier"), "ganze Zahl", "whole number"),
        (("--games", "0"), "mindestens ein Spiel", "at least one game"),
        (("--games", "1.5"), "ganze Zahl", "whole number"),
        (("--seed", "x"), "ganze Zahl", "whole number"),
        (("--bot", "clever"), "unbekannter Bot", "unknown bot"),
        (("--bot", "odds", "--fast"), "threshold-Bot", "threshold bot"),
    ],
)
def test_bad_input_gives_one_message_and_exit_2(cli, args: tuple[str, ...], de: str, en: str):
    run = cli("simulate", "schocken", *args)
    assert run.code == 2 and run.out == ""
    assert "Fehler" in run.err and de in run.err and "Traceback" not in run.err
    run = cli("--lang", "en", "simulate", "schocken", *args, "--json")
    assert run.code == 2
    assert en in json.loads(run.out)["error"]


def test_unknown_game_is_refused_by_the_parser(cli) -> None:
    with pytest.raises(SystemExit) as caught:
        cli("simulate", "skat")
    assert caught.value.code == 2
