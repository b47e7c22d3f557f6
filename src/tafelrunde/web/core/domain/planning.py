"""Planning runs outside the request: queued in the database, computed one at a time.

A plan is stored as queued; a worker thread of any server process claims the oldest one
when none is running (under a row lock, so several processes on PostgreSQL take turns), has
it computed by the simulator in a process of its own (`plan_process`: the server's requests
never wait for it; ended after `HARD_SECONDS`), and writes its progress every second and its
result at the end. A server that dies leaves a run whose heartbeat stops (its plan's process
ends with it); it is then marked failed.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.db import close_old_connections, connection, transaction
from django.utils import timezone

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.log import message_data, message_from_data
from tafelrunde.i18n import Message, msg
from tafelrunde.presets import AnyRules
from tafelrunde.sim.planning import BUDGET_SECONDS, DEFAULT_RUNS
from tafelrunde.sim.tournament import check_setup
from tafelrunde.web.core.domain import club_presets, plan_process
from tafelrunde.web.core.plan_run import PlanRun
from tafelrunde.web.core.worker import Worker

log = logging.getLogger(__name__)
ACTIVE = (PlanRun.QUEUED, PlanRun.RUNNING)
BEAT = 1.0  # seconds between two progress writes of a running plan
STALE = timedelta(seconds=60)  # a running plan without a heartbeat this long is dead
MAX_WAITING = 5  # plans waiting at once; more are refused
HARD_SECONDS = 2 * BUDGET_SECONDS + 30  # a plan's process is ended after this long, whatever
# its budget (a repeat has none: it runs as many runs as the first plan used in its budget)
INTERRUPTED = msg("The calculation was interrupted (the server stopped). Please start it again.")
FAILED = msg("The calculation failed. Please start it again.")
OVERRUN = msg(
    "The calculation took too long and was stopped. Please start it again, with fewer "
    "players if need be."
)


def new_plan(
    *,
    user: Any,
    preset: str,
    players: int,
    tables: int,
    seed: int,
    runs: int = DEFAULT_RUNS,
    budget: float | None = BUDGET_SECONDS,
) -> PlanRun:
    """Queue a plan (refused when it cannot be simulated or too many wait) and start a worker.
    The preset is a shipped one's name or a club preset's choice value."""
    check_setup(preset, players, tables, rules=own_rules(preset))
    with transaction.atomic():
        if PlanRun.objects.filter(status=PlanRun.QUEUED).count() >= MAX_WAITING:
            raise RuleError(
                msg(
                    "{n} plans are waiting already; please start this one in a few minutes.",
                    n=MAX_WAITING,
                ),
                field="__all__",
            )
        run = PlanRun.objects.create(
            user=user if getattr(user, "is_authenticated", False) else None,
            preset=preset,
            players=players,
            tables=tables,
            seed=seed,
            runs=runs,
            budget=budget,
        )
    transaction.on_commit(kick)
    return run


def own_rules(preset: str) -> AnyRules | None:
    """The rules of a club preset the plan names (None: a shipped preset)."""
    return club_presets.club_rules(preset) if club_presets.is_club_value(preset) else None


def repeat(run: PlanRun, *, user: Any) -> PlanRun:
    """Queue the same plan again with its seed and the runs it used (the same result)."""
    runs = int(run.result["runs"]) if run.result else run.runs
    budget = None if run.result else run.budget
    return new_plan(
        user=user,
        preset=run.preset,
        players=run.players,
        tables=run.tables,
        seed=run.seed,
        runs=runs,
        budget=budget,
    )


def ahead_of(run: PlanRun) -> int:
    """Return how many plans will be computed before this waiting one (the running one too)."""
    if run.status != PlanRun.QUEUED:
        return 0
    return PlanRun.objects.filter(status__in=ACTIVE, pk__lt=run.pk).count()


def share_of(run: PlanRun) -> float:
    """Return the share done: of the runs, or of the time budget if that ends it sooner."""
    if run.status != PlanRun.RUNNING or run.started_at is None:
        return run.share
    spent = (timezone.now() - run.started_at).total_seconds()
    by_time = spent / run.budget if run.budget else 0.0
    return min(0.99, max(run.share, by_time))


def error_of(run: PlanRun) -> Message | None:
    """Return why a failed plan failed."""
    if run.error is None:
        return None
    try:
        return message_from_data(run.error, "error")
    except RuleError:
        return FAILED


# -- the worker -------------------------------------------------------------------------


def claim() -> PlanRun | None:
    """Take the oldest queued plan if none is running (a dead one is marked failed first)."""
    now = timezone.now()
    with transaction.atomic():
        active = list(PlanRun.objects.select_for_update().filter(status__in=ACTIVE).order_by("pk"))
        for run in active:
            if run.status != PlanRun.RUNNING:
                continue
            if run.heartbeat is not None and run.heartbeat >= now - STALE:
                return None  # one plan at a time: the others wait
            finish(run, error=INTERRUPTED)
        queued = [r for r in active if r.status == PlanRun.QUEUED]
        if not queued:
            return None
        run = queued[0]
        run.status, run.started_at, run.heartbeat = PlanRun.RUNNING, now, now
        run.save(update_fields=["status", "started_at", "heartbeat"])
        return run


def finish(
    run: PlanRun, *, result: dict[str, Any] | None = None, error: Message | None = None
) -> None:
    """Store the end of a plan: its result, or why it failed."""
    run.status = PlanRun.DONE if error is None else PlanRun.FAILED
    run.result = result
    run.error = None if error is None else message_data(error)
    run.finished_at = timezone.now()
    if result is not None:
        run.runs_done = int(result["runs"])
        run.done = run.players * run.runs_done
    run.save(update_fields=["status", "result", "error", "finished_at", "runs_done", "done"])


class Beat:
    """Write a running plan's progress and heartbeat every second, from a thread of its own."""

    def __init__(self, run: PlanRun, done: Callable[[], int]) -> None:
        """`done`: the places decided so far (counted by the plan's process)."""
        self.run, self.done = run, done
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.beat, name="planning-beat", daemon=True)

    def beat(self) -> None:
        """Write the progress until told to stop."""
        try:
            while not self.stop.wait(BEAT):
                done = self.done()
                PlanRun.objects.filter(pk=self.run.pk, status=PlanRun.RUNNING).update(
                    done=done, runs_done=done // self.run.players, heartbeat=timezone.now()
                )
        except Exception:
            log.exception("planning progress not written")
        finally:
            connection.close()

    def __enter__(self) -> Beat:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join()


