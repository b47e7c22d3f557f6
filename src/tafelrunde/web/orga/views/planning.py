"""Planung: how long an evening takes with a preset, the expected players and the hall's tables.

The form queues a plan; it is computed outside the request (see core.domain.planning). Its
page polls a small fragment for the progress and shows the result there when it is done.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tafelrunde.engine.errors import RuleError
from tafelrunde.sim.tour_model import hours_minutes
from tafelrunde.web.core.common import organiser, refuse
from tafelrunde.web.core.domain import planning
from tafelrunde.web.core.plan_run import PlanRun
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.orga.charts import Labels, duration_histogram, tables_course
from tafelrunde.web.orga.forms_plan import PlanForm, preset_title

RECENT = 10  # plans listed under the form


@organiser
def start(request: HttpRequest) -> HttpResponse:
    """Show the form and the latest plans; a valid form queues a plan and opens its page."""
    initial = {"preset": request.GET.get("preset", "schocken-ko")}
    for name in ("players", "tables"):
        initial[name] = request.GET.get(name, "")
    form = PlanForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        seed = data["seed"] if data["seed"] is not None else secrets.randbelow(2**31)
        try:
            run = planning.new_plan(
                user=request.user,
                preset=data["preset"],
                players=data["players"],
                tables=data["tables"],
                seed=seed,
            )
        except RuleError as err:
            refuse(form, err)
        else:
            return redirect("plan", run.pk)
    recent = [(run, preset_title(run.preset)) for run in PlanRun.objects.all()[:RECENT]]
    context = {"form": form, "recent": recent}
    return render(request, "orga/planning.html", context)


@organiser
def show(request: HttpRequest, pk: int) -> HttpResponse:
    """Show a plan: its parameters, and its progress or its result."""
    run = get_object_or_404(PlanRun, pk=pk)
    if not run.finished:
        planning.kick()  # the process that queued it may be gone
    return render(request, "orga/plan.html", status_context(run))


@organiser
def status(request: HttpRequest, pk: int) -> HttpResponse:
    """The fragment the page polls: the progress, or the result once it is there."""
    run = get_object_or_404(PlanRun, pk=pk)
    if not run.finished:
        planning.kick()
    return render(request, "orga/plan_status.html", status_context(run))


@organiser
@require_POST
def again(request: HttpRequest, pk: int) -> HttpResponse:
    """Compute a plan once more with the same seed (and the same number of runs)."""
    run = get_object_or_404(PlanRun, pk=pk)
    try:
        new = planning.repeat(run, user=request.user)
    except RuleError as err:
        messages.error(request, translated(err.msg))
        return redirect("plan", run.pk)
    return redirect("plan", new.pk)


def status_context(run: PlanRun) -> dict[str, Any]:
    """What the page and its fragment show of a plan."""
    context: dict[str, Any] = {
        "run": run,
        "title": preset_title(run.preset),
        "percent": round(100 * planning.share_of(run)),
        "ahead": planning.ahead_of(run),
        "error": planning.error_of(run),
        "current": min(run.runs_done + 1, run.runs),
    }
    if run.status == PlanRun.DONE and run.result:
        context |= result_context(run.result)
    return context


def result_context(result: dict[str, Any]) -> dict[str, Any]:
    """The figures and charts of a finished plan."""
    duration, wait = result["duration"], result["longest_wait"]
    typical = result["typical"]
    median = hours_minutes(duration["median"])
    histogram = duration_histogram(
        result["durations"],
        duration["median"],
        Labels(
            _("How long the runs took"),
            _("Duration (hh:mm)"),
            _("Runs"),
        ),
        _("Median %(time)s") % {"time": median},
    )
    course = tables_course(
        typical["in_use"],
        typical["duration"],
        result["tables"],
        Labels(
            _("Tables in use during a typical run"),
            _("Time since the start (hh:mm)"),
            _("Tables in use"),
        ),
        ngettext("%(n)s table in the hall", "%(n)s tables in the hall", result["tables"])
        % {"n": result["tables"]},
    )
    return {
        "result": result,
        "duration": duration["text"],
        "wait": wait["text"],
        "typical": typical,
        "tables_max": int(result["tables_max"]["max"]),
        "typical_time": hours_minutes(typical["duration"]),
        "histogram": mark_safe(histogram),  # built from numbers and escaped words
        "course": mark_safe(course),
        "seeds_to": result["seed"] + result["runs"] - 1,
    }
