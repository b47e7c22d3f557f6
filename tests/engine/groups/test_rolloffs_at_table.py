"""Roll-offs (Stechen, Herzog, Erzherzog) entered and confirmed at the table: they count only
once settled under the confirmation rule, never by one phone or one player alone, and then
exactly as the organisers' roll-off."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import tournament
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups import entries
from tafelrunde.engine.groups.actions import (
    next_draw,
    open_rolloffs,
    record,
    rolled_by_software,
    rolloff_for,
    undo_last,
)
from tafelrunde.engine.groups.entries import RolloffSpot
from tafelrunde.engine.groups.fact_words import describe
from tafelrunde.engine.groups.facts import Result, Rolloff, RolloffConfirmed, RolloffEntered
from tafelrunde.engine.groups.rolloff_entry import rolloff_key
from tafelrunde.engine.groups.ruleset_file import ruleset_from_dict
from tafelrunde.engine.groups.stage_state import RolloffNeed
from tafelrunde.engine.groups.table_rolloffs import table_rolloff, table_rolloffs
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.tournament_file import dumps, loads
from tafelrunde.sim.autoplay import play_step, random_result

pytestmark = pytest.mark.unit

PHONES = ("aa", "bb", "cc")


def drawn(**options: Any) -> TournamentState:
    """Format A, 8 players, pass 1 drawn; the ruleset's top-level options changed."""
    t = tournament("gruppenmodus", 8)
    t.ruleset = ruleset_from_dict(t.ruleset.source | options)
    state = TournamentState(t)
    record(state, next_draw(state, seed=5))
    return state


def tied(**options: Any) -> tuple[TournamentState, RolloffNeed, tuple[str, ...]]:
    """Pips 17/17/12/9 at table 1: a Stechen for place 1 between its first two players."""
    state = drawn(**options)
    cur = state.current
    assert cur is not None
    seats = cur.seated(1, 1)
    pips = dict(zip(seats, (17, 17, 12, 9), strict=True))
    record(state, Result(n=0, stage=cur.key, game=1, table=1, pips=pips))
    (need,) = open_rolloffs(state, 1)
    assert need.kind == "stechen" and set(need.players) == set(seats[:2])
    return state, need, seats


def spot(need: RolloffNeed) -> RolloffSpot:
    """Where a table's entry for this roll-off goes."""
    assert need.table is not None
    return RolloffSpot("", need.table, need.kind, need.game)


def enter(
    state: TournamentState, need: RolloffNeed, player: str, order: Sequence[str], phone: str
) -> RolloffEntered:
    """A player of the table enters the roll-off's order on a phone."""
    return entries.enter_rolloff_at_table(
        state, spot(need), player, order, at="", by=f"Tisch · {player}", phone=phone
    )


def confirm(
    state: TournamentState, need: RolloffNeed, player: str, entry: int, phone: str
) -> RolloffConfirmed:
    """A player of the table says "Stimmt" to an entry on a phone."""
    return entries.confirm_rolloff_at_table(
        state, spot(need), player, entry, at="", by=player, phone=phone
    )


def counts(state: TournamentState, need: RolloffNeed) -> bool:
    """Say whether the roll-off counts (its order is stored for the standings)."""
    cur = state.current
    assert cur is not None
    return rolloff_key(need.kind, need.game, need.players) in cur.rolloffs


def test_a_stechen_counts_once_another_player_confirms_it_on_another_phone() -> None:
    state, need, (a, b, c, d) = tied()
    cur = state.current
    assert cur is not None
    points = {p: t.points for p, t in cur.totals.items()}
    first = enter(state, need, c, (b, a), "aa")
    assert not counts(state, need) and {p: t.points for p, t in cur.totals.items()} == points
    (shown,) = table_rolloffs(state, 1)
    assert shown.status == "entered" and shown.pending == (first,) and shown.mark == first.n
    assert shown.may_confirm(d, "bb") == (first.n,) and shown.may_confirm(d, "aa") == ()
    assert shown.may_confirm(c, "bb") == ()  # not one's own entry
    confirm(state, need, d, first.n, "bb")
    assert counts(state, need) and open_rolloffs(state, 1) == []
    stored = cur.rolloffs[rolloff_key(need.kind, need.game, need.players)]
    assert (stored.n, stored.order, stored.by) == (first.n, (b, a), f"Tisch · {c}")
    assert (cur.totals[b].points, cur.totals[a].points) == (6, 5)  # the loser: 6 − 1


