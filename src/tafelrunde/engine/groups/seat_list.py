"""Who sits where now in a format A–C tournament: the running stage. A stage drawn afresh for
every game (B's preliminary) shows its latest drawn game; a stage with fixed tables (A's
groups, C's rounds) per table the first game still without a result there (the last game
once all are in)."""

from __future__ import annotations

from tafelrunde.engine.groups.presence import known_players
from tafelrunde.engine.groups.stage_state import StageState
from tafelrunde.engine.groups.table_view import game_tables
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.rule_words import joined
from tafelrunde.engine.seat_list import Seating, SeatRow, Where, alphabetical
from tafelrunde.i18n import Text, msg


def current_games(st: StageState) -> dict[int, int]:
    """The game each table of a stage plays now, by table number."""
    drawn = st.drawn_games()
    count = len(st.tables(drawn) or ())
    if st.rule.reseat_each_game:
        return dict.fromkeys(range(1, count + 1), drawn)
    first: dict[int, int] = {}
    for game, index in st.missing_results():  # by game, then table
        first.setdefault(index, game)
    return {index: first.get(index, drawn) for index in range(1, count + 1)}


def group_seating(state: TournamentState) -> Seating:
    """Formats A–C: every player's table, seat and start position in the running stage."""
    name = state.tournament.name_of
    everyone = known_players(state)
    st = state.current
    if st is None or not st.drawn_games():
        rows = [SeatRow(p, name(p), Where.NOT_SEATED) for p in everyone]
        return Seating("", msg("Nothing drawn yet."), alphabetical(rows))
    games = current_games(st)
    placed: dict[str, SeatRow] = {}
    for game in sorted(set(games.values())):
        only = {index for index, g in games.items() if g == game}
        for view in game_tables(state, st, game, only):
            sitting = st.sitting_order(game, view.index)
            entered = msg("result entered") if view.result is not None else ""
            note = joined([x for x in (view.note, entered) if x], "; ")
            for position, p in enumerate(view.seats, start=1):
                start = position if view.seats_known else None
                seat = sitting.index(p) + 1
                placed[p] = SeatRow(p, name(p), Where.SEATED, view.index, seat, start, game, note)
    rows = [placed.get(p) or _unseated(state, st, p) for p in everyone]
    played = set(games.values())
    title = st.title()
    if len(played) == 1:
        game = next(iter(played))
        title = msg("{stage} · {word} {game}", stage=title, word=st.rule.game_word(), game=game)
    return Seating(
        title,
        _stage_note(state, st),
        alphabetical(rows),
        word="" if len(played) == 1 else st.rule.game_word(),
        with_start=any(r.start != r.seat for r in placed.values()),
    )


def _unseated(state: TournamentState, st: StageState, player: str) -> SeatRow:
    """Why a player of a format A–C tournament has no table in the current game."""
    name = state.tournament.name_of(player)
    if player in st.skipped or player in state.withdrawn:
        return SeatRow(player, name, Where.WITHDRAWN, note=msg("withdrawn"))
    if player in st.members:  # joined late: seated with the next draw
        return SeatRow(player, name, Where.NOT_SEATED, note=msg("seated with the next draw"))
    gone = next((s for s in state.stages if player not in s.members), st)  # where they went out
    out = msg("out before the stage “{stage}”", stage=gone.title())
    return SeatRow(player, name, Where.OUT, note=out)


def _stage_note(state: TournamentState, st: StageState) -> Text:
    """What holds for everybody: the tournament is over, or the stage's results are all in."""
    if state.finished:
        return msg("The tournament is over.")
    if st.results_complete():
        return msg("{stage}: every result is in; the next tables follow with the next draw.",
                   stage=st.title())  # fmt: skip
    return ""
