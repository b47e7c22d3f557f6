"""Format D in the tournament file: every fact and every play-out survive the round trip."""

from __future__ import annotations

import json
import random
import tomllib
from datetime import date
from typing import Any, get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st
from ko_play import Organiser, check_invariants, play_step

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout import (
    Bracket,
    CheckIn,
    Donation,
    GameLost,
    HallTables,
    KnockoutFact,
    KnockoutRules,
    KnockoutState,
    KnockoutTournament,
    OpenTable,
    PayFee,
    PayFees,
    Register,
    SchockOut,
    TableLoserConfirmed,
    TableLoserDecided,
    TableLoserEntered,
    TakeBackFee,
    Undo,
    Withdraw,
    donation_total,
    fees_total,
    knockout_rules_from_dict,
    next_steps,
    ranking,
    schock_out_counts,
)
from tafelrunde.engine.knockout.corrections import effective_facts
from tafelrunde.engine.knockout.ko_file import (
    KINDS,
    ko_fact_from_dict,
    ko_fact_to_dict,
    ko_from_data,
    ko_stored,
    ko_to_data,
)
from tafelrunde.engine.tournament_file import dumps_any, loads_any
from tafelrunde.presets import preset_text

pytestmark = pytest.mark.unit


# -- rulesets with a source (the file keeps the ruleset as its source) ----------------


def preset_source() -> dict[str, Any]:
    return tomllib.loads(preset_text("schocken-ko"))


@st.composite
def rulesets(draw: st.DrawFn) -> KnockoutRules:
    """The preset with other lives, chips, carry-over and fill rule, read from its source."""
    src = preset_source()
    src["lives"] = draw(st.integers(1, 3))
    src["chips"] = {
        "main": draw(st.integers(1, 3)),
        "consolation": draw(st.integers(1, 3)),
        "grand_final": draw(st.integers(1, 3)),
        "carry_over": draw(st.booleans()),
    }
    src["grand_final"] = {"size": 4, "fill": draw(st.sampled_from(["latest_eliminated", "none"]))}
    return knockout_rules_from_dict(src)


# -- a random play-out with corrections, undos, Schock aus and donations ---------------


def counting(state: KnockoutState) -> list[KnockoutFact]:
    return effective_facts(state.facts)


def try_add(org: Organiser, kind: type, **fields: Any) -> bool:
    """Record a fact if it fits; a refused fact must change nothing."""
    before = len(org.state.facts)
    try:
        org.add(kind, **fields)
    except RuleError:
        assert len(org.state.facts) == before
        return False
    return True


def undo_latest_play(org: Organiser) -> bool:
    """Take back the latest fact that counts, when it is a table or a game."""
    latest = max(counting(org.state), key=lambda f: f.n)
    if not isinstance(latest, OpenTable | GameLost):
        return False
    return try_add(org, Undo, target=latest.n)


def correct_a_game(org: Organiser, rng: random.Random) -> bool:
    """Replace the loser of a random counting game by another player of that table."""
    games = [f for f in counting(org.state) if isinstance(f, GameLost)]
    if not games:
        return False
    game = rng.choice(games)
    others = [p for p in org.state.tables[game.table].players if p != game.player]
    return try_add(org, GameLost, table=game.table, player=rng.choice(others), corrects=game.n)


def schock_out(org: Organiser, rng: random.Random) -> None:
    """A seated player throws a Schock aus; the donation comes at once, later or never."""
    seated = [(t.number, p) for t in org.state.open_tables() for p in t.remaining]
    if not seated:
        return
    number, pid = rng.choice(seated)
    fact = org.add(SchockOut, player=pid, table=number if rng.random() < 0.7 else None)
    if rng.random() < 0.6:
        org.add(Donation, schock_out=fact.n)


def enter(org: Organiser, count: int, rng: random.Random) -> list[str]:
    """Register with names (one late with override, one withdrawn) and pay."""
    ids = [f"p{i:03d}" for i in range(1, count + 1)]
    for i, pid in enumerate(ids):
        name = f"Spieler {i}" if rng.random() < 0.5 else ""
        org.add(Register, player=pid, name=name, at=16 * 3600 + 30 * 60 + i % 800)
    org.add(Register, player="late", name="Spät", at=16 * 3600 + 50 * 60, override_deadline=True)
    org.add(Register, player="gone", at=16 * 3600 + 44 * 60)
    org.add(Withdraw, player="gone")
    for pid in [*ids, "late"]:
        org.add(PayFee, player=pid)
    org.t = max(org.t, 17 * 3600)
    return [*ids, "late"]


