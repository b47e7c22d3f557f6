"""A table's secret link: kept as a digest, and the nonce its token is derived from."""

from __future__ import annotations

from django.db import models

from tafelrunde.web.core.models import TournamentRecord


class TableLink(models.Model):
    """The link of one table: of a game (tables drawn anew each game), of a stage (fixed
    tables) or of an opened format-D table (`game` is then the number of its opening)."""

    tournament = models.ForeignKey(
        TournamentRecord, on_delete=models.CASCADE, related_name="table_links"
    )
    stage = models.CharField(max_length=100, blank=True)  # the stage's key; "" in format D
    game = models.PositiveIntegerField(default=0)  # 0: the table for the whole stage
    table = models.PositiveIntegerField()
    digest = models.CharField(max_length=64, unique=True)  # SHA-256 of the token
    sealed = models.CharField(max_length=64)  # "s1:" and the nonce the token is derived from
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(
                fields=("tournament", "stage", "game", "table"), name="one_link_per_table"
            ),
        )

    def __str__(self) -> str:
        """Name the table the link is for."""
        return f"{self.tournament_id}/{self.stage}/{self.game}/{self.table}"


class PhoneBinding(models.Model):
    """A phone bound to one player of a tournament: by tapping the name at a table link or by
    opening the player's pass. `asked` names another player the phone asked to become (the
    organisers allow or refuse it)."""

    tournament = models.ForeignKey(
        TournamentRecord, on_delete=models.CASCADE, related_name="phone_bindings"
    )
    phone = models.CharField(max_length=16)  # the phone's mark (a digest of its session key)
    player = models.CharField(max_length=40)
    by_pass = models.BooleanField(default=False)  # bound by opening the player's pass
    asked = models.CharField(max_length=40, blank=True, default="")
    asked_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(fields=("tournament", "phone"), name="one_player_per_phone"),
        )

    def __str__(self) -> str:
        """Name the phone and its player."""
        return f"{self.tournament_id}/{self.phone} → {self.player}"


class SentKey(models.Model):
    """The key a phone sent an action with (an entry, a "Correct", a roll-off, "I am here"),
    kept with the answer it got: the same key sent again is answered alike, stored once."""

    tournament = models.ForeignKey(
        TournamentRecord, on_delete=models.CASCADE, related_name="sent_keys"
    )
    key = models.CharField(max_length=64)  # random, made by the phone when the form was sent
    level = models.PositiveSmallIntegerField()  # the answer's kind (django.contrib.messages)
    said = models.JSONField()  # the answer's words (a message, tafelrunde.engine.log)
    fact = models.PositiveIntegerField(null=True, blank=True)  # the fact it stored, if any
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(fields=("tournament", "key"), name="one_answer_per_key"),
        )

    def __str__(self) -> str:
        """Name the tournament and the key."""
        return f"{self.tournament_id}/{self.key}"
