"""The tournament file: exact round trip, and one clear RuleError for a damaged file."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import add, tournament
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.facts import Draw, Result, Rolloff, Tournament, Undo
from tafelrunde.engine.groups.file import fact_to_dict
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.numbers import exact_text, parse_number
from tafelrunde.engine.tournament_file import FORMAT, dumps, loads

pytestmark = pytest.mark.unit

T1 = ("p01", "p02", "p03", "p04")
T2 = ("p05", "p06", "p07")


def alhambra_with_facts() -> TournamentState:
    """Alhambra, 7 players: a draw, results with exact scores, a correction and an undo."""
    state = TournamentState(tournament("alhambra", 7, seed=77))
    state.tournament.created_at = "2026-11-21T19:00:00+01:00"
    add(state, Draw(n=0, stage="vorrunde", game=1, seed=9, tables=(T1, T2), at="t1", by="anna"))
    scores = {"p01": Fraction(25, 2), "p02": Fraction(524, 3), "p03": 3, "p04": 3}
    first = add(state, Result(n=0, stage="vorrunde", game=1, table=1, scores=scores))
    fixed = dict(scores, p04=4)
    add(state, Result(n=0, stage="vorrunde", game=1, table=1, scores=fixed, corrects=first.n))
    add(
        state, Result(n=0, stage="vorrunde", game=1, table=2, scores={"p05": 1, "p06": 2, "p07": 2})
    )
    state.tournament.facts.append(Undo(n=state.tournament.next_number(), target=4))
    return TournamentState(state.tournament)


def gruppenmodus_with_rolloff() -> TournamentState:
    state = TournamentState(tournament("gruppenmodus", 4, seed=5))
    add(state, Draw(n=0, stage="finale", game=1, seed=1, tables=(T1,)))
    pips = {"p01": 17, "p02": 17, "p03": 12, "p04": 9}
    add(state, Result(n=0, stage="finale", game=1, table=1, pips=pips, scores={}))
    add(state, Rolloff(n=0, stage="finale", kind="stechen", game=1, order=("p02", "p01"), seed=3))
    return state


# -- round trip -----------------------------------------------------------------------


@pytest.mark.parametrize("build", [alhambra_with_facts, gruppenmodus_with_rolloff])
def test_round_trip_keeps_every_fact_exactly(build) -> None:
    state = build()
    text = dumps(state.tournament)
    again = loads(text)
    assert dumps(again) == text
    assert again.facts == state.tournament.facts
    assert again.players == state.tournament.players
    assert again.ruleset == state.tournament.ruleset
    assert (again.name, again.seed, again.created_at) == (
        state.tournament.name,
        state.tournament.seed,
        state.tournament.created_at,
    )
    replayed = TournamentState(again)
    assert replayed.overall() == state.overall()
    assert replayed.undone == state.undone


def test_round_trip_keeps_exact_numbers() -> None:
    state = alhambra_with_facts()
    data = json.loads(dumps(state.tournament))
    assert data["format"] == FORMAT and data["version"] == 1
    result = data["facts"][1]
    assert result["scores"] == {"p01": "12.5", "p02": "524/3", "p03": "3", "p04": "3"}
    again = loads(dumps(state.tournament))
    fact = again.facts[1]
    assert isinstance(fact, Result)
    assert fact.scores["p02"] == Fraction(524, 3)
    assert fact.scores["p01"] == Fraction(25, 2)


def test_undone_fact_stays_in_the_file() -> None:
    state = alhambra_with_facts()
    again = TournamentState(loads(dumps(state.tournament)))
    assert 4 in again.undone
    assert again.current is not None
    assert (1, 2) not in again.current.results  # the undone result does not count
    assert [f.n for f in again.tournament.facts] == [1, 2, 3, 4, 5]


def test_fact_to_dict_names_the_type() -> None:
    state = gruppenmodus_with_rolloff()
    kinds = [fact_to_dict(f)["type"] for f in state.tournament.facts]
    assert kinds == ["draw", "result", "rolloff"]
    assert fact_to_dict(state.tournament.facts[2])["seed"] == 3


# -- a damaged file gives one RuleError -----------------------------------------------


def good() -> dict[str, Any]:
    return json.loads(dumps(alhambra_with_facts().tournament))


def damaged(change) -> str:
    data = good()
    change(data)
    return json.dumps(data)


CORRUPT = {
    "not JSON": "{ this is not json",
    "empty": "",
    "a list": "[1, 2]",
    "null": "null",
    "wrong format tag": damaged(lambda d: d.update(format="something-else")),
    "no format tag": damaged(lambda d: d.pop("format")),
    "wrong version": damaged(lambda d: d.update(version=99)),
    "missing players": damaged(lambda d: d.pop("players")),
    "missing facts": damaged(lambda d: d.pop("facts")),
    "missing seed": damaged(lambda d: d.pop("seed")),
    "missing ruleset": damaged(lambda d: d.pop("ruleset")),
    "player without name": damaged(lambda d: d["players"][0].pop("name")),
    "players not a list": damaged(lambda d: d.update(players=7)),
    "unknown fact type": damaged(lambda d: d["facts"][0].update(type="party")),
    "fact without type": damaged(lambda d: d["facts"][0].pop("type")),
    "draw without tables": damaged(lambda d: d["facts"][0].pop("tables")),
    "result with a word as score": damaged(lambda d: d["facts"][1]["scores"].update(p01="lots")),
    "result with a word as pips": damaged(lambda d: d["facts"][1].update(pips={"p01": "x"})),
    "fact number not a number": damaged(lambda d: d["facts"][0].update(n="first")),
    "fact is a string": damaged(lambda d: d["facts"].append("draw")),
    "broken ruleset": damaged(lambda d: d["ruleset"]["stages"][0].update(games=0)),
    "seed is a word": damaged(lambda d: d.update(seed="abc")),
}


@pytest.mark.parametrize("text", list(CORRUPT.values()), ids=list(CORRUPT))
def test_a_corrupt_file_gives_one_rule_error(text: str) -> None:
    with pytest.raises(RuleError) as info:
        loads(text, origin="turnier.json")
    assert info.value.text("en") and info.value.text("de")


def test_the_damage_message_names_the_file() -> None:
    with pytest.raises(RuleError) as info:
        loads("{ nope", origin="turnier.json")
    assert "turnier.json" in info.value.text("en")
    assert info.value.field == "file"


def test_a_fact_that_does_not_fit_is_refused_when_the_file_is_read() -> None:
    data = good()
    data["facts"][2]["scores"]["p05"] = "1"  # p05 does not sit at table 1
    with pytest.raises(RuleError) as info:
        loads(json.dumps(data))
    assert "do not fit together" in info.value.text(
        "en"
    ) and "is not at table 1" in info.value.text("en")


# -- fuzz: any damage gives a RuleError or a file that replays ---------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=5,
)


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into the data (not into the ruleset, which has its own tests)."""
    out = [prefix]
    if prefix[:1] == ("ruleset",):
        return out
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths(v, (*prefix, i))
    return out


