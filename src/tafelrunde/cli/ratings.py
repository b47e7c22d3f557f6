"""`tafelrunde ratings`: the ratings of the club's persons per game family (an extra, never an
official ranking): mu − 3 sigma of the Weng-Lin (Plackett-Luce) model, from every game."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from tafelrunde.i18n import msg


def show_ratings(args: argparse.Namespace, out: Console) -> int:
    """Print every family's ratings (or one family's), best first, the top N."""
    from tafelrunde.cli.serve import _django
    from tafelrunde.web.core.startup import migrate

    if args.top < 1:
        out.print(msg("--top: at least 1, please.").text(args.lang))
        return 2
    migrate(_django(args.data))
    from tafelrunde.web.club.ratings_cache import club_ratings

    found = club_ratings()
    families = found.ratings.families()
    if args.family:
        if args.family not in families:
            known = ", ".join(families) or "–"
            said = msg("No ratings for the game family {family} (there are: {known}).",
                       family=args.family, known=known)  # fmt: skip
            out.print(said.text(args.lang))
            return 1
        families = [args.family]
    if not families:
        out.print(msg("No games with results yet: no ratings.").text(args.lang))
        return 0
    for family in families:
        table = Table(title=family)
        for head in (msg("Rank"), msg("Name"), msg("Rating"), msg("Games")):
            table.add_column(head.text(args.lang))
        for rank, name, rating in found.table(family)[: args.top]:
            value = f"{rating.shown():.1f}"
            shown = value.replace(".", ",") if args.lang == "de" else value
            table.add_row(str(rank), name, shown, str(rating.games))
        out.print(table)
    out.print(msg("Rating = mu − 3 sigma (openskill, Plackett-Luce); never part of an "
                  "official ranking.").text(args.lang))  # fmt: skip
    return 0
