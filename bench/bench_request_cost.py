"""What one request of the load bench costs: CPU time and SQL queries, in one process.

Builds the load bench's tournament (800 players, group mode, its first draw through the draw
form) on a temporary SQLite database, then drives Django's test client through the whole
middleware stack: the organiser's tables page (after a change, and again unchanged), the
result POST of one table (after the page, and right after another POST with no page
between, as in a crowd), and the overview. Prints the median CPU milliseconds
(time.process_time, so a busy machine changes little) and SQL queries of each, then a
cProfile of one POST and one tables page (top 25 by cumulative time). Asserts nothing.

`python bench/bench_request_cost.py [N] [RESULTS]` measures N requests of each kind (default
15) while the first RESULTS results are entered (default all 600).
The tournament is made by the load clients' `prepare` of the code that is imported, so
the script measures whichever tree PYTHONPATH names.
"""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

PLAYERS = 800
USER, PASSWORD = "bench", "bench-passwort"


def load_client_module() -> Any:
    """The load clients' module of the tree whose `tafelrunde` is imported."""
    import tafelrunde

    tree = Path(tafelrunde.__file__).resolve().parents[2]
    sys.path.insert(0, str(tree / "tests" / "web"))
    import loadclient

    return loadclient


class WriteLock:
    """Times how long a request holds the database's write lock: from BEGIN IMMEDIATE to the
    commit (its on-commit hooks run right after it), in wall-clock milliseconds."""

    def __init__(self) -> None:
        """Nothing held yet."""
        self.begun: float | None = None
        self.held: list[float] = []

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        """Note the start of a transaction, and ask to hear of its commit."""
        from django.db import connection, transaction

        if sql.startswith("BEGIN"):
            self.begun = time.perf_counter()
        elif self.begun is not None and connection.in_atomic_block:
            begun, self.begun = self.begun, None
            transaction.on_commit(lambda: self.held.append(time.perf_counter() - begun))
        return execute(sql, params, many, context)


def measured(call: Callable[[], Any]) -> tuple[float, int, float]:
    """CPU milliseconds, SQL queries and milliseconds of the write lock held of one call."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    lock = WriteLock()
    with CaptureQueriesContext(connection) as queries, connection.execute_wrapper(lock):
        start = time.process_time()
        call()
        took = (time.process_time() - start) * 1000
    return took, len(queries), sum(lock.held) * 1000


def queries_of(call: Callable[[], Any]) -> list[str]:
    """The SQL of one call."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        call()
    return [q["sql"] for q in queries]


def profiled(call: Callable[[], Any], title: str) -> None:
    """Print the top 25 functions of one call by cumulative CPU time, then those of our code."""
    profile = cProfile.Profile(time.process_time)
    profile.enable()
    call()
    profile.disable()
    for part, only in (("everything", ()), ("Tafelrunde's own code", ("tafelrunde/",))):
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(*only, 25)
        print(f"\n--- profile of {title} (CPU), top 25 of {part} by cumulative time")
        print(out.getvalue().split("\n\n", 2)[-1].rstrip())


class Organiser:
    """A logged-in organiser's browser on one tournament, through the middleware stack."""

    def __init__(self, pk: int) -> None:
        """Log in (no password hashed) and fetch a CSRF token."""
        from django.contrib.auth import get_user_model
        from django.test import Client

        self.pk = pk
        self.client = Client(HTTP_HOST="localhost", enforce_csrf_checks=True)
        self.client.force_login(get_user_model().objects.get(username=USER))
        self.client.get(f"/turniere/{pk}/")
        self.client.get(f"/turniere/{pk}/auslosung/")

    def token(self) -> str:
        """The CSRF token of the session's cookie."""
        return str(self.client.cookies["csrftoken"].value)

    def tables(self) -> Any:
        """GET the tables page."""
        answer = self.client.get(f"/turniere/{self.pk}/tische/")
        assert answer.status_code == 200, answer.status_code
        return answer

    def overview(self) -> Any:
        """GET the tournament's overview."""
        answer = self.client.get(f"/turniere/{self.pk}/")
        assert answer.status_code == 200, answer.status_code
        return answer

    def post(self, path: str, fields: dict[str, str]) -> Any:
        """POST a form with the CSRF token, as a browser does."""
        data = {"csrfmiddlewaretoken": self.token(), **fields}
        return self.client.post(f"/turniere/{self.pk}/{path}", data)

    def result(self, form: dict[str, str]) -> Any:
        """POST one table's result; it must be accepted (302 to the tables page)."""
        answer = self.post("ergebnis/", form)
        assert answer.status_code == 302 and "/tische/" in answer["Location"], answer
        return answer


