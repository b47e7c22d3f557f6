"""Every bound in one place: numbers, texts, rulesets, files; what is accepted reads back."""

from __future__ import annotations

import json
import time
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import HOSTILE_FILE_CHANGES, add, preset_data, tournament
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.export import FORMULA_STARTS, csv_cell, csv_text, final_ranking, sheet_row
from tafelrunde.engine.groups.actions import record
from tafelrunde.engine.groups.facts import Draw, Result, Tournament
from tafelrunde.engine.groups.ruleset_file import ruleset_from_dict
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.limits import (
    MAX_GAMES,
    MAX_PLAYERS,
    SCORE_DIGITS,
    bad_character,
    checked_name,
    whole_number,
)
from tafelrunde.engine.numbers import exact_text, parse_number
from tafelrunde.engine.players import Player, parse_player_names
from tafelrunde.engine.tables import TableRule, plan_tables
from tafelrunde.engine.tournament_file import dumps, loads, loads_any, to_data
from tafelrunde.presets import preset_text, rules_from_toml
from tafelrunde.sim.autoplay import play_to_end

pytestmark = pytest.mark.unit

LARGEST = 10**SCORE_DIGITS

# -- numbers: one parser, one set of limits -----------------------------------------------


@pytest.mark.parametrize(
    "text", ["1/10000000000000000", "99999999999999999999/1", "-99999999999999999999/7",
             "1000000000000000", "0.0000000000000001", "1/1000000000000001"],
)  # fmt: skip
def test_a_number_beyond_the_limits_is_refused_on_every_path(text: str) -> None:
    with pytest.raises(RuleError) as info:
        parse_number(text, field="points")
    assert "zu groß oder zu fein" in info.value.text("de") and info.value.field == "points"


@pytest.mark.parametrize(
    "text", ["²", "1_000", "٣", "３", "1e5", "nan", "inf", "0x10", "+-1", "1/-3", "١/٢", "", " "]
)
def test_only_ascii_digits_make_a_number(text: str) -> None:
    with pytest.raises(RuleError) as info:
        parse_number(text, field="points")
    assert "keine Zahl" in info.value.text("de")


number_texts = st.text(alphabet="0123456789.,/-+ ²٣３_e", max_size=40) | st.from_regex(
    r"-?[0-9]{1,20}([.,][0-9]{1,20})?(/[0-9]{1,20})?", fullmatch=True
)


@given(text=number_texts)
def test_every_accepted_number_is_within_the_limits_and_reads_back(text: str) -> None:
    try:
        value = parse_number(text, field="points")
    except RuleError:
        return
    assert abs(value) < LARGEST and Fraction(value).denominator <= LARGEST
    assert parse_number(exact_text(value), field="points") == value


@given(value=st.fractions(min_value=-(10**14), max_value=10**14, max_denominator=10**15))
def test_exact_numbers_within_the_limits_are_accepted(value: Fraction) -> None:
    assert parse_number(exact_text(value), field="points") == value


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [("²", 0, 9), ("1_000", 0, 9999), ("٣", 0, 9), ("１", 0, 9), ("9" * 4299, 0, 10**9),
     ("-1", 0, 9), ("10", 0, 9), ("1.0", 0, 9), ("", 0, 9)],
)  # fmt: skip
def test_a_whole_number_is_ascii_digits_within_its_range(text: str, low: int, high: int) -> None:
    with pytest.raises(RuleError):
        whole_number(text, field="pips", low=low, high=high)


def test_a_whole_number_in_range_is_read() -> None:
    assert whole_number(" 17 ", field="pips", high=99) == 17
    assert whole_number("-3", field="x", low=-5, high=5) == -3


# -- results: what the engine accepts is what it reads back ----------------------------------


def drawn_gruppenmodus() -> TournamentState:
    state = TournamentState(tournament("gruppenmodus", 4, seed=5))
    add(state, Draw(n=0, stage="finale", game=1, seed=1, tables=(("p01", "p02", "p03", "p04"),)))
    return state


def test_a_result_beyond_the_limits_is_refused_and_the_tournament_still_loads() -> None:
    state = drawn_gruppenmodus()
    pips = {"p01": 17, "p02": 12, "p03": 9, "p04": 3}
    scores = {"p01": Fraction(1, 10**16), "p02": 1, "p03": 1, "p04": 1}
    before = dumps(state.tournament)
    with pytest.raises(RuleError):
        record(state, Result(n=0, stage="finale", game=1, table=1, pips=pips, scores=scores))
    assert dumps(state.tournament) == before
    assert TournamentState(loads(before)).current is not None


