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