def test_refusals_say_why_and_store_nothing() -> None:
    state, need, (a, b, c, d) = tied()
    other = state.current.seated(1, 2)[0]  # type: ignore[union-attr]
    count = len(state.tournament.facts)
    tries = [
        (lambda: enter(state, need, other, (a, b), "aa"), "Spieler dieses Tisches"),
        (lambda: enter(state, need, c, (a, a), "aa"), "doppelt"),
        (lambda: enter(state, need, c, (a, c), "aa"), "nicht (mehr) offen"),
        (lambda: confirm(state, need, d, 99, "bb"), "nichts eingetragen"),
    ]
    for attempt, said in tries:
        with pytest.raises(RuleError) as err:
            attempt()
        assert said in err.value.text("de")
    first = enter(state, need, c, (a, b), "aa")
    with pytest.raises(RuleError) as err:
        confirm(state, need, d, first.n, "aa")  # the same phone under another name
    assert "auf diesem Handy" in err.value.text("de")
    with pytest.raises(RuleError) as err:
        entries.enter_rolloff_at_table(state, spot(need), d, (b, a), basis=0, at="", by="")
    assert "Inzwischen" in err.value.text("de")  # a form made before the entry
    assert len(state.tournament.facts) == count + 1 and not counts(state, need)


def test_the_same_order_from_another_player_and_phone_settles_it() -> None:
    state, need, (a, b, c, d) = tied()
    enter(state, need, c, (a, b), "aa")
    enter(state, need, c, (a, b), "bb")  # the same player again: still one voice
    assert not counts(state, need)
    enter(state, need, d, (a, b), "bb")  # another player, but on the entry's phone
    assert not counts(state, need)
    enter(state, need, a, (a, b), "cc")
    assert counts(state, need)


def test_a_different_order_disputes_and_the_organisers_settle_it() -> None:
    state, need, (a, b, c, d) = tied()
    first = enter(state, need, c, (a, b), "aa")
    enter(state, need, d, (b, a), "bb")
    (shown,) = table_rolloffs(state, 1)
    assert shown.status == "disputed" and len(shown.pending) == 2
    with pytest.raises(RuleError) as err:
        confirm(state, need, a, first.n, "cc")
    assert "strittig" in err.value.text("de")
    done = entries.rolloff(state, (b, a), at="", by="orga")  # the organisers override
    assert counts(state, need) and open_rolloffs(state, 1) == []
    cur = state.current
    assert cur is not None
    table = cur.rolloff_tables[rolloff_key(need.kind, need.game, need.players)]
    assert table.by_staff and table.settled is not None and table.settled.n == done.n
    with pytest.raises(RuleError) as err:
        enter(state, need, a, (a, b), "cc")
    assert "gilt schon" in err.value.text("de")


@pytest.mark.parametrize(
    "options",
    [{"rolloffs_at_table": False}, {"confirmation": "organiser"}],
    ids=["option-off", "organisers-confirm"],
)
def test_the_organisers_can_keep_roll_offs_for_themselves(options: dict[str, Any]) -> None:
    state, need, (a, b, c, _d) = tied(**options)
    with pytest.raises(RuleError) as err:
        enter(state, need, c, (a, b), "aa")
    assert err.value.text("de") == "Nach diesen Regeln trägt die Turnierleitung die Stechen ein."
    assert not counts(state, need) and len(state.tournament.facts) == 2
    entries.rolloff(state, (a, b), at="", by="orga")
    assert counts(state, need)


def test_under_confirmation_none_the_first_entry_counts() -> None:
    state, need, (a, b, c, _d) = tied(confirmation="none")
    enter(state, need, c, (a, b), "aa")
    assert counts(state, need)


def test_the_file_keeps_the_facts_the_log_says_them_and_undo_takes_them_back() -> None:
    state, need, (a, b, c, d) = tied()
    first = enter(state, need, c, (b, a), "aa")
    confirm(state, need, d, first.n, "bb")
    again = loads(dumps(state.tournament))
    assert again.facts == state.tournament.facts
    assert TournamentState(again).current.rolloffs == state.current.rolloffs  # type: ignore[union-attr]
    name = state.tournament.name_of
    words = [describe(state.tournament, f).text("de") for f in state.tournament.facts[-2:]]
    assert words[0] == (
        f"Stechen am Tisch 1 eingetragen von {name(c)}: {name(b)} > {name(a)} (Eintrag {first.n})"
    )
    assert words[1] == f"Stechen am Tisch 1 bestätigt von {name(d)}: Eintrag {first.n}"
    state, taken = undo_last(state)
    assert isinstance(taken, RolloffConfirmed) and not counts(state, need)
    assert table_rolloffs(state, 1)[0].status == "entered"
    state, taken = undo_last(state)
    assert isinstance(taken, RolloffEntered)
    assert table_rolloffs(state, 1)[0].status == "open"


