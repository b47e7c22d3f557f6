"""A demo tournament of format D: Schocken bots play every game, the engine runs the rest."""

from __future__ import annotations

import random
from datetime import date
from pathlib import Path

from rich.console import Console

from tafelrunde.cli.files import save_tournament
from tafelrunde.cli.stamp import now
from tafelrunde.engine.knockout import KnockoutTournament
from tafelrunde.engine.knockout.overall_ranking import knockout_ranking_rows
from tafelrunde.i18n import msg
from tafelrunde.presets import load_knockout
from tafelrunde.sim.tour_games import game_player
from tafelrunde.sim.tour_knockout import KnockoutRun
from tafelrunde.sim.tour_model import TimeModel


def knockout_demo(path: Path, names: list[str], seed: int, lang: str, out: Console) -> None:
    """Play a Schocken knockout with bots, save it as a tournament file and show the top."""
    rules = load_knockout()
    rng = random.Random(seed)
    seats = max((*rules.tables.sizes(), rules.final_size))
    games = game_player("exact", rng.randrange(2**63), max_seats=seats)
    run = KnockoutRun(rules, seed=seed, model=TimeModel(), games=games)
    figures = run.run(len(names), names)
    tour = KnockoutTournament(
        "Demo schocken-ko", rules, day=date.today(), created_at=now(), facts=list(run.state.facts)
    )
    save_tournament(tour, path)
    out.rule(f"{rules.name if lang == 'de' else rules.name_en} – {path}")
    rows = knockout_ranking_rows(run.state)
    for r in rows[: len(rules.prizes)]:
        out.print(f"{r['place']}. {r['name']} – {r['prize']}")
    out.print(
        msg(
            "{games} Schocken games at {tables} tables, {entries} entries; "
            "see 'tafelrunde history {path}' and 'tafelrunde status {path}'.",
            games=figures.games,
            tables=len(run.state.tables),
            entries=len(tour.facts),
            path=path,
        ).text(lang)
    )
