"""A player's pass, kept as a digest, and who has arrived at a tournament."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from tafelrunde.web.club.models import Person
from tafelrunde.web.core.models import TournamentRecord


class PlayerPass(models.Model):
    """The secret link of a player: a club member's belongs to the person (every tournament
    they play), a guest's to one tournament's player."""

    person = models.ForeignKey(
        Person, null=True, blank=True, on_delete=models.CASCADE, related_name="passes"
    )
    tournament = models.ForeignKey(
        TournamentRecord, null=True, blank=True, on_delete=models.CASCADE,
        related_name="guest_passes",
    )  # fmt: skip
    player = models.CharField(max_length=40, blank=True)  # a guest's player id
    # an online sign-up's pass (waiting for a place: `player` is "w" and its number)
    sign_up = models.OneToOneField(
        "SignUp", null=True, blank=True, on_delete=models.CASCADE, related_name="signed_pass"
    )
    digest = models.CharField(max_length=64, unique=True)  # SHA-256 of the token
    sealed = models.CharField(max_length=64)  # "s1:" and the nonce the token is derived from
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(
                fields=("person",), condition=Q(person__isnull=False), name="one_pass_per_person"
            ),
            models.UniqueConstraint(
                fields=("tournament", "player"),
                condition=Q(tournament__isnull=False),
                name="one_pass_per_guest",
            ),
            models.CheckConstraint(
                condition=Q(person__isnull=False, tournament__isnull=True)
                | Q(person__isnull=True, tournament__isnull=False),
                name="pass_of_person_or_guest",
            ),
        )

    def __str__(self) -> str:
        """Name whose pass it is."""
        return (
            f"person {self.person_id}" if self.person_id else f"{self.tournament_id}/{self.player}"
        )


class Arrival(models.Model):
    """A player reported present: at the desk (a scanned pass) or by "Ich bin da"."""

    tournament = models.ForeignKey(
        TournamentRecord, on_delete=models.CASCADE, related_name="arrivals"
    )
    player = models.CharField(max_length=40)
    at_desk = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(fields=("tournament", "player"), name="one_arrival_per_player"),
        )

    def __str__(self) -> str:
        """Name who arrived."""
        return f"{self.tournament_id}/{self.player}"


class SignUpDesk(models.Model):
    """A tournament's online sign-up as the organisers set it: open or closed, how many
    places (none: no limit) and places on the waiting list (none: as many as places), and
    a club code the form asks for (empty: none)."""

    tournament = models.OneToOneField(
        TournamentRecord, on_delete=models.CASCADE, related_name="sign_up_desk"
    )
    open = models.BooleanField(default=False)
    capacity = models.PositiveIntegerField(null=True, blank=True)
    waiting = models.PositiveIntegerField(null=True, blank=True)  # None: as many as places
    club_code = models.CharField(max_length=40, blank=True, default="")

    def waiting_room(self) -> int | None:
        """The places on the waiting list (None: no limit, as there is none to the places)."""
        if self.capacity is None:
            return None
        return self.capacity if self.waiting is None else self.waiting

    def __str__(self) -> str:
        """Name the desk."""
        return f"{self.tournament_id}: {'offen' if self.open else 'zu'}"


class SignUp(models.Model):
    """One online sign-up: a player of the tournament, or waiting for a place, or cancelled.
    The e-mail address and the note are for the organisers only."""

    PLAYING, WAITING, CANCELLED = "playing", "waiting", "cancelled"
    NO_SHOW = "absent"  # taken out by the organisers: not there before the first draw
    GONE = (CANCELLED, NO_SHOW)
    tournament = models.ForeignKey(
        TournamentRecord, on_delete=models.CASCADE, related_name="sign_ups"
    )
    name = models.CharField(max_length=100)
    email = models.EmailField(blank=True, default="")
    note = models.CharField(max_length=200, blank=True, default="")
    player = models.CharField(max_length=40, blank=True, default="")  # once a player
    status = models.CharField(max_length=10, default=WAITING)
    browser = models.CharField(max_length=16, blank=True, default="")  # the phone's mark
    base = models.CharField(max_length=300, blank=True, default="")  # the address it came by
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("tournament", "pk")

    def __str__(self) -> str:
        """Name the sign-up."""
        return f"{self.tournament_id}/{self.name} ({self.status})"