def herzog_state() -> tuple[TournamentState, RolloffNeed]:
    """Passes 1 and 2 of table 1 leave its first two players equal on points and pips: the
    start order of pass 3 waits for their Herzog."""
    state = drawn(confirmation="none")
    cur = state.current
    assert cur is not None
    a, b, c, d = cur.seated(1, 1)
    for game, pips in ((1, {a: 20, b: 10, c: 5, d: 1}), (2, {b: 20, a: 10, c: 5, d: 1})):
        record(state, Result(n=0, stage=cur.key, game=game, table=1, pips=pips))
    (need,) = open_rolloffs(state, 1)
    assert need.kind == "herzog" and need.game == 3
    return state, need


def test_a_herzog_entered_at_the_table_sets_the_start_order_as_the_organisers_would() -> None:
    by_table, need = herzog_state()
    by_staff = TournamentState(loads(dumps(by_table.tournament)))
    order = tuple(sorted(need.players))
    seats = table_rolloff(by_table.current, need).seats  # type: ignore[arg-type]
    enter(by_table, need, seats[2], order, "aa")
    entries.rolloff(by_staff, order, at="", by="orga")
    assert fingerprint(by_table) == fingerprint(by_staff)
    assert by_table.current.seat_order(3, 1)[:2] == order[::-1]  # type: ignore[union-attr]


# -- properties ------------------------------------------------------------------------------


@cache
def tied_file() -> str:
    """The tied table of `tied()` as a tournament file (built once)."""
    return dumps(tied()[0].tournament)


Step = tuple[str, int, int, int, int]  # enter or confirm, seat, phone, order, which version


def play(steps: list[Step]) -> tuple[TournamentState, RolloffNeed]:
    """Try every step at the tied table (a refused step changes nothing)."""
    state = TournamentState(loads(tied_file()))
    (need,) = open_rolloffs(state, 1)
    seats = table_rolloff(state.current, need).seats  # type: ignore[arg-type]
    for kind, seat, phone, order, which in steps:
        player, on = seats[seat % len(seats)], PHONES[phone % len(PHONES)]
        try:
            if kind == "enter":
                chosen = need.players if order % 2 else tuple(reversed(need.players))
                enter(state, need, player, chosen, on)
            else:
                pending = table_rolloff(state.current, need).pending  # type: ignore[arg-type]
                entry = pending[which % len(pending)].n if pending else 1
                confirm(state, need, player, entry, on)
        except RuleError:
            pass
    return state, need


def steps(*, seat: int | None = None, phone: int | None = None) -> st.SearchStrategy[list[Step]]:
    """Entries and confirmations at the table (all of one seat, or one phone, if given)."""
    one = st.tuples(
        st.sampled_from(["enter", "confirm"]),
        st.just(seat) if seat is not None else st.integers(0, 3),
        st.just(phone) if phone is not None else st.integers(0, 2),
        st.integers(0, 1),
        st.integers(0, 3),
    )
    return st.lists(one, max_size=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sent=st.integers(0, 2).flatmap(lambda p: steps(phone=p)))
def test_one_phone_alone_never_settles_a_roll_off(sent: list[Step]) -> None:
    state, need = play(sent)
    assert not counts(state, need)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sent=st.integers(0, 3).flatmap(lambda s: steps(seat=s)))
def test_one_player_alone_never_settles_a_roll_off(sent: list[Step]) -> None:
    state, need = play(sent)
    assert not counts(state, need)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sent=steps())
def test_a_settled_roll_off_took_two_players_on_two_phones(sent: list[Step]) -> None:
    state, need = play(sent)
    cur = state.current
    assert cur is not None
    table = cur.rolloff_tables.get(rolloff_key(need.kind, need.game, need.players))
    settled = table is not None and table.settled is not None
    assert counts(state, need) == settled
    assert (open_rolloffs(state, 1) == []) == settled
    if table is not None and table.settled is not None:
        last = table.history[-1]  # what settled it: a confirmation or a matching entry
        entry = table.settled if last is not table.settled else None
        if entry is None:  # a matching entry: the version it matched came from elsewhere
            matched = [e for e in table.history if getattr(e, "values", None) == last.values]
            assert any(e.player != last.player and e.phone != last.phone for e in matched)
        else:
            assert last.player != entry.player and last.phone != entry.phone