def play(org: Organiser, rng: random.Random, steps: int | None) -> None:
    """Play (to the end, or `steps` steps) with corrections, undos and Schock aus mixed in."""
    for i in range(100_000):
        state = org.state
        if state.finished or (steps is not None and i >= steps):
            return
        r = rng.random()
        if r < 0.04:
            undo_latest_play(org)
        elif r < 0.08:
            correct_a_game(org, rng)
        elif r < 0.11:
            schock_out(org, rng)
        else:
            play_step(org, rng, next_steps(state))
        if i % 25 == 0:
            check_invariants(org.state)
    raise AssertionError("the tournament did not end")


def snapshot(state: KnockoutState) -> Any:
    """Everything a replay must give back the same."""
    players = {
        pid: (p.name, p.lives, p.chips, p.status, p.bracket, p.table, p.paid, p.seated_ever)
        for pid, p in state.players.items()
    }
    tables = {
        n: (t.bracket, t.players, t.remaining, t.left, t.opened_at, t.closed_at, t.final, t.by_hand)
        for n, t in state.tables.items()
    }
    return {
        "players": players,
        "tables": tables,
        "queues": {str(b): list(q) for b, q in state.queues.items()},
        "finalists": list(state.finalists),
        "final_order": list(state.final_order),
        "winner": state.winner,
        "ranking": ranking(state),
        "schock_outs": schock_out_counts(state),
        "fees": fees_total(state),
        "donations": donation_total(state),
    }


@given(
    count=st.integers(4, 40),
    seed=st.integers(0, 2**32 - 1),
    rules=rulesets(),
    stop=st.none() | st.integers(0, 60),
)
def test_a_play_out_survives_the_file(
    count: int, seed: int, rules: KnockoutRules, stop: int | None
) -> None:
    rng = random.Random(seed)
    org = Organiser(rules)
    ids = enter(org, count, rng)
    play(org, rng, stop)
    tour = KnockoutTournament("Test", rules, day=date(2026, 11, 21), facts=list(org.state.facts))

    data = json.loads(json.dumps(ko_to_data(tour)))
    back = ko_from_data(data)
    assert back.facts == org.state.facts
    assert (back.name, back.day, back.rules) == ("Test", date(2026, 11, 21), rules)
    state = back.state()
    assert snapshot(state) == snapshot(org.state)

    again = loads_any(dumps_any(tour))
    assert isinstance(again, KnockoutTournament)
    assert again.facts == org.state.facts
    assert dumps_any(again) == dumps_any(tour)

    if stop is None:
        assert state.finished
        assert sorted(r.player for r in ranking(state)) == sorted(ids)
        assert [r.place for r in ranking(state)] == list(range(1, len(ids) + 1))


def test_a_play_out_with_fixes_really_has_corrections_and_undos() -> None:
    """The property above meets what it is meant to meet (a guard against a dull play)."""
    kinds: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        org = Organiser(knockout_rules_from_dict(preset_source()))
        enter(org, 12, rng)
        play(org, rng, None)
        for f in org.state.facts:
            kinds.add(type(f).__name__)
            if isinstance(f, GameLost) and f.corrects is not None:
                kinds.add("correction")
    assert {"Undo", "correction", "SchockOut", "Donation", "Withdraw", "Register"} <= kinds


# -- one fact ----------------------------------------------------------------------------


