"""Players during the evening: who withdrew, who joined late, and whether that may happen now.

A withdrawal keeps the player's results; every game of the running stage whose result
is not in yet is played without them, and they are left out of later draws and of who
goes on. A late player joins the running stage before its next newly drawn game, with
0 points from the games before (only where the ruleset allows it: `players.late_join`).
"""

from __future__ import annotations

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.groups.facts import LateJoined, Withdrawn
from tafelrunde.engine.groups.tournament_situation import TournamentSituation
from tafelrunde.engine.limits import MAX_PLAYERS, checked_name
from tafelrunde.i18n import Message, msg


def known_players(state: TournamentSituation) -> list[str]:
    """Every player of the tournament: registered first, then those who joined late."""
    return [p.id for p in state.tournament.players] + list(state.late)


def is_known(state: TournamentSituation, player: str) -> bool:
    """Say whether the player is registered or joined late."""
    return player in state.late or player in state.registered


def last_stage_of(state: TournamentSituation, player: str) -> str | None:
    """The key of the last stage the player played in (None: none drawn with them)."""
    found = [st.key for st in state.stages if player in st.members]
    return found[-1] if found else None


def withdrawal_refusal(
    state: TournamentSituation, player: str, *, finished: bool | None = None
) -> RuleError | None:
    """Why the player cannot withdraw now, or None (`finished`: state.finished, if known)."""
    name = state.tournament.name_of(player)
    cur = state.current
    if not is_known(state, player):
        return RuleError(msg("Unknown player '{name}'.", name=name), field="player")
    if cur is None:
        said = msg("Nothing is drawn yet: before the first draw, remove the player instead.")
        return RuleError(said, field="player")
    if player in state.withdrawn:
        return RuleError(msg("{name} has withdrawn already.", name=name), field="player")
    if state.finished if finished is None else finished:
        said = msg("The tournament is over; nobody can withdraw any more.")
        return RuleError(said, field="player")
    if player not in cur.members:
        stage = state.stage(last_stage_of(state, player) or cur.key).title()
        said = msg("{name} no longer plays (out after {stage}).", name=name, stage=stage)
        return RuleError(said, field="player")
    return None


def games_without(state: TournamentSituation, player: str) -> list[tuple[int, int]]:
    """The (game, table) pairs of the running stage a withdrawal would leave the player out of."""
    cur = state.current
    if cur is None:
        return []
    out = []
    for game in range(1, cur.drawn_games() + 1):
        index = cur.table_of(player, game)
        if index is not None and (game, index) not in cur.results:
            out.append((game, index))
    return out


def withdrawal_note(state: TournamentSituation, player: str) -> Message | None:
    """What a withdrawal now means for a table still playing (None: nothing open)."""
    cur = state.current
    open_games = games_without(state, player)
    if cur is None or not open_games:
        return None
    game, table = open_games[0]
    return msg(
        "Table {table} has no result for {word} {game} yet: it is played without {name}. "
        "If {name} finished that game, enter its result first.",
        table=table,
        word=cur.rule.game_word(),
        game=game,
        name=state.tournament.name_of(player),
    )


def late_join_refusal(state: TournamentSituation) -> RuleError | None:
    """Why no late player can join now, or None."""
    cur = state.current
    if not state.tournament.ruleset.late_join:
        said = msg("This ruleset does not let late players join; the rules page can allow it.")
        return RuleError(said, field="name")
    if cur is None:
        said = msg("Nothing is drawn yet: before the first draw, simply add the player.")
        return RuleError(said, field="name")
    if state.finished:
        return RuleError(msg("The tournament is over; nobody can join any more."), field="name")
    if not cur.rule.reseat_each_game:
        said = msg(
            "A late player can only join before a newly drawn game of the running stage; "
            "the tables of '{stage}' are fixed for all its games.",
            stage=cur.title(),
        )
        return RuleError(said, field="name")
    if cur.drawn_games() >= cur.rule.games:
        said = msg(
            "A late player can only join before a newly drawn game of the running stage; "
            "every game of '{stage}' is drawn already.",
            stage=cur.title(),
        )
        return RuleError(said, field="name")
    return None


def apply_withdrawn(state: TournamentSituation, fact: Withdrawn) -> None:
    """Record a withdrawal in the running stage, or refuse it."""
    refusal = withdrawal_refusal(state, fact.player)
    if refusal is not None:
        raise refusal
    cur = state.current
    assert cur is not None
    cur.withdraw(fact.player)
    state.withdrawn[fact.player] = cur.key


def apply_late_joined(state: TournamentSituation, fact: LateJoined) -> None:
    """Let a late player join the running stage, or refuse it."""
    refusal = late_join_refusal(state)
    if refusal is not None:
        raise refusal
    cur = state.current
    assert cur is not None
    checked_name(fact.name, field="name")
    if is_known(state, fact.player):
        said = msg("The player id '{id}' is taken already.", id=fact.player)
        raise RuleError(said, field="player")
    known = known_players(state)
    names = {state.tournament.name_of(p).casefold() for p in known}
    if fact.name.casefold() in names:
        raise RuleError(msg("'{name}' is registered already.", name=fact.name), field="name")
    if len(known) >= MAX_PLAYERS:
        said = msg("A tournament has at most {players} players.", players=MAX_PLAYERS)
        raise RuleError(said, field="name")
    cur.entrants.append(fact.player)
    state.late[fact.player] = (cur.key, cur.drawn_games() + 1)


def withdrawal(state: TournamentSituation, player: str) -> Withdrawn:
    """The fact of a player's withdrawal now, after checking that it may happen."""
    refusal = withdrawal_refusal(state, player)
    if refusal is not None:
        raise refusal
    return Withdrawn(n=0, player=player)


def late_entry(state: TournamentSituation, name: str) -> LateJoined:
    """The fact of a late player joining now, with a fresh id; checked like it is recorded."""
    refusal = late_join_refusal(state)
    if refusal is not None:
        raise refusal
    return LateJoined(n=0, player=fresh_id(state), name=name.strip())


def fresh_id(state: TournamentSituation) -> str:
    """An id no player has had: p and the number after the highest one used, written as
    wide as the registered ids (p10 after p9, p010 after p009)."""
    used = {p.id for p in state.tournament.players}
    used |= {f.player for f in state.tournament.facts if isinstance(f, LateJoined)}
    digits = [p[1:] for p in used if p[:1] == "p" and p[1:].isdigit()]
    width = max((len(d) for d in digits), default=3)
    return f"p{1 + max((int(d) for d in digits), default=0):0{width}d}"


def status(state: TournamentSituation, player: str) -> Message | None:
    """A player's situation in words: withdrawn, joined late, or out (None: playing)."""
    if player in state.withdrawn:
        stage = state.stage(state.withdrawn[player]).title()
        return msg("withdrawn ({stage})", stage=stage)
    if player in state.late:
        key, game = state.late[player]
        st = state.stage(key)
        return msg(
            "joined late ({stage}, from {word} {game})",
            stage=st.title(),
            word=st.rule.game_word(),
            game=game,
        )
    cur, last = state.current, last_stage_of(state, player)
    if cur is not None and last is not None and last != cur.key:
        return msg("out after {stage}", stage=state.stage(last).title())
    return None


def mark(state: TournamentSituation, player: str) -> Message | None:
    """The word a ranking shows next to a player: withdrawn, joined late, or none."""
    if player in state.withdrawn:
        return msg("withdrawn")
    if player in state.late:
        return msg("joined late")
    return None
