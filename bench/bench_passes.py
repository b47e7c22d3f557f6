"""What the players' passes cost with 600 players: each player opens "Mein Platz" on a phone of
their own (the first visit binds the phone), then again (steady), then after results came in
(a changed state, so the page is made afresh); and the table page of a phone bound by its pass.

Builds a 600-player format-A tournament (preset gruppenmodus, game 1 drawn through the draw
form) on a temporary SQLite database and drives Django's test client through the whole
middleware stack, one phone (cookie jar) per player. Prints the median and p95 CPU
milliseconds (time.process_time) and SQL queries of each kind of request, and the passes
page the desk scans from. Asserts nothing.

`python bench/bench_passes.py [PLAYERS]` (default 600).
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_request_cost import Organiser, load_client_module

USER, PASSWORD = "bench", "bench-passwort"
PASS = re.compile(r"/pass/([A-Za-z0-9_-]{24})/")


def measured(call: Callable[[], Any]) -> tuple[float, int]:
    """CPU milliseconds and SQL queries of one call."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    connection.queries_log.clear()  # the log keeps 9000 queries at most
    with CaptureQueriesContext(connection) as queries:
        start = time.process_time()
        call()
        took = (time.process_time() - start) * 1000
    return took, len(queries)


def line(label: str, figures: list[tuple[float, int]]) -> str:
    """Median and p95 CPU ms and the median queries of one kind of request."""
    cpu = sorted(f[0] for f in figures)
    p95 = cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))]
    queries = statistics.median(f[1] for f in figures)
    return (
        f"  {label:<40} n={len(cpu):4d}  CPU median {statistics.median(cpu):6.1f} ms, "
        f"p95 {p95:6.1f} ms, max {cpu[-1]:6.1f} ms; queries median {queries:3.0f}"
    )


def get(client: Any, path: str) -> Any:
    """GET a page that must answer 200."""
    answer = client.get(path)
    assert answer.status_code == 200, (path, answer.status_code)
    return answer


def main() -> None:
    """Build the tournament, open every player's pass, print the figures."""
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    os.environ["TAFELRUNDE_DATA"] = tempfile.mkdtemp(prefix="tafelrunde-passes-")
    os.environ.pop("TAFELRUNDE_DATABASE_URL", None)
    loadclient = load_client_module()
    loadclient.setup_django()
    from django.test import Client

    from tafelrunde.web.core.models import TournamentRecord
    from tafelrunde.web.player import passes

    made = loadclient.prepare(players, USER, PASSWORD)
    pk, forms = made["pk"], made["forms"]
    me = Organiser(pk)
    drawn = me.post("auslosung/", {"seed": str(made["seed"]), "version": "0"})
    assert drawn.status_code == 302, drawn
    rec = TournamentRecord.objects.get(pk=pk)
    ids = [p["id"] for p in rec.players]
    print(f"{players} players, game 1 drawn; one phone per player")
    start = time.process_time()
    tokens = passes.tokens_for(rec, ids)
    print(f"  making every pass (the first print of the slips): "
          f"{(time.process_time() - start) * 1000:.0f} ms CPU")  # fmt: skip
    desk = [measured(lambda: get(me.client, f"/turniere/{pk}/paesse/"))]
    slips = [measured(lambda: get(me.client, f"/turniere/{pk}/drucken/spielerpaesse/"))]
    phones = {p: Client(HTTP_HOST="localhost") for p in ids}
    first = [measured(lambda p=p: get(phones[p], f"/pass/{tokens[p]}/")) for p in ids]
    again = [measured(lambda p=p: get(phones[p], f"/pass/{tokens[p]}/")) for p in ids]
    links = dict.fromkeys(ids, "")
    for p in ids[:50]:
        page = get(phones[p], f"/pass/{tokens[p]}/").content.decode()
        found = re.search(r'href="(/tisch/[A-Za-z0-9_-]{24}/)" id="to-table"', page)
        links[p] = found.group(1) if found else ""
    tables = [measured(lambda p=p: get(phones[p], links[p])) for p in ids[:50] if links[p]]
    keys = {}
    for p in ids:
        page = get(phones[p], f"/pass/{tokens[p]}/").content.decode()
        found = re.search(r'data-live-key="([0-9a-f]+)"', page)
        keys[p] = found.group(1) if found else ""
    me.result(forms[0])  # one table's result counts: a live refresh on every pass
    answers: list[int] = []

    def live(p: str) -> None:
        answer = phones[p].get(f"/pass/{tokens[p]}/", HTTP_X_TAFELRUNDE_LIVE="1",
                               HTTP_X_TAFELRUNDE_SEEN=keys[p])  # fmt: skip
        answers.append(answer.status_code)

    refreshed = [measured(lambda p=p: live(p)) for p in ids]
    for form in forms[1 : len(forms) // 2]:
        me.result(form)
    changed = [measured(lambda p=p: get(phones[p], f"/pass/{tokens[p]}/")) for p in ids]
    print(line("passes page (desk, 100 rows)", desk))
    print(line("player slips, every player", slips))
    print(line("Mein Platz, first visit (binds)", first))
    print(line("Mein Platz, again", again))
    print(line("live refresh after one table's result", refreshed))
    print(f"    of which unchanged (204): {answers.count(204)}, made anew (200): "
          f"{answers.count(200)}")  # fmt: skip
    print(line("Mein Platz, after half the results", changed))
    print(line("table page of a phone bound by its pass", tables))


if __name__ == "__main__":
    main()
