"""Benchmark whole format-D knockouts played by Schocken bots (prints figures, asserts nothing).

Run: .venv/bin/python bench/bench_knockout.py [--sizes 100,300,1000,3000,10000]
     [--exact-upto 1000]   (--exact-upto 10000 plays 10,000 on the exact engine: minutes)

For each field size it plays one tournament on the fast path (NumPy turns) and, up to
`--exact-upto`, one on the exact engine; it reports the wall time, the Schocken games per
second (all work, and game play alone), the share of the time spent outside game play
(knockout engine and clock), and the growth exponent between sizes (t ~ n^k). The exact
engine's 10,000 (not played by default) is extrapolated from the last exponent, and says so.
"""

from __future__ import annotations

import argparse
import math
import time

from tafelrunde.presets import load_knockout
from tafelrunde.sim.tour_games import GamePlayer, game_player
from tafelrunde.sim.tour_knockout import KnockoutRun
from tafelrunde.sim.tour_model import RunFigures, TimeModel, hours_minutes


class TimedGames:
    """Wrap a game player and add up the seconds spent playing games."""

    def __init__(self, inner: GamePlayer) -> None:
        self.inner = inner
        self.seconds = 0.0

    def play(self, seats: tuple[str, ...], starter: str, sharp: bool) -> tuple[str, int]:
        began = time.perf_counter()
        out = self.inner.play(seats, starter, sharp)
        self.seconds += time.perf_counter() - began
        return out


def one_run(players: int, engine: str, seed: int) -> tuple[RunFigures, float, float]:
    """Play one knockout; return its figures, the wall seconds and the game-play seconds."""
    games = TimedGames(game_player(engine, seed))
    began = time.perf_counter()
    run = KnockoutRun(load_knockout(), seed=seed, model=TimeModel(), games=games)
    fig = run.run(players)
    return fig, time.perf_counter() - began, games.seconds


def growth(a: tuple[int, float], b: tuple[int, float]) -> float:
    """Return k in t ~ n^k between two (players, seconds) measurements."""
    return math.log(b[1] / a[1]) / math.log(b[0] / a[0])


def main() -> None:
    """Measure the sizes, print a table, extrapolate what was not measured."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,300,1000,3000,10000")
    ap.add_argument("--exact-upto", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(
        f"{'engine':6} {'players':>7} {'wall s':>8} {'games':>7} {'games/s':>8} "
        f"{'play-only/s':>11} {'outside play':>12} {'k (t~n^k)':>9} {'predicted':>9}"
    )
    outside: list[tuple[int, float]] = []  # fast path: seconds outside game play
    for engine in ("fast", "exact"):
        measured: list[tuple[int, float, float, int]] = []  # players, wall, play, games
        for n in sizes:
            if engine == "exact" and n > args.exact_upto:
                continue
            fig, wall, play = one_run(n, engine, args.seed)
            k = growth(measured[-1][:2], (n, wall)) if measured else float("nan")
            measured.append((n, wall, play, fig.games))
            if engine == "fast":
                outside.append((n, wall - play))
            print(
                f"{engine:6} {n:7d} {wall:8.2f} {fig.games:7d} {fig.games / wall:8.0f} "
                f"{fig.games / play:11.0f} {(wall - play) / wall:12.0%} "
                f"{k:9.2f} {hours_minutes(fig.duration):>9}"
            )
        if measured and measured[-1][0] < 10_000 and len(outside) >= 2:
            n, _, play, games = measured[-1]
            k_out = growth(outside[-2], outside[-1])
            rest = outside[-1][1] * (10_000 / outside[-1][0]) ** k_out
            guess = play * 10_000 / n + rest
            print(
                f"{engine:6} {10_000:7d} {guess:8.0f}  extrapolated, not measured: game play "
                f"linear from {n} players ({games * 10_000 // n} games), engine and clock "
                f"~n^{k_out:.2f} from the fast path's {outside[-1][0]} players"
            )
    print(
        "\ngames/s counts every second of the run; play-only/s only the time inside the "
        "Schocken games. 'outside play' is the knockout engine (facts, suggestions) and the "
        "clock; 'predicted' is the simulated duration of the tournament (hh:mm)."
    )


if __name__ == "__main__":
    main()