@pytest.mark.parametrize(
    ("values", "says"),
    [({"pips": {"p01": -1}}, "zwischen 0 und"), ({"pips": {"p01": 10**4299}}, "zwischen 0 und"),
     ({"scores": {"p01": -5}}, "mindestens 0")],
)  # fmt: skip
def test_pips_and_points_keep_their_bounds_and_sign(values: dict[str, Any], says: str) -> None:
    state = drawn_gruppenmodus()
    base = {"pips": {"p01": 17, "p02": 12, "p03": 9, "p04": 3}, "scores": {}}
    for kind, change in values.items():
        base[kind] = {**(base[kind] or {p: 1 for p in ("p01", "p02", "p03", "p04")}), **change}
    with pytest.raises(RuleError) as info:
        record(state, Result(n=0, stage="finale", game=1, table=1, **base))
    assert says in info.value.text("de")


def test_negative_points_are_allowed_where_the_ruleset_says_so() -> None:
    data = preset_data("gruppenmodus")
    data["defaults"]["result"] = data["defaults"].get("result", {}) | {"negative": True}
    t = Tournament("x", ruleset_from_dict(data), [Player(f"p0{i}", f"S{i}") for i in range(1, 5)],
                   seed=1)  # fmt: skip
    state = TournamentState(t)
    add(state, Draw(n=0, stage="finale", game=1, seed=1, tables=(("p01", "p02", "p03", "p04"),)))
    scores = {"p01": -5, "p02": Fraction(-1, 2), "p03": 0, "p04": 3}
    pips = {"p01": 1, "p02": 2, "p03": 3, "p04": 4}
    add(state, Result(n=0, stage="finale", game=1, table=1, pips=pips, scores=scores))
    again = loads(dumps(t))
    assert again.facts[-1].scores == scores  # type: ignore[union-attr]


# -- rulesets ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field", "says"),
    [
        ({"games": 100_000_000}, "games", f"zwischen 1 und {MAX_GAMES}"),
        ({"tables": {"prefer": 1000}}, "tables.prefer", "zwischen 2 und 8"),
        ({"tables": {"allow": [3, 99]}}, "tables.allow", "von 2 bis 8"),
        ({"entrants": {"top": 10**9}}, "entrants.top", f"zwischen 1 und {MAX_PLAYERS}"),
        ({"name": "x" * 201}, "name", "zu lang"),
        ({"name": "a\x00b"}, "name", "unzulässiges Zeichen"),
        ({"id": "runde①"}, "id", "Buchstaben a–z"),
    ],
)
def test_a_ruleset_keeps_its_bounds_and_says_the_range(
    change: dict[str, Any], field: str, says: str
) -> None:
    data = preset_data("alhambra")
    data["stages"][0] |= change
    with pytest.raises(RuleError) as info:
        ruleset_from_dict(data)
    assert info.value.field is not None and info.value.field.endswith(field)
    assert says in info.value.text("de")


@pytest.mark.parametrize(
    ("toml", "says"),
    [
        ('format = "Z"', "nicht erlaubt"),
        ("when = 2026-11-27", "kein Datum"),
        ("deep = " + "[" * 2000 + "]" * 2000, "verschachtelt"),
        ('note = "a\\u0000b"', "unzulässiges Zeichen"),
    ],
)
def test_a_ruleset_text_that_no_page_could_hold_is_refused(toml: str, says: str) -> None:
    text = preset_text("alhambra").replace('format = "B"', "")
    with pytest.raises(RuleError) as info:
        rules_from_toml(toml + "\n" + text)
    assert says in info.value.text("de")


def test_a_knockout_ruleset_keeps_its_bounds() -> None:
    text = preset_text("schocken-ko")
    for old, new, says in [
        ("lives = 2", "lives = 100000", "zwischen 1 und 10"),
        ("entry_fee = 10 ", 'entry_fee = "1_000" ', "muss ein Betrag sein"),
        ("entry_fee = 10 ", 'entry_fee = "10.001" ', "höchstens 2 Nachkommastellen"),
        ("entry_fee = 10 ", "entry_fee = 1000000 ", "von 0 bis 10000"),
    ]:
        assert old in text, old
        with pytest.raises(RuleError) as info:
            rules_from_toml(text.replace(old, new))
        assert says in info.value.text("de")