def fact_strategy(
    texts: st.SearchStrategy[str], ids: st.SearchStrategy[str], times: st.SearchStrategy[Any]
) -> st.SearchStrategy[KnockoutFact]:
    """Facts of every kind built from the given texts, player ids and times."""
    numbers = st.integers(1, 10**9)
    common = {"n": numbers, "at": times, "by": texts}
    return st.one_of(
        st.builds(Register, player=ids, name=texts, override_deadline=st.booleans(), **common),
        st.builds(PayFee, player=ids, **common),
        st.builds(CheckIn, player=ids, **common),
        st.builds(Withdraw, player=ids, **common),
        st.builds(
            OpenTable,
            bracket=st.sampled_from(Bracket),
            players=st.lists(ids, max_size=5, unique=True).map(tuple),
            by_hand=st.booleans(),
            **common,
        ),
        st.builds(GameLost, table=numbers, player=ids, corrects=st.none() | numbers, **common),
        st.builds(Undo, target=numbers, **common),
        st.builds(SchockOut, player=ids, table=st.none() | numbers, **common),
        st.builds(Donation, schock_out=numbers, **common),
        st.builds(TableLoserEntered, table=numbers, game=numbers, player=ids, loser=ids, **common),
        st.builds(
            TableLoserConfirmed,
            table=numbers,
            game=numbers,
            entry=numbers,
            player=st.just("") | ids,
            **common,
        ),
        st.builds(TableLoserDecided, table=numbers, game=numbers, entry=numbers, **common),
    )


printable = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Cf")), max_size=8)
valid_facts = fact_strategy(
    printable,
    st.from_regex(r"[a-z0-9_-]{1,12}", fullmatch=True),
    st.integers(0, 10**9)
    | st.floats(0, 1e9, allow_nan=False, allow_infinity=False)
    | st.times().map(lambda t: t.isoformat(timespec="minutes"))
    | st.datetimes().map(lambda d: d.isoformat(timespec="seconds")),
)
any_facts = fact_strategy(
    st.text(max_size=8),
    st.text(max_size=8),
    st.integers(-10, 10**12) | st.floats(allow_nan=True) | st.text(max_size=25),
)


@given(fact=valid_facts)
def test_a_valid_fact_survives_the_round_trip(fact: KnockoutFact) -> None:
    data = ko_fact_to_dict(fact)
    assert data["type"] in KINDS and KINDS[data["type"]] is type(fact)
    assert ko_fact_from_dict(data) == fact
    assert ko_stored(fact) == data
    assert ko_fact_from_dict(json.loads(json.dumps(data))) == fact


@given(fact=any_facts)
def test_any_fact_is_refused_or_reads_back_exactly(fact: KnockoutFact) -> None:
    try:
        data = ko_stored(fact)
    except RuleError:
        return
    assert ko_fact_from_dict(json.loads(json.dumps(data))) == fact


def test_every_fact_kind_has_a_name() -> None:
    assert set(KINDS.values()) == set(get_args(KnockoutFact))
    assert len(KINDS) == len(set(KINDS.values()))


EXAMPLES: list[KnockoutFact] = [
    Register(n=1, at="2026-11-20T19:00", by="kasse", player="p001", name="Anna"),
    Register(n=2, at=60_400, player="p002", override_deadline=True),
    PayFee(n=3, at=60_401.5, player="p001"),
    CheckIn(n=4, at="16:50", player="p001"),
    Withdraw(n=5, at=60_500, player="p002"),
    OpenTable(n=6, at=61_200, bracket=Bracket.CONSOLATION, players=("a", "b", "c"), by_hand=True),
    GameLost(n=7, at=61_300, table=1, player="a"),
    GameLost(n=8, at=61_310, table=1, player="b", corrects=7),
    Undo(n=9, at=61_320, target=8),
    SchockOut(n=10, at=61_330, player="a", table=1),
    SchockOut(n=11, at=61_340, player="b"),
    Donation(n=12, at=61_350, schock_out=10),
    PayFees(n=13, at=61_360, players=("p001", "p002")),
    TakeBackFee(n=14, at=61_370, player="p001"),
    HallTables(n=15, at=61_380, count=12),
    TableLoserEntered(n=16, at=61_390, by="Tisch 1 · a", table=1, game=2, player="a", loser="c"),
    TableLoserConfirmed(n=17, at=61_400, by="Tisch 1 · b", table=1, game=2, entry=16, player="b"),
    TableLoserConfirmed(n=18, at=61_410, by="orga", table=1, game=3, entry=20),
    TableLoserDecided(n=19, at=61_420, by="orga", table=1, game=4, entry=21),
]


@pytest.mark.parametrize("fact", EXAMPLES, ids=lambda f: f"{type(f).__name__}-{f.n}")
def test_each_kind_round_trips_and_writes_only_what_differs(fact: KnockoutFact) -> None:
    data = ko_fact_to_dict(fact)
    assert ko_fact_from_dict(json.loads(json.dumps(data))) == fact
    assert set(data) >= {"n", "type", "at"}
    assert ("by" in data) == bool(fact.by)
    for key in ("corrects", "table", "by_hand", "override_deadline", "name"):
        if key in data:
            assert data[key] not in (None, False, "")


