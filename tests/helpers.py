"""Helpers shared by several test modules (no mocks: they only build real engine objects)."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any

import pytest

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.actions import record, undo_last
from tafelrunde.engine.groups.facts import AnyFact, Tournament
from tafelrunde.engine.groups.ruleset import Ruleset
from tafelrunde.engine.groups.ruleset_file import ruleset_from_dict
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.players import Player
from tafelrunde.presets import load_ruleset, preset_text


def players(n: int, prefix: str = "p") -> list[Player]:
    """n players with ids p01.. and names N01..."""
    width = max(2, len(str(n)))
    return [Player(f"{prefix}{i:0{width}d}", f"N{i:0{width}d}") for i in range(1, n + 1)]


def tournament(preset: str | Ruleset, n: int, *, seed: int = 1) -> Tournament:
    """A fresh tournament of n players under a preset name or a ruleset."""
    rules = load_ruleset(preset) if isinstance(preset, str) else preset
    return Tournament(f"Test {rules.format}", rules, players(n), seed=seed)


def preset_data(name: str) -> dict[str, Any]:
    """A preset's TOML parsed into data, to copy and change."""
    return tomllib.loads(preset_text(name))


def ruleset_with(name: str, /, **changes: Any) -> Ruleset:
    """A preset with changed entries; keys are dotted paths like 'defaults.scoring.tie'."""
    data = preset_data(name)
    for path, value in changes.items():
        node: Any = data
        *parts, last = path.split(".")
        for part in parts:
            node = node[int(part)] if isinstance(node, list) else node[part]
        node[last] = value
    return ruleset_from_dict(data)


def add(state: TournamentState, fact: AnyFact) -> AnyFact:
    """Apply a fact (refused facts raise) and append it numbered, like actions.record."""
    numbered = replace(fact, n=state.tournament.next_number())
    state.apply(numbered)
    state.tournament.facts.append(numbered)
    return numbered


def random_walk(
    state: TournamentState, rng: random.Random, *, undo: float, correct: float, steps: int = 150
) -> Iterator[TournamentState]:
    """Play on with random results, undos and corrections; yield the state after each step
    (a step the rules refuse changes nothing), until the tournament ends."""
    from tafelrunde.sim.autoplay import play_step, random_result

    for _ in range(steps):
        r = rng.random()
        try:
            if r < undo and state.tournament.facts:
                state, _ = undo_last(state)
            elif r < correct and state.current is not None and state.current.results:
                (game, table), old = rng.choice(sorted(state.current.results.items()))
                record(state, replace(random_result(state, game, table, rng), corrects=old.n))
            elif not play_step(state, rng):
                return
        except RuleError:
            pass  # e.g. a correction the rules refuse: the state must stay as it was
        yield state


def pairs(tables: Iterable[Sequence[str]]) -> set[frozenset[str]]:
    """Every pair of players that shares a table."""
    return {frozenset((a, b)) for t in tables for i, a in enumerate(t) for b in t[i + 1 :]}


def gale_ryser_possible(groups: Sequence[int], sizes: Sequence[int]) -> bool:
    """Whether players from groups (counts) fit at tables (sizes) with no two of a group together.

    A 0/1 matrix with these row and column sums exists (Gale–Ryser).
    """
    if sum(groups) != sum(sizes):
        return False
    cols = sorted(sizes, reverse=True)
    return all(sum(cols[:k]) <= sum(min(g, k) for g in groups) for k in range(1, len(cols) + 1))


# -- whole tournaments (these need tafelrunde.engine.groups.draws, so they import it late) -------

_PLAYED: dict[tuple[str, int, int, int], str] = {}


def played(preset: str, n: int, *, seed: int = 1, lot_seed: int = 1) -> TournamentState:
    """A tournament played to its end by the simulator; a fresh state from the cached file."""
    from tafelrunde.engine.tournament_file import dumps, loads
    from tafelrunde.sim.autoplay import play_to_end

    key = (preset, n, seed, lot_seed)
    if key not in _PLAYED:
        state = play_to_end(tournament(preset, n, seed=lot_seed), seed=seed)
        assert state.finished
        _PLAYED[key] = dumps(state.tournament)
    return TournamentState(loads(_PLAYED[key]))


def redraw_mismatches(t: Tournament) -> list[int]:
    """Re-run every live draw from its recorded seed (like `tafelrunde verify`).

    Returns the numbers of the draws that come out differently.
    """
    from tafelrunde.engine.groups.actions import next_draw
    from tafelrunde.engine.groups.facts import Draw, Undo

    replay = TournamentState(Tournament(t.name, t.ruleset, t.players, t.seed))
    undone = {f.target for f in t.facts if isinstance(f, Undo)}
    bad = []
    for fact in t.facts:
        if isinstance(fact, Undo) or fact.n in undone:
            continue
        if isinstance(fact, Draw) and next_draw(replay, seed=fact.seed).tables != fact.tables:
            bad.append(fact.n)
        replay.apply(fact)
        replay.tournament.facts.append(fact)
    return bad


