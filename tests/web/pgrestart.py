"""A PostgreSQL server of a test's own that it may stop and start again (as a restart of the
database does), and what it stores of a tournament's results, read without Django."""

from __future__ import annotations

import contextlib
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Cluster:
    """A running cluster: its URL, and how to stop and start it."""

    url: str
    bindir: Path
    data: Path

    def _ctl(self, *args: str) -> None:
        """Run pg_ctl on the cluster as its owner."""
        import make

        make.as_owner(self.data.parent, self.bindir / "pg_ctl", "-D", self.data, *args)

    def stop(self) -> None:
        """Stop the server as a restart does: every connection ends at once."""
        self._ctl("-m", "fast", "-w", "stop")

    def start(self) -> None:
        """Start the server again and wait until it takes connections."""
        self._ctl("-l", str(self.data.parent / "log"), "-w", "start")


@contextlib.contextmanager
def own_cluster() -> Iterator[Cluster]:
    """A throw-away cluster as make.py starts one for the tests, removed afterwards."""
    sys.path.insert(0, str(ROOT))
    import make

    bindir = make.postgres_bin()
    assert bindir is not None, "no PostgreSQL binaries found"
    with make.postgres_cluster(bindir) as url:
        with psycopg.connect(url) as db:
            found = db.execute("show data_directory").fetchone()
        assert found is not None
        yield Cluster(url, bindir, Path(found[0]))


def results(url: str, pk: int) -> Counter[tuple[int, int]]:
    """How often each (game, table) of the tournament has a result stored."""
    query = (
        "select data->>'game', data->>'table' from web_factrecord"
        " where tournament_id = %s and data->>'type' = 'result'"
    )
    with psycopg.connect(url) as db:
        return Counter((int(g), int(t)) for g, t in db.execute(query, (pk,)))
