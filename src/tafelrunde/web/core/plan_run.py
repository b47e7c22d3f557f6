"""What the database keeps of a planning run: its parameters, seed, progress and result."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class PlanRun(models.Model):
    """One simulated evening (Planung), computed outside the request by one process."""

    QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
    STATUSES = ((QUEUED, QUEUED), (RUNNING, RUNNING), (DONE, DONE), (FAILED, FAILED))

    created_at = models.DateTimeField(default=timezone.now)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    preset = models.CharField(max_length=100)
    players = models.PositiveIntegerField()
    tables = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    runs = models.PositiveIntegerField()  # at most this many runs (seeds seed, seed+1, ...)
    budget = models.FloatField(null=True, blank=True)  # seconds after which it stops early
    status = models.CharField(max_length=10, choices=STATUSES, default=QUEUED)
    done = models.PositiveIntegerField(default=0)  # places decided, over all runs so far
    runs_done = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat = models.DateTimeField(null=True, blank=True)  # the computing process lives
    finished_at = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)  # tafelrunde.sim.planning.summary
    error = models.JSONField(null=True, blank=True)  # a message (id and parameters)

    class Meta:
        ordering = ("-created_at", "-pk")

    def __str__(self) -> str:
        """Name the plan by its parameters."""
        return f"{self.preset} · {self.players} · {self.tables} · {self.seed}"

    @property
    def finished(self) -> bool:
        """Say whether nothing more will happen (done or failed)."""
        return self.status in (self.DONE, self.FAILED)

    @property
    def share(self) -> float:
        """The share of the work done, from 0 to 1."""
        if self.status == self.DONE:
            return 1.0
        total = self.players * self.runs
        return min(1.0, self.done / total) if total else 0.0
