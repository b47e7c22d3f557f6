"""Entered places must agree with the game points and pips: a place only decides a tie."""

from __future__ import annotations

from collections.abc import Callable

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.facts import AnyFact, Result, TableEntered
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.numbers import Num, shown
from tafelrunde.i18n import Message, msg


def check_new_places(state: TournamentState, fact: AnyFact) -> None:
    """Refuse a new result whose places contradict the order its game points and pips give."""
    if not isinstance(fact, Result | TableEntered) or not fact.places:
        return
    st = next((s for s in state.stages if s.key == fact.stage), None)
    if st is None:
        return  # applying the fact says what is wrong with it
    said = places_refusal(st.rule.placement_by, fact, state.tournament.name_of)
    if said is not None:
        raise RuleError(said, field="places")


def places_refusal(
    placement_by: tuple[str, ...], result: Result | TableEntered, name: Callable[[str], str]
) -> Message | None:
    """Why the places contradict the entered values (None: they agree).

    Higher game points place a player before another, then higher pips; a place can only
    order players equal on every value that was entered."""
    kinds = [k for k in placement_by if _values(result, k)]
    players = [p for p in result.places if all(p in _values(result, k) for k in kinds)]
    for kind_no, kind in enumerate(kinds):
        for better in players:
            for worse in players:
                same_before = all(
                    _values(result, k)[better] == _values(result, k)[worse] for k in kinds[:kind_no]
                )
                high, low = _values(result, kind)[better], _values(result, kind)[worse]
                if same_before and high > low and result.places[better] >= result.places[worse]:
                    return _said(kind, name(better), name(worse), high, low, result, better, worse)
    return None


def _values(result: Result | TableEntered, kind: str) -> dict[str, Num]:
    """The entered values of one kind ('score' or 'pips') by player."""
    return dict(result.pips) if kind == "pips" else dict(result.scores)


def _said(
    kind: str, better: str, worse: str, high: Num, low: Num,
    result: Result | TableEntered, b: str, w: str,
) -> Message:  # fmt: skip
    """The refusal in words: whose values and places disagree, and what places are for."""
    args = {"better": better, "worse": worse, "high": shown(high), "low": shown(low),
            "p1": result.places[b], "p2": result.places[w]}  # fmt: skip
    if kind == "pips":
        return msg(
            "The places do not fit the pips: {better} has more pips ({high}) than {worse} "
            "({low}), so {better} must be placed before {worse} (entered: place {p1} and "
            "place {p2}). Fill in a place only for players with the same game points and pips.",
            **args,
        )
    return msg(
        "The places do not fit the game points: {better} has more game points ({high}) than "
        "{worse} ({low}), so {better} must be placed before {worse} (entered: place {p1} and "
        "place {p2}). Fill in a place only for players with the same game points and pips.",
        **args,
    )
