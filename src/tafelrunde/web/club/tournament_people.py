"""A tournament's players beside the registry: linked persons, suggestions, certain matches."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Count

from tafelrunde.engine.name_match import name_key
from tafelrunde.web.club.existing import added, players_in
from tafelrunde.web.club.models import Person, PlayerLink
from tafelrunde.web.club.people import Suggester
from tafelrunde.web.club.roster import players_of
from tafelrunde.web.core.models import FactRecord, TournamentRecord


@dataclass
class PlayerRow:
    """One player of the tournament: the linked person, or the persons it may be."""

    id: str
    name: str
    person: Person | None = None
    same: list[Person] = field(default_factory=list)  # the same name
    similar: list[Person] = field(default_factory=list)  # names that look alike
    certain: Person | None = None  # the one person „alle eindeutigen verknüpfen“ links


def player_rows(rec: TournamentRecord) -> list[PlayerRow]:
    """Every player with its person or suggestions (persons linked here already left out)."""
    players = players_of(rec)
    links = {
        link.player: link.person
        for link in PlayerLink.objects.filter(tournament=rec).select_related("person")
    }
    taken = {p.pk for p in links.values()}
    known = Suggester()
    keys = [name_key(name) for _, name in players]
    rows = []
    for (pid, name), key in zip(players, keys, strict=True):
        row = PlayerRow(pid, name, links.get(pid))
        if row.person is None:
            row.same = [p for p in known.exact(name) if p.pk not in taken]
            row.similar = [p for p in known.similar(name) if p.pk not in taken]
            alone = keys.count(key) == 1  # two players of one name here: no certain match
            if len(row.same) == 1 and len(known.exact(name)) == 1 and alone:
                row.certain = row.same[0]
        rows.append(row)
    return rows


@transaction.atomic
def link_certain(rec: TournamentRecord) -> list[tuple[str, Person]]:
    """Link every player whose name belongs to exactly one person (not linked here yet)."""
    done = []
    for row in player_rows(rec):
        if row.certain is not None:
            _, made = PlayerLink.objects.get_or_create(
                tournament=rec, player=row.id, defaults={"person": row.certain}
            )
            if made:
                done.append((row.name, row.certain))
    return done


@dataclass(frozen=True)
class Open:
    """A tournament with players not yet linked to a person."""

    tournament: TournamentRecord
    players: int
    linked: int


def not_linked() -> list[Open]:
    """Every tournament with players linked to no person, newest first (read from the
    stored players and registrations, without replaying the tournaments)."""
    found = []
    counted = TournamentRecord.objects.annotate(linked=Count("person_links")).order_by("-pk")
    adding: dict[int, list[Any]] = defaultdict(list)  # by tournament: one query for all
    facts = FactRecord.objects.filter(data__type__in=[*added(), "undo"]).order_by("tournament", "n")
    for tournament, data in facts.values_list("tournament", "data"):
        adding[tournament].append(data)
    for rec in counted:
        players = len({pid for pid, _ in players_in(rec.format, rec.players, adding[rec.pk])})
        if players > rec.linked:
            found.append(Open(rec, players, rec.linked))
    return found