def compute(run: PlanRun) -> None:
    """Simulate a claimed plan in a process of its own and store its result (or why there is
    none)."""
    began = time.perf_counter()
    try:
        given = {
            "rules": own_rules(run.preset), "preset": run.preset, "players": run.players,
            "tables": run.tables, "seed": run.seed, "runs": run.runs, "budget": run.budget,
        }  # fmt: skip
        counter = plan_process.Counter()
        with Beat(run, counter):
            got = plan_process.computed(given, limit=HARD_SECONDS, counter=counter)
    except RuleError as err:  # the club preset cannot be read any more
        finish(run, error=err.msg)
        got = None
    except Exception:
        log.exception("planning %s failed", run.pk)
        finish(run, error=FAILED)
        got = None
    if got is not None:
        _store(run, got)
    pid = got.pid if got is not None else "-"
    log.info("planning %s took %.1f s in process %s", run.pk, time.perf_counter() - began, pid)
    close_old_connections()


def _store(run: PlanRun, got: plan_process.Outcome) -> None:
    """Store how the plan's process ended."""
    if got.how == plan_process.DONE and got.result is not None:
        finish(run, result=got.result)
    elif got.how == plan_process.REFUSED:
        try:
            finish(run, error=message_from_data(got.refusal, "error"))
        except RuleError:
            finish(run, error=FAILED)
    elif got.how == plan_process.OVERRUN:
        log.warning("planning %s ended after %.0f s (process %s)", run.pk, HARD_SECONDS, got.pid)
        finish(run, error=OVERRUN)
    else:
        log.error("planning %s failed in process %s: %s", run.pk, got.pid, got.trace)
        finish(run, error=FAILED)


# the worker of this process: started by `kick`, ending when nothing is left
_WORKER: Worker[PlanRun] = Worker("planning", claim, compute)
kick = _WORKER.kick
wait_idle = _WORKER.wait_idle