def fingerprint(state: TournamentState) -> tuple[Any, ...]:
    """What the running stage's roll-offs decide: places, points, who goes on, start orders."""
    cur = state.current
    assert cur is not None
    cut = state.cut(cur)
    seats = {
        (g, i): cur.seat_order(g, i)
        for g in range(1, cur.drawn_games() + 1)
        for i in range(1, len(cur.tables(g) or ()) + 1)
        if cur.played(g, i)
    }
    done = state.stage_complete(cur)
    return (
        cur.standing(cut).order(),
        {p: (t.points, t.pips, t.wins, t.losses) for p, t in cur.totals.items()},
        [(n.kind, n.game, n.players, n.done, n.table) for n in cur.rolloff_needs(cut)],
        {k: r.order for k, r in cur.rolloffs.items()},
        seats,
        done,
        state.following(cur) if done else None,
    )


def open_at_a_table(n: int, seed: int, kind: str) -> tuple[TournamentState, RolloffNeed] | None:
    """Play format A with ties until a table has an open roll-off of this kind (the software
    rolls the others); None when the tournament ends first."""
    rng = random.Random(seed)
    state = TournamentState(tournament("gruppenmodus", n, seed=seed))
    for _ in range(600):
        needs = open_rolloffs(state)
        wanted = [x for x in needs if x.table is not None and x.kind == kind]
        if wanted:
            return state, rng.choice(wanted)
        if not play_step_with_ties(state, rng, needs):
            return None
    return None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.sampled_from([8, 12]),
    seed=st.integers(0, 2**31 - 1),
    kind=st.sampled_from(["stechen", "herzog", "erzherzog"]),
)
def test_a_roll_off_confirmed_at_the_table_is_the_organisers_roll_off(
    n: int, seed: int, kind: str
) -> None:
    found = open_at_a_table(n, seed, kind)
    if found is None:
        return
    by_table, need = found
    by_staff = TournamentState(loads(dumps(by_table.tournament)))
    rng = random.Random(seed)
    order = list(need.players)
    rng.shuffle(order)
    seats = table_rolloff(by_table.current, need).seats  # type: ignore[arg-type]
    first = enter(by_table, need, seats[0], order, "aa")
    confirm(by_table, need, seats[1], first.n, "bb")
    staff = Rolloff(n=0, stage=need.stage, kind=need.kind, game=need.game, order=tuple(order))
    record(by_staff, staff, by="orga")  # (by kind: a Herzog and an Erzherzog may share players)
    assert fingerprint(by_table) == fingerprint(by_staff)
    table_rng, staff_rng = random.Random(seed), random.Random(seed)  # both play on alike
    while play_step(by_table, table_rng):
        assert play_step(by_staff, staff_rng)
    assert by_staff.finished
    assert by_table.overall() == by_staff.overall()


def test_of_two_ties_among_the_same_players_the_one_named_is_entered() -> None:
    """A Herzog and an Erzherzog between the same two players, open at once (found by the
    property test): the organisers' form names its roll-off by kind and game, so each is
    entered as itself; without them the first one open is taken, as before."""
    rng = random.Random(80)
    state = TournamentState(tournament("gruppenmodus", 8, seed=80))
    pair: list[Any] = []
    for _ in range(400):
        needs = open_rolloffs(state)
        by_players: dict[frozenset[str], list[Any]] = {}
        for x in needs:
            by_players.setdefault(frozenset(x.players), []).append(x)
        pair = next((g for g in by_players.values() if len(g) > 1), [])
        if pair or not play_step_with_ties(state, rng, needs):
            break
    assert len(pair) == 2 and {x.kind for x in pair} == {"herzog", "erzherzog"}
    for need in pair:
        fact = rolloff_for(state, list(need.players), kind=need.kind, game=need.game)
        assert (fact.kind, fact.game) == (need.kind, need.game)
    with pytest.raises(RuleError):
        rolloff_for(state, list(pair[0].players), kind="stechen", game=pair[0].game)


def play_step_with_ties(state: TournamentState, rng: random.Random, needs: list[Any]) -> bool:
    """One step of an evening where pips often tie (9 or 10): a roll-off by the software, a
    result, or the next draw; False once the tournament is over."""
    cur = state.current
    if state.finished:
        return False
    if needs:
        record(state, rolled_by_software(needs[0], seed=rng.randrange(2**31)))
    elif cur is not None and cur.missing_results():
        game, table = rng.choice(cur.missing_results())
        res = random_result(state, game, table, rng)
        pips = {p: rng.choice((9, 10)) for p in res.pips}
        record(state, Result(n=0, stage=cur.key, game=game, table=table, pips=pips))
    else:
        record(state, next_draw(state, seed=rng.randrange(2**31)))
    return True