def test_many_table_sizes_are_planned_at_once() -> None:
    start = time.perf_counter()
    plan = plan_tables(4999, TableRule(8, (2, 3, 4, 5, 6, 7), 5000))
    assert plan.players == 4999
    assert time.perf_counter() - start < 5  # a bound on the work, not a speed figure


# -- names and player lists ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "says"),
    [("Anna\nBe\x00rnd\nClara", "unzulässiges Zeichen"), ("Anna\n" + "x" * 1_100_000, "zu groß"),
     ("\n".join(f"S{i}" for i in range(MAX_PLAYERS + 1)), "Zu viele Spieler"),
     ("Anna\n" + "x" * 101, "zu lang")],
)  # fmt: skip
def test_a_player_list_keeps_its_bounds(text: str, says: str) -> None:
    with pytest.raises(RuleError) as info:
        parse_player_names(text)
    assert says in info.value.text("de")


@pytest.mark.parametrize("text", [',"' * 300_000, "," + "x" * 131_073, "x = 1;" + ";" * 500_000])
def test_a_hostile_csv_list_is_read_or_refused_at_once(text: str) -> None:
    start = time.perf_counter()
    try:
        names = parse_player_names(text)
    except RuleError as err:
        assert err.field == "players"
    else:
        assert all(len(n) <= 100 for n in names)
    assert time.perf_counter() - start < 5  # a bound on the work, not a speed figure


def test_control_characters_are_found_like_their_unicode_category() -> None:
    assert bad_character("Anna") is None and bad_character("Zoë 🎲") is None
    assert bad_character("a\x00") == "\x00" and bad_character("a\u0085") == "\u0085"
    assert bad_character("a\ud800") == "\ud800"
    assert bad_character("zwei\nZeilen", lines=True) is None
    assert checked_name("  Anna ") == "Anna"


# -- the tournament file: read strictly, replayed before use ----------------------------------


def good_file() -> dict[str, Any]:
    t = tournament("alhambra", 8, seed=3)
    play_to_end(t, seed=4)
    return to_data(t)


def damaged(change: Any) -> str:
    data = good_file()
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("change", HOSTILE_FILE_CHANGES.values(), ids=HOSTILE_FILE_CHANGES.keys())
def test_a_hostile_file_is_refused_with_one_reason(change: Any) -> None:
    with pytest.raises(RuleError) as info:
        loads_any(damaged(change), origin="turnier.json")
    assert info.value.text("de") and info.value.text("en")


@pytest.mark.parametrize("depth", [100, 10_000, 100_000])
def test_a_deeply_nested_file_is_refused(depth: int) -> None:
    text = json.dumps(good_file())[:-1] + ', "x": ' + "[" * depth + "]" * depth + "}"
    with pytest.raises(RuleError) as info:
        loads_any(text, origin="turnier.json")
    assert "turnier.json" in info.value.text("de")


def test_a_good_file_still_loads_and_keeps_its_log() -> None:
    data = good_file()
    data["log"] = [{"at": "2026-11-27T19:00:00+01:00", "by": "anna", "de": "Ausgelost",
                    "en": "Drawn", "fact": 1}]  # fmt: skip
    t = loads(json.dumps(data))
    assert to_data(t) == data  # the log travels with the file


# -- exports: no formulas for spreadsheets ---------------------------------------------------


@pytest.mark.parametrize("cell", ["=cmd|' /C calc'!A0", "@SUM(1+1)", "+1+1", "-2+3", "\tx", "\rx"])
def test_a_csv_cell_that_a_spreadsheet_would_run_is_neutralised(cell: str) -> None:
    assert csv_cell(cell) == "'" + cell
    assert csv_text([[cell]]).lstrip('"').startswith("'")


def test_the_ranking_export_neutralises_names() -> None:
    t = Tournament(
        "x", tournament("alhambra", 4).ruleset,
        [Player("p1", "=HYPERLINK(1)"), Player("p2", "@B"), Player("p3", "+C"), Player("p4", "D")],
        seed=1,
    )  # fmt: skip
    play_to_end(t, seed=1)
    text = csv_text(final_ranking(t)[1])
    assert "'=HYPERLINK(1)" in text and "'@B" in text and "'+C" in text
    assert "\n=" not in text and ",=" not in text and ",@" not in text


