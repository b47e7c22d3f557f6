"""Turn an organiser's entries into numbered format-D facts, recorded all or none."""

from __future__ import annotations

from dataclasses import replace

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.knockout.checks import name_key
from tafelrunde.engine.knockout.facts import KnockoutFact, PayFee, PayFees, Register
from tafelrunde.engine.knockout.ko_file import KnockoutTournament, ko_stored
from tafelrunde.engine.knockout.model import Status
from tafelrunde.engine.knockout.state import KnockoutState
from tafelrunde.i18n import msg


def roster(tour: KnockoutTournament) -> dict[str, str]:
    """Return the name of every player ever registered (also undone ones), by id."""
    return {f.player: f.name or f.player for f in tour.facts if isinstance(f, Register)}


def next_id(tour: KnockoutTournament) -> str:
    """Return a player id never used in the file (p001, p002, ...), also not by an undone one."""
    used = roster(tour)
    k = len(used) + 1
    while f"p{k:03d}" in used:
        k += 1
    return f"p{k:03d}"


def registrations(
    tour: KnockoutTournament, names: list[str], *, late: bool = False, paid: bool = False
) -> list[KnockoutFact]:
    """Register new players by name (fee paid at once if `paid`), with fresh ids."""
    first = int(next_id(tour)[1:])
    facts: list[KnockoutFact] = []
    for k, name in enumerate(names):
        pid = f"p{first + k:03d}"
        facts.append(Register(n=0, at=0, player=pid, name=name, override_deadline=late))
        if paid:
            facts.append(PayFee(n=0, at=0, player=pid))
    return facts


def present_unpaid(state: KnockoutState) -> list[str]:
    """Return the present players whose fee is not marked yet, in order of registration.

    Present: registered and not withdrawn; with check-in, only those checked in.
    """
    return [
        pid
        for pid in state.pending()
        if not state.players[pid].paid
        and state.players[pid].status is Status.REGISTERED
        and (state.players[pid].checked_in or not state.rules.check_in)
    ]


def pay_all(state: KnockoutState) -> PayFees:
    """Mark the fee of every present player paid, as one fact; refuse when there is none."""
    players = tuple(present_unpaid(state))
    if not players:
        raise RuleError(
            msg("Nobody present still lacks the entry fee."),
            field="players",
        )
    return PayFees(n=0, at=0, players=players)


def record_all(
    tour: KnockoutTournament, facts: list[KnockoutFact], *, at: str, by: str = ""
) -> KnockoutState:
    """Number, time and check the facts, then add them all; a refused one adds none."""
    state = tour.state()
    n = tour.next_number()
    done: list[KnockoutFact] = []
    for fact in facts:
        numbered = replace(fact, n=n, at=at, by=by)
        ko_stored(numbered)  # what is accepted must read back from the file exactly
        state.record(numbered)
        done.append(numbered)
        n += 1
    tour.facts.extend(done)
    return state


def player_id(state: KnockoutState, who: str) -> str:
    """Find a player by id or name (case does not matter)."""
    if who in state.players:
        return who
    key = name_key(who)
    for p in state.players.values():
        if name_key(p.name) == key:
            return p.id
    raise RuleError(msg("there is no player '{who}'.", who=who), field="player")
