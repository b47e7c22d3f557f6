"""Who has arrived: a pass scanned at the desk or "Ich bin da" on one's own pass; in format D
it checks the player in where the ruleset asks for a check-in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tafelrunde.engine.families import GROUP, KNOCKOUT
from tafelrunde.engine.knockout import CheckIn, KnockoutState, Status
from tafelrunde.engine.knockout.clock import is_late
from tafelrunde.web.core.domain.knockout import enter
from tafelrunde.web.core.domain.store import read_only, touch
from tafelrunde.web.core.frame import stamp
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.writes import locked
from tafelrunde.web.player.models import Arrival


def _group_open(rec: TournamentRecord, _player: str) -> bool:
    """Formats A–C: until the first draw."""
    return not read_only(rec)[1].stages


def _knockout_open(rec: TournamentRecord, player: str) -> bool:
    """Format D: before the registration deadline, while the player waits to be seated."""
    state = read_only(rec)[1]
    assert isinstance(state, KnockoutState)
    p = state.players.get(player)
    late = is_late(stamp(), state.rules.deadline, state.day)
    return p is not None and p.status is Status.REGISTERED and not late


_OPEN: dict[str, Callable[[TournamentRecord, str], bool]] = {
    GROUP.key: _group_open,
    KNOCKOUT.key: _knockout_open,
}


def may_arrive(rec: TournamentRecord, player: str) -> bool:
    """Say whether the player may still say "Ich bin da" on their pass."""
    return _OPEN[rec.family.key](rec, player)


def arrived(rec: TournamentRecord) -> dict[str, Arrival]:
    """Who has arrived, by player."""
    return {a.player: a for a in Arrival.objects.filter(tournament=rec)}


def has_arrived(rec: TournamentRecord, player: str) -> bool:
    """Say whether the player has arrived."""
    return Arrival.objects.filter(tournament=rec, player=player).exists()


def arrive(rec: TournamentRecord, player: str, *, desk: bool, user: Any, by: str) -> bool:
    """Note that the player is here (False: noted before); check in a format-D player where
    the ruleset asks for it. One transaction under the tournament's lock."""
    with locked(rec.pk) as now:
        if now is None:
            return False
        _, made = Arrival.objects.get_or_create(
            tournament=now, player=player, defaults={"at_desk": desk}
        )
        if made:
            touch(now.pk)  # the desk's open list counts them
        _CHECK_IN[now.family.key](now, player, user, "" if desk else by)
        return made


def _knockout_check_in(rec: TournamentRecord, player: str, user: Any, by: str) -> None:
    """Format D: check the player in, where the ruleset asks for a check-in."""
    state = read_only(rec)[1]
    assert isinstance(state, KnockoutState)
    p = state.players.get(player)
    waiting = p is not None and not p.checked_in and p.status is Status.REGISTERED
    if state.rules.check_in and waiting:
        enter(
            rec.pk, lambda _t, _s: [CheckIn(n=0, at=0, player=player)],
            expected=None, user=user, at=stamp(), by=by,
        )  # fmt: skip


_CHECK_IN: dict[str, Callable[[TournamentRecord, str, Any, str], None]] = {
    GROUP.key: lambda *_: None,  # formats A–C: being here is all there is to it
    KNOCKOUT.key: _knockout_check_in,
}


def leave(rec: TournamentRecord, player: str) -> bool:
    """Take back that the player is here (a mistake at the desk); False: not noted. A
    format-D check-in stays in the registration (its log entry is undone there)."""
    with locked(rec.pk):
        gone = Arrival.objects.filter(tournament=rec, player=player).delete()[0] > 0
        if gone:
            touch(rec.pk)
        return gone
