"""What the database keeps: club events, tournaments and their facts (append-only)."""

from __future__ import annotations

from uuid import uuid4

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone

from tafelrunde.engine.families import Family, family_of_letter
from tafelrunde.engine.log import message_from_data
from tafelrunde.errors import pair
from tafelrunde.i18n import Message


def new_revision() -> str:
    """A fresh mark for a changed tournament (read caches key on it)."""
    return uuid4().hex


def new_uid() -> str:
    """A calendar's mark of an event, kept for good (subscribed calendars find it by it)."""
    return uuid4().hex


class Event(models.Model):
    """A club event (Termin): a name and a date, or none yet ("steht noch nicht fest")."""

    name = models.CharField("Name", max_length=200)
    date = models.DateField("Datum", null=True, blank=True)
    kind = models.CharField("Art", max_length=60, blank=True)  # e.g. "Spieleabend"
    created_at = models.DateTimeField(auto_now_add=True)
    # the calendar feed: the event's mark, how often its name, date or kind changed, when
    uid = models.CharField(max_length=32, unique=True, default=new_uid)
    sequence = models.PositiveIntegerField(default=0)
    changed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("date", "name")

    def __str__(self) -> str:
        """Name the event."""
        return self.name


class CancelledEvent(models.Model):
    """A date taken back (the event deleted, its date removed, or its kind changed: then in
    the old kind's feed): the calendar feed says it is cancelled, so that calendars that
    subscribed to it take it out."""

    uid = models.CharField(max_length=32)  # the event's (a moved kind: in the old kind's feed)
    name = models.CharField(max_length=200)
    date = models.DateField()
    kind = models.CharField(max_length=60, blank=True)
    sequence = models.PositiveIntegerField(default=0)
    cancelled_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("date", "name")
        constraints = (
            models.UniqueConstraint(fields=("uid", "kind"), name="one_cancellation_per_feed"),
        )

    def __str__(self) -> str:
        """Name the cancelled event."""
        return f"{self.name} ({self.date}, abgesagt)"


class TournamentRecord(models.Model):
    """A tournament: its ruleset and players as in the tournament file; the facts apart."""

    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournaments"
    )
    name = models.CharField("Name", max_length=200)
    format = models.CharField("Format", max_length=1)
    ruleset = models.JSONField("Regelwerk")
    players = models.JSONField("Spieler", default=list)  # formats A–C: [{"id", "name"}]
    numbered = models.PositiveIntegerField(default=0)  # the highest player number given (A–C)
    seed = models.BigIntegerField("Los-Seed", null=True, blank=True)
    day = models.DateField("Turniertag", null=True, blank=True)
    created_at = models.CharField(max_length=40, blank=True)
    version = models.PositiveIntegerField(default=0)  # the number of the latest fact
    revision = models.CharField(max_length=32, default=new_revision)  # new on every change
    # the seed of the next draw's preview for the version it was made at, [version, seed]:
    # every organiser sees the same preview until one redraws it
    draw_preview = models.JSONField(null=True, blank=True)
    # who may enter and confirm at the tables: "table" (a table link and a tapped name) or
    # "pass" (only the players' passes and the staff, for championships)
    identity = models.CharField("Eintragen am Tisch", max_length=5, default="table")

    def __str__(self) -> str:
        """Name the tournament."""
        return self.name

    @property
    def family(self) -> Family:
        """The tournament's format family, from the letter stored with it (as its ruleset's
        family: a ruleset never changes family; the ruleset itself is not read)."""
        return family_of_letter(self.format)

    @property
    def format_label(self) -> str:
        """How pages name its format: the letter, or a club's own ruleset by its name."""
        return self.family.label(self.ruleset)


class FactRecord(models.Model):
    """One recorded fact, exactly as in the tournament file; never changed or deleted."""

    tournament = models.ForeignKey(TournamentRecord, on_delete=models.CASCADE, related_name="facts")
    n = models.PositiveIntegerField()
    data = models.JSONField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    stored_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("tournament", "n")
        constraints = (
            models.UniqueConstraint(fields=("tournament", "n"), name="one_fact_per_number"),
        )


class AuditEntry(models.Model):
    """One line of the audit log: who did what, when (a message, translated where shown)."""

    tournament = models.ForeignKey(
        TournamentRecord, null=True, blank=True, on_delete=models.CASCADE, related_name="audit"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    by = models.CharField(max_length=200, blank=True)  # who, when the user is not here (imported)
    at = models.DateTimeField(default=timezone.now)
    message = models.JSONField(null=True, blank=True)  # id, parameters (tafelrunde.engine.log)
    text_de = models.TextField(blank=True, default="")  # lines written before messages had ids
    text_en = models.TextField(blank=True, default="")
    fact = models.PositiveIntegerField(null=True, blank=True)  # the fact number, if any

    class Meta:
        ordering = ("-at", "-pk")

    @property
    def said(self) -> Message:
        """What happened, as a message."""
        if self.message is not None:
            return message_from_data(self.message, "log")
        return pair(self.text_de, self.text_en)

    @property
    def who(self) -> str:
        """Who made the entry: the user, or the name kept from an imported file."""
        return self.user.get_username() if self.user else self.by


class ClubPreset(models.Model):
    """A club's own ruleset under a name (Vereinsvorlage), to create tournaments from."""

    name = models.CharField("Name", max_length=100)
    format = models.CharField("Format", max_length=1, blank=True)
    ruleset = models.JSONField("Regelwerk")  # as in the tournament file
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = (Lower("name"),)
        constraints = (models.UniqueConstraint(Lower("name"), name="one_club_preset_per_name"),)

    def __str__(self) -> str:
        """Name the preset."""
        return self.name


from tafelrunde.web.core.ended_sessions import EndedSession  # noqa: E402  (its table is here)
from tafelrunde.web.core.outbox import OutgoingMail  # noqa: E402  (its table lives in this app)
from tafelrunde.web.core.plan_run import PlanRun  # noqa: E402  (its table lives in this app)

__all__ = [
    "AuditEntry",
    "ClubPreset",
    "EndedSession",
    "Event",
    "FactRecord",
    "OutgoingMail",
    "PlanRun",
    "TournamentRecord",
    "new_revision",
]


class EmbedOrigins(models.Model):
    """The websites (origins, e.g. https://www.wuerfelfreunde.de) that may show the club's
    embeds in a frame; every other page, and every other site, stays `DENY`. One row."""

    origins = models.TextField("Webseiten", blank=True, default="")  # one origin per line
    changed_at = models.DateTimeField(auto_now=True)

    def listed(self) -> list[str]:
        """The origins, one per line as stored."""
        return [o for o in self.origins.split() if o]

    def __str__(self) -> str:
        """Name the origins."""
        return " ".join(self.listed())