SMALL = gruppenmodus_with_rolloff().tournament


@given(data=st.data())
def test_any_damage_gives_a_rule_error_or_a_file_that_replays(data: st.DataObject) -> None:
    raw = json.loads(dumps(SMALL))
    path = data.draw(st.sampled_from(paths(raw)[1:]))
    node = raw
    for key in path[:-1]:
        node = node[key]
    if data.draw(st.booleans()) and isinstance(node, dict):
        del node[path[-1]]
    else:
        node[path[-1]] = data.draw(json_values)
    try:
        t = loads(json.dumps(raw))
        assert isinstance(t, Tournament)
        TournamentState(t).overall()
    except RuleError:
        pass


# -- exact numbers in the file -------------------------------------------------------------

exact_numbers = st.fractions(max_denominator=1000, min_value=-(10**9), max_value=10**9)


@given(x=exact_numbers)
def test_exact_text_reads_back_exactly(x: Fraction) -> None:
    text = exact_text(x)
    assert parse_number(text, field="scores") == x
    assert "e" not in text.lower()


@pytest.mark.parametrize(
    "text", ["131", "12.5", "524/3", "-3", "0.75", "2,5", " 7 ", "1/8", "0.0001"]
)
def test_parse_number_reads_what_people_write(text: str) -> None:
    value = parse_number(text, field="scores")
    assert parse_number(exact_text(value), field="scores") == value


@pytest.mark.parametrize("text", ["viel", "", "1/0", "nan", "inf", "0x10", "½", "3,5,1"])
def test_parse_number_refuses_what_is_no_number(text: str) -> None:
    with pytest.raises(RuleError) as info:
        parse_number(text, field="scores")
    assert info.value.field == "scores"


@pytest.mark.parametrize(
    "x",
    [Fraction(12345678901234567890123456789, 10), Fraction(1, 2**100)],
    ids=["29 digits", "1/2^100"],
)
def test_exact_text_is_exact_for_long_numbers(x: Fraction) -> None:
    assert Fraction(Decimal(exact_text(x))) == x


def test_a_huge_score_is_refused_or_written() -> None:
    state = alhambra_with_facts()
    try:
        value = parse_number("1e5000", field="scores")
    except RuleError:
        return  # refusing it is fine
    fact = Result(n=99, stage="vorrunde", game=1, table=1, scores={"p01": value})
    t = Tournament("x", state.tournament.ruleset, state.tournament.players, 1, [fact])
    try:
        text = dumps(t)
    except ValueError as err:
        raise AssertionError(f"the file cannot be written: {err}") from err
    assert loads(text).facts[0].scores["p01"] == value  # type: ignore[union-attr]


@pytest.mark.parametrize("phone", ["ABC", "x" * 3, "a" * 65, 17, ["a1"]])
def test_a_table_facts_phone_is_a_short_mark_or_the_file_is_refused(phone: Any) -> None:
    from tafelrunde.engine.groups.entries import Spot, Values, enter_at_table

    state = TournamentState(tournament("gruppenmodus", 8))
    add(state, Draw(n=0, stage="gruppenrunde", game=1, seed=1, tables=(("p01", "p02", "p03",
        "p04"), ("p05", "p06", "p07", "p08"))))  # fmt: skip
    pips = {"p01": 9, "p02": 8, "p03": 7, "p04": 6}
    enter_at_table(state, Spot("gruppenrunde", 1, 1), "p01", Values({}, pips, {}), at="", by="",
                   phone="0f3a")  # fmt: skip
    data = json.loads(dumps(state.tournament))
    assert data["facts"][-1]["phone"] == "0f3a"
    assert loads(dumps(state.tournament)).facts[-1] == state.tournament.facts[-1]  # read back
    data["facts"][-1]["phone"] = phone
    with pytest.raises(RuleError) as err:
        loads(json.dumps(data))
    assert ".phone: muss die Kennung eines Handys sein" in err.value.text("de")