def line(label: str, figures: list[tuple[float, int, float]]) -> str:
    """Median CPU ms (with min and max), queries and write lock of one kind of request."""
    cpu = [f[0] for f in figures]
    queries = [f[1] for f in figures]
    held = statistics.median(f[2] for f in figures)
    return (
        f"  {label:<34} CPU median {statistics.median(cpu):6.1f} ms "
        f"(min {min(cpu):5.1f}, max {max(cpu):5.1f}), "
        f"queries median {statistics.median(queries):3.0f} (max {max(queries)})"
        + (f", write lock held median {held:5.1f} ms" if held else "")
    )


def main() -> None:
    """Build the tournament, measure every kind of request, profile a POST and a GET."""
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    tmp = tempfile.mkdtemp(prefix="tafelrunde-cost-")
    os.environ["TAFELRUNDE_DATA"] = tmp
    os.environ.pop("TAFELRUNDE_DATABASE_URL", None)
    loadclient = load_client_module()
    loadclient.setup_django()
    made = loadclient.prepare(PLAYERS, USER, PASSWORD)
    pk, forms = made["pk"], made["forms"][: int(sys.argv[2]) if len(sys.argv) > 2 else None]
    me = Organiser(pk)
    drawn = me.post("auslosung/", {"seed": str(made["seed"]), "version": "0"})
    assert drawn.status_code == 302 and "/tische/" in drawn["Location"], drawn
    import django

    print(f"code: {Path(loadclient.__file__).resolve().parents[2]}, Django {django.__version__}")
    print(f"{PLAYERS} players; every result entered as the load bench does (tables page, then")
    print(f"the result POST); {count} of each kind measured, spread over the {len(forms)} results")
    every = max(1, len(forms) // count)
    changed, unchanged, posts, overviews, bare = [], [], [], [], []
    pairs: list[float] = []  # the CPU ms of each result entered as the load bench does
    for k, form in enumerate(forms):
        if k == len(forms) // 2:
            for title, call in (
                ("tables page", me.tables),
                ("result POST", partial(me.result, form)),
            ):
                print(f"\n--- the queries of one {title} (after {k} results)")
                for query in queries_of(call):
                    print(f"  {query[:150]}")
        elif k == len(forms) // 2 + 1:
            profiled(me.tables, "tables page GET after a change")
            profiled(partial(me.result, form), "result POST")
        elif k % every == every // 2 + 2 and len(bare) < count:
            bare.append(measured(partial(me.result, form)))  # right after a POST, no page
        elif k % every == every // 2 and len(posts) < count:
            changed.append(measured(me.tables))
            unchanged.append(measured(me.tables))
            posts.append(measured(partial(me.result, form)))
            overviews.append(measured(me.overview))
        else:
            start = time.process_time()
            me.tables()
            me.result(form)
            pairs.append((time.process_time() - start) * 1000)
    print("\n--- per request (CPU: time.process_time; queries with Django's capture)")
    print(line("tables page GET after a change", changed))
    print(line("tables page GET unchanged", unchanged))
    print(line("result POST (one table)", posts))
    print(line("result POST right after a POST", bare))
    print(line("overview GET after a change", overviews))
    print(
        f"  every other result (tables page GET, then its POST): {len(pairs)} results, "
        f"CPU mean {statistics.mean(pairs):.1f} ms, total {sum(pairs) / 1000:.2f} s"
    )


if __name__ == "__main__":
    main()