def check_whole_tournament(state: TournamentState) -> None:
    """What holds for every finished tournament, whatever its format."""
    from tafelrunde.engine.errors import RuleError
    from tafelrunde.engine.groups.facts import Result
    from tafelrunde.engine.tournament_file import dumps, loads

    t = state.tournament
    assert state.finished
    overall = state.overall()
    # the overall ranking holds every player exactly once, places 1..n
    assert sorted(r.player for r in overall) == sorted(p.id for p in t.players)
    assert [r.place for r in overall] == list(range(1, len(t.players) + 1))
    # later stages first; within a stage by that stage's ranking
    order = [s.key for s in state.stages]
    reached = [order.index(r.stage) for r in overall]
    assert reached == sorted(reached, reverse=True)
    for st in state.stages:
        rows = [r for r in overall if r.stage == st.key]
        ranks = [r.stage_rank for r in rows]
        assert ranks == sorted(ranks)
        assert [r.player for r in rows] == [
            p for p in st.standing(state.cut(st)).order() if p in {r.player for r in rows}
        ]
    # every stage is complete: all results and deciding roll-offs are in
    for st in state.stages:
        assert st.results_complete()
        assert state.stage_complete(st)
    # replaying the file gives the same ranking
    again = TournamentState(loads(dumps(t)))
    assert again.overall() == overall
    # every draw comes out the same from its seed
    assert redraw_mismatches(t) == []
    # a result for a finished stage is refused, and the facts stay as they were
    first = state.stages[0]
    tables = first.tables(1)
    assert tables is not None
    before = len(t.facts)
    table = tables[0]
    with_scores = {p: i for i, p in enumerate(table)}
    with pytest.raises(RuleError):
        state.apply(
            Result(n=t.next_number(), stage=first.key, game=1, table=1, scores=with_scores,
                   pips=with_scores if first.rule.pips else {})
        )  # fmt: skip
    assert len(t.facts) == before
    # and the tournament has nothing left to draw
    from tafelrunde.engine.groups.actions import next_draw

    with pytest.raises(RuleError):
        next_draw(state, seed=1)


# -- hostile tournament files: each change makes a good file one that must be refused --------


def first_fact(data: dict[str, Any], kind: str) -> dict[str, Any]:
    """The first fact of a kind in file data."""
    return next(f for f in data["facts"] if f["type"] == kind)


HOSTILE_FILE_CHANGES: dict[str, Callable[[dict[str, Any]], Any]] = {
    "result for table 999": lambda d: first_fact(d, "result").update(table=999),
    "unknown player": lambda d: first_fact(d, "result")["scores"].update(zorro="1"),
    "duplicate player ids": lambda d: d["players"].append(dict(d["players"][0])),
    "duplicate names": lambda d: d["players"].append(
        {"id": "p99", "name": d["players"][0]["name"].upper()}
    ),
    "wrong stage": lambda d: first_fact(d, "result").update(stage="halbfinale"),
    "seed of 10^4000": lambda d: d.update(seed=10**4000),
    "fact number 10^30": lambda d: d["facts"][-1].update(n=10**30),
    "duplicate fact number": lambda d: d["facts"][-1].update(n=d["facts"][-2]["n"]),
    "negative fact number": lambda d: d["facts"][0].update(n=-1),
    "NUL in a name": lambda d: d["players"][0].update(name="An\x00na"),
    "name of 101 characters": lambda d: d["players"][0].update(name="x" * 101),
    "tournament name over 200 characters": lambda d: d.update(name="x" * 300),
    "long created_at": lambda d: d.update(created_at="2026-11-27T19:00:00+01:00" * 3),
    "fraction too fine": lambda d: first_fact(d, "result")["scores"].update(
        {next(iter(first_fact(d, "result")["scores"])): "1/10000000000000000"}
    ),
    "undo of an older entry": lambda d: d["facts"].append(
        {"n": d["facts"][-1]["n"] + 1, "type": "undo", "target": 1}
    ),
    "games = 10^8": lambda d: d["ruleset"]["stages"][0].update(games=10**8),
    "a lone surrogate": lambda d: d.update(name="\ud800"),
    "withdrawal of an unknown player": lambda d: d["facts"].append(
        {"n": d["facts"][-1]["n"] + 1, "type": "withdrawn", "player": "zorro"}
    ),
    "withdrawal of no player id": lambda d: d["facts"].append(
        {"n": d["facts"][-1]["n"] + 1, "type": "withdrawn", "player": "<b>"}
    ),
    "late player the rules do not allow": lambda d: d["facts"].append(
        {"n": d["facts"][-1]["n"] + 1, "type": "latejoined", "player": "p99", "name": "Zoe"}
    ),
    "late player without a name": lambda d: d["facts"].append(
        {"n": d["facts"][-1]["n"] + 1, "type": "latejoined", "player": "p99", "name": ""}
    ),
    "unknown ranking of withdrawn players": lambda d: (
        d["ruleset"].setdefault("players", {}).update(withdrawn="gone")
    ),
}


# -- rulesets the rules form must leave alone ---------------------------------------------

UNUSUAL = {
    "alhambra": [
        ('id = "vorrunde"\n', 'id = "vorrunde"\nplacement_by = []\nentrants = { top = 5 }\n'),
        ('note = "Mit den', 'note = "  zwei\\n\\nZeilen; mit den'),
        ('ranking = ["points", "points@earlier", "game_points@earlier", "lot"]',
         'ranking = ["points@vorrunde", "wins@all", "rolloff:eigenes"]'),
    ],
    "schocken-ko": [
        ('admission = "16:30"', 'admission = "16:30:20"'),
        ('places = ["Wanderpokal",', 'places = ["", "  Wanderpokal",'),
        ("entry_fee = 10 ", 'entry_fee = "2.5" '),
    ],
}  # fmt: skip


def unusual(preset: str) -> str:
    """A preset's file with values the form does not offer itself (but the file allows)."""
    text = preset_text(preset)
    for old, new in UNUSUAL[preset]:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text