def test_the_example_kinds_cover_every_kind() -> None:
    assert {type(f) for f in EXAMPLES} == set(KINDS.values())


# -- a damaged file ---------------------------------------------------------------------


def small_file() -> dict[str, Any]:
    """A valid file: four players paid, a table open, one game lost, a Schock aus donated."""
    org = Organiser(knockout_rules_from_dict(preset_source()))
    org.enter(4)
    org.open_suggested()
    org.lose(1, "p001")
    so = org.add(SchockOut, player="p002", table=1)
    org.add(Donation, schock_out=so.n)
    org.add(Undo, target=so.n + 1)
    tour = KnockoutTournament("Klein", org.state.rules, facts=list(org.state.facts))
    data = json.loads(dumps_any(tour))
    assert loads_any(json.dumps(data)) is not None
    return data


def _refused(data: dict[str, Any]) -> RuleError:
    with pytest.raises(RuleError) as err:
        loads_any(json.dumps(data), origin="ko.json")
    return err.value


def test_an_unknown_fact_type_is_refused() -> None:
    data = small_file()
    data["facts"][5]["type"] = "game_won"
    err = _refused(data)
    assert err.field == "file" and "facts[6].type" in err.text("de")  # where the damage is
    assert (
        "ko.json" in err.text("de")
        and "beschädigt" in err.text("de")
        and "game_won" in err.text("de")
    )
    assert "damaged" in err.text("en")


def _kinds_in(data: dict[str, Any]) -> set[str]:
    return {f["type"] for f in data["facts"]}


REQUIRED = {
    "register": ("n", "type", "at", "player"),
    "pay_fee": ("n", "at", "player"),
    "open_table": ("at", "bracket", "players"),
    "game_lost": ("at", "table", "player"),
    "schock_out": ("player",),
    "donation": ("schock_out",),
    "undo": ("target",),
}


@pytest.mark.parametrize(
    ("kind", "key"), [(kind, key) for kind, keys in REQUIRED.items() for key in keys]
)
def test_a_missing_field_is_refused(kind: str, key: str) -> None:
    data = small_file()
    assert kind in _kinds_in(data)
    fact = next(f for f in data["facts"] if f["type"] == kind)
    del fact[key]
    err = _refused(data)
    assert err.field == "file" and "facts[" in err.text("de")  # where the damage is
    assert "beschädigt" in err.text("de")


@pytest.mark.parametrize(
    ("kind", "key", "value"),
    [
        ("game_lost", "at", True),
        ("game_lost", "at", None),
        ("game_lost", "at", "halb fünf"),
        ("game_lost", "table", "eins"),
        ("game_lost", "n", "x"),
        ("open_table", "players", 7),
        ("open_table", "bracket", "side"),
        ("donation", "schock_out", [1]),
    ],
)
def test_a_wrong_value_is_refused(kind: str, key: str, value: Any) -> None:
    data = small_file()
    fact = next(f for f in data["facts"] if f["type"] == kind)
    fact[key] = value
    err = _refused(data)
    assert err.field == "file" and "facts[" in err.text("de")  # where the damage is
    assert "beschädigt" in err.text("de")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"table": 9}, "table"),
        ({"player": "zorro"}, "player"),
        ({"n": 1}, "n"),
    ],
)
def test_facts_that_no_longer_fit_are_refused(change: dict[str, Any], field: str) -> None:
    data = small_file()
    fact = next(f for f in data["facts"] if f["type"] == "game_lost")
    fact.update(change)
    err = _refused(data)
    assert err.field == field
    assert err.text("de").startswith("Die Einträge der Datei passen nicht zusammen")
    assert err.text("en").startswith("the file's entries do not fit together")


def test_a_file_without_facts_and_day_loads() -> None:
    tour = KnockoutTournament("Leer", knockout_rules_from_dict(preset_source()))
    back = loads_any(dumps_any(tour))
    assert isinstance(back, KnockoutTournament)
    assert (back.name, back.day, back.facts) == ("Leer", None, [])
    assert back.state().players == {}
