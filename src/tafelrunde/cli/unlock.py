"""`tafelrunde unlock`: let a login locked by wrong passwords in again (django-axes)."""

from __future__ import annotations

import argparse

from rich.console import Console

from tafelrunde.i18n import msg, msg_n


def unlock(args: argparse.Namespace, out: Console) -> int:
    """Forget the wrong passwords of one user name (all addresses), or of everybody."""
    from tafelrunde.cli.serve import _django
    from tafelrunde.web.core.startup import migrate

    migrate(_django(args.data))
    from axes.utils import reset

    if args.name:
        count = reset(username=args.name)
        said = msg_n(
            "{name}: {n} locked address released.",
            "{name}: {n} locked addresses released.",
            count,
            name=args.name,
        )
    else:
        count = reset()
        said = msg_n("{n} lock released.", "{n} locks released.", count)
    out.print((said if count else msg("Nothing was locked.")).text(args.lang))
    return 0
