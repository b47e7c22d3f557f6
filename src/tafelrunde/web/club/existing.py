"""Persons for the players of tournaments stored before the registry (data migration 0002).

Players whose names are the same (ignoring case, accents and spacing) become one person,
linked in every tournament. A name written differently elsewhere in a way that matches
only tolerantly (Müller, Mueller) gets its person too, but stays unlinked: the tournament's
persons page offers the choice. Two different names are never joined.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from tafelrunde.engine.families import FAMILIES, family_of_letter
from tafelrunde.engine.name_match import name_key, name_keys


def added() -> list[str]:
    """The facts that add a player after the start, of every registered family."""
    return [f.late_fact for f in FAMILIES]


def players_in(fmt: str, players: Any, facts: list[Any]) -> list[tuple[str, str]]:
    """A stored tournament's players (id, name): its player list and the facts that add
    players (late joins, format-D registrations), without the undone ones."""
    family = family_of_letter(fmt)
    undone = {f.get("target") for f in facts if isinstance(f, dict) and f.get("type") == "undo"}
    found = [
        (str(p["id"]), str(p["name"]))
        for p in (players if family.listed_players and isinstance(players, list) else [])
        if isinstance(p, dict) and "id" in p and "name" in p
    ]
    kind = family.late_fact
    for f in facts:
        if isinstance(f, dict) and f.get("type") == kind and f.get("n") not in undone:
            found.append((str(f.get("player", "")), str(f.get("name") or f.get("player", ""))))
    return [(pid, name) for pid, name in found if pid and name.strip()]


def link_existing(apps: Any, schema_editor: Any = None) -> None:
    """Create persons for the stored tournaments' players and link the certain ones."""
    tournaments = apps.get_model("web", "TournamentRecord")
    facts = apps.get_model("web", "FactRecord")
    person_model = apps.get_model("club", "Person")
    link_model = apps.get_model("club", "PlayerLink")
    seen: dict[str, list[tuple[int, str, str]]] = defaultdict(list)  # key: tournament, id, name
    for rec in tournaments.objects.order_by("pk"):
        adding = facts.objects.filter(tournament=rec, data__type__in=[*added(), "undo"])
        data = list(adding.order_by("n").values_list("data", flat=True))
        for pid, name in players_in(rec.format, rec.players, data):
            key = name_key(name)
            if key:
                seen[key].append((rec.pk, pid, " ".join(name.split())[:100]))
    variants: dict[str, set[str]] = defaultdict(set)  # each spelling → the keys written so
    for key, found in seen.items():
        for spelled in {v for _, _, name in found for v in name_keys(name)}:
            variants[spelled].add(key)
    known = {name_key(p.name) for p in person_model.objects.all()}
    linked = set(link_model.objects.values_list("tournament_id", "player"))
    for key, found in seen.items():
        if key in known:
            continue  # somebody of this name is in the registry already: the page offers it
        names = Counter(name for _, _, name in found)
        person = person_model.objects.create(name=names.most_common(1)[0][0], member=False)
        other_spellings = any(variants[v] - {key} for _, _, name in found for v in name_keys(name))
        per_tournament = Counter(t for t, _, _ in found)
        if other_spellings:
            continue
        link_model.objects.bulk_create(
            link_model(tournament_id=t, player=pid, person=person)
            for t, pid, _ in found
            if per_tournament[t] == 1 and (t, pid) not in linked
        )
