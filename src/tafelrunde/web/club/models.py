"""What the club keeps about people: a person once, and which tournament player they were."""

from __future__ import annotations

from django.db import models
from django.db.models import F
from django.db.models.functions import Lower

from tafelrunde.web.core.models import TournamentRecord

PERSON_NAME_LENGTH = 100
NOTE_LENGTH = 60  # a note such as a member list's status ("passiv", "Ehrenmitglied")


class Person(models.Model):
    """Somebody across tournaments: a member (Mitglied) or a guest (Gast); only the name
    is ever public, the e-mail address and the note never. `bad_email` keeps an address a
    member list gave that is no e-mail address, until the organisers correct it."""

    name = models.CharField("Name", max_length=PERSON_NAME_LENGTH)
    member = models.BooleanField("Mitglied", default=True)
    email = models.EmailField("E-Mail", blank=True, default="")
    note = models.CharField("Notiz", max_length=NOTE_LENGTH, blank=True, default="")
    bad_email = models.CharField("E-Mail (ungültig)", max_length=254, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = (Lower("name"), "pk")

    def __str__(self) -> str:
        """Name the person."""
        return self.name


class ImportTaken(models.Model):
    """A member list's preview that was taken over (its digest): taken over once only."""

    digest = models.CharField(max_length=64, primary_key=True)
    taken_at = models.DateTimeField(auto_now_add=True)


class PlayerLink(models.Model):
    """One tournament's player is this person (a player of a tournament at most once)."""

    tournament = models.ForeignKey(
        TournamentRecord, on_delete=models.CASCADE, related_name="person_links"
    )
    player = models.CharField("Spieler", max_length=40)
    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="links")

    class Meta:
        ordering = ("tournament", "player")
        constraints = (
            models.UniqueConstraint(fields=("tournament", "player"), name="one_person_per_player"),
        )

    def __str__(self) -> str:
        """Name the link."""
        return f"{self.tournament_id}/{self.player} → {self.person_id}"


class Season(models.Model):
    """A season ranking (Jahreswertung): a season ruleset over the tournaments it takes."""

    name = models.CharField("Name", max_length=100)
    rules = models.JSONField("Regelwerk")  # the season ruleset as read from its TOML
    date_from = models.DateField("von", null=True, blank=True)
    date_to = models.DateField("bis", null=True, blank=True)
    event_kinds = models.JSONField("Arten", default=list)  # empty: every kind of event
    created_at = models.DateTimeField(auto_now_add=True)
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = (F("date_from").desc(nulls_last=True), Lower("name"), "pk")  # same in every DB

    def __str__(self) -> str:
        """Name the season."""
        return self.name


class SeasonChoice(models.Model):
    """A tournament picked by hand: added to the season (included) or left out of it."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="choices")
    tournament = models.ForeignKey(
        TournamentRecord, on_delete=models.CASCADE, related_name="season_choices"
    )
    included = models.BooleanField("dabei", default=True)

    class Meta:
        ordering = ("season", "tournament")
        constraints = (
            models.UniqueConstraint(fields=("season", "tournament"), name="one_choice_per_season"),
        )

    def __str__(self) -> str:
        """Name the choice."""
        return f"{self.season_id}/{self.tournament_id}: {self.included}"
