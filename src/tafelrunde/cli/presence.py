"""Players during the evening (formats A–C): withdraw after the draw, join late."""

from __future__ import annotations

import argparse

from rich.console import Console

from tafelrunde.cli.files import load_tournament, save_tournament
from tafelrunde.cli.stamp import author, now
from tafelrunde.engine.groups.actions import record, resolve_player
from tafelrunde.engine.groups.presence import late_entry, withdrawal, withdrawal_note
from tafelrunde.engine.groups.progress import pending
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.i18n import msg


def withdraw(args: argparse.Namespace, out: Console) -> int:
    """Withdraw players: their results stay, later games and who goes on are without them."""
    state = TournamentState(load_tournament(args.file))
    tour = state.tournament
    at, by = args.at or now(), author()
    said = []
    for who in args.names:  # all or none: the file is written only when every one fits
        player = resolve_player(tour, who)
        note = withdrawal_note(state, player)
        record(state, withdrawal(state, player), at=at, by=by)
        said.append(msg("Withdrawn: {name}", name=tour.name_of(player)).text(args.lang))
        if note is not None:
            said.append("  " + note.text(args.lang))
    save_tournament(tour, args.file)
    for line in said:
        out.print(line)
    for step in pending(state)[:3]:
        out.print("• " + step.text.text(args.lang))
    return 0


def join(args: argparse.Namespace, out: Console) -> int:
    """Let late players join before the next newly drawn game (where the ruleset allows it)."""
    state = TournamentState(load_tournament(args.file))
    tour = state.tournament
    at, by = args.at or now(), author()
    for name in args.names:
        record(state, late_entry(state, name), at=at, by=by)
    save_tournament(tour, args.file)
    for p in tour.late_players()[-len(args.names) :]:
        out.print(msg("Joined late: {name} ({id}), 0 points so far", name=p.name, id=p.id)
                  .text(args.lang))  # fmt: skip
    for step in pending(state)[:3]:
        out.print("• " + step.text.text(args.lang))
    return 0
