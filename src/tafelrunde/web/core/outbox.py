"""What the database keeps of a mail to send after the answer: to whom, what, and whether it
went out (the organisers see the ones that did not). A secret link in it (a player's pass) is
not kept: only what it opens, made into the link when the mail is sent or shown."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class OutgoingMail(models.Model):
    """One mail (e.g. a registrant's pass), sent by a thread of a server process after the
    request that wrote it has been answered."""

    WAITING, SENDING, SENT, FAILED = "waiting", "sending", "sent", "failed"
    STATUSES = ((WAITING, WAITING), (SENDING, SENDING), (SENT, SENT), (FAILED, FAILED))

    tournament = models.ForeignKey(
        "web.TournamentRecord",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="mails",
    )
    name = models.CharField(max_length=100)  # whom it is for, as the organisers know them
    to = models.EmailField(max_length=254)
    subject = models.CharField(max_length=300)
    body = models.TextField()  # the link's place marked (`mailer.LINK`)
    base = models.CharField(max_length=300, blank=True)  # the link's start: scheme and host
    about = models.CharField(max_length=20, blank=True)  # what the link opens (e.g. "pass")
    ref = models.PositiveBigIntegerField(null=True, blank=True)  # its number (a sign-up's)
    status = models.CharField(max_length=10, choices=STATUSES, default=WAITING)
    tries = models.PositiveSmallIntegerField(default=0)
    error = models.CharField(max_length=300, blank=True)  # why it did not go out (the log's)
    created_at = models.DateTimeField(default=timezone.now)
    claimed_at = models.DateTimeField(null=True, blank=True)  # when a sender took it
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("pk",)
        indexes = (models.Index(fields=("status", "id"), name="mail_by_status"),)

    def __str__(self) -> str:
        """Name the mail."""
        return f"{self.to}: {self.subject} ({self.status})"