@pytest.mark.parametrize(
    ("bounds", "entered", "said"),
    [
        ({"score_min": 0, "score_max": 200}, 201, "erlaubt sind 0 bis 200"),
        ({"score_min": -50, "negative": True}, -51, "mindestens -50"),
        ({"score_max": "10.5"}, 11, "erlaubt sind 0 bis 10,5"),
        ({"score_max": 10.5, "negative": True}, 11, "höchstens 10,5"),
    ],
)
def test_a_ruleset_bounds_a_table_score_and_a_refusal_names_the_range(
    bounds: dict[str, Any], entered: int, said: str
) -> None:
    data = preset_data("gruppenmodus")
    data["defaults"]["result"] = data["defaults"].get("result", {}) | bounds
    t = Tournament("x", ruleset_from_dict(data), [Player(f"p0{i}", f"S{i}") for i in range(1, 5)],
                   seed=1)  # fmt: skip
    state = TournamentState(t)
    add(state, Draw(n=0, stage="finale", game=1, seed=1, tables=(("p01", "p02", "p03", "p04"),)))
    pips = {"p01": 17, "p02": 12, "p03": 9, "p04": 3}
    scores = {"p01": entered, "p02": 1, "p03": 1, "p04": 1}
    with pytest.raises(RuleError) as info:
        record(state, Result(n=0, stage="finale", game=1, table=1, pips=pips, scores=scores))
    assert said in info.value.text("de")
    scores["p01"] = 2
    record(state, Result(n=0, stage="finale", game=1, table=1, pips=pips, scores=scores))


def test_score_bounds_in_the_wrong_order_are_refused() -> None:
    data = preset_data("gruppenmodus")
    data["defaults"]["result"] = {"score_min": 5, "score_max": 1}
    with pytest.raises(RuleError) as info:
        ruleset_from_dict(data)
    assert "score_max" in info.value.message("de")


def test_a_csv_row_without_the_name_column_is_no_name() -> None:
    assert parse_player_names("nr,name\n1,Anna\n2\n3,Bernd\n") == ["Anna", "Bernd"]
    assert parse_player_names("\x00name,name\nyyyy\n") == []


INVISIBLE = [
    *map(chr, range(0x202A, 0x202F)),  # bidirectional embeddings and overrides
    *map(chr, range(0x2066, 0x206A)),  # bidirectional isolates
    "\u200b", "\u200e", "\u200f", "\u2060", "\ufeff", "\u061c", "\u00ad", "\U000e0041",
]  # fmt: skip


@given(
    before=st.text(alphabet=st.characters(categories=("L", "Zs")), max_size=20),
    mark=st.sampled_from(INVISIBLE),
    after=st.text(alphabet=st.characters(categories=("L",)), max_size=20),
)
def test_a_name_with_an_invisible_format_character_is_refused_with_its_code(
    before: str, mark: str, after: str
) -> None:
    """Bidirectional overrides and other invisible characters hide or turn a name around."""
    with pytest.raises(RuleError) as refused:
        checked_name(f"{before}A{mark}{after}", field="players")
    assert refused.value.field == "players"
    assert f"U+{ord(mark):04X}" in refused.value.msg.text("de")


@given(st.text(alphabet=st.characters(categories=("L", "M", "N", "P", "Zs")), min_size=1))
def test_letters_marks_digits_and_punctuation_of_any_script_stay_allowed(name: str) -> None:
    if name.strip() and len(name) <= 100:
        assert checked_name(name) == name.strip()


def test_a_quoted_value_shows_control_characters_as_replacement_marks() -> None:
    with pytest.raises(RuleError) as refused:
        whole_number("4\x002", field="seed")
    said = refused.value.msg.text("de")
    assert "\x00" not in said and "4\ufffd2" in said


@given(st.lists(st.one_of(st.none(), st.integers(), st.decimals(allow_nan=False), st.text())))
def test_a_spreadsheet_row_keeps_numbers_and_runs_no_text_as_a_formula(values: list[Any]) -> None:
    row = sheet_row(values)
    for value, cell in zip(values, row, strict=True):
        if value is None or isinstance(value, int | Decimal):
            assert cell is value
        else:
            assert cell == csv_cell(value) and not cell.startswith(FORMULA_STARTS)
