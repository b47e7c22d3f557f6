"""The person registry: suggestions by name, linking players to persons, merging two records."""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import IntegrityError, transaction

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.name_match import name_key, name_keys
from tafelrunde.i18n import msg
from tafelrunde.web.club.models import Person, PlayerLink
from tafelrunde.web.club.roster import players_of
from tafelrunde.web.core.models import TournamentRecord

SUGGESTIONS = 5  # at most so many tolerant suggestions per name
CANDIDATES = 12  # names compared closely, of those sharing the most letter triples
LIKENESS = 0.75  # how alike two names must be (difflib's ratio) to be suggested


def triples(key: str) -> set[str]:
    """The letter triples of a folded name (with its ends), to find alike names quickly."""
    padded = f" {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


class Suggester:
    """The persons' names indexed once, to suggest persons for many names (one page)."""

    def __init__(self, people: Iterable[Person] | None = None) -> None:
        """Index the given persons (all of them by default)."""
        self.people = list(Person.objects.all() if people is None else people)
        self.keys = [name_key(p.name) for p in self.people]
        self.by_key: dict[str, list[int]] = {}
        self.by_variant: dict[str, list[int]] = {}
        self.by_triple: dict[str, list[int]] = {}
        for i, p in enumerate(self.people):
            self.by_key.setdefault(self.keys[i], []).append(i)
            for variant in name_keys(p.name):
                self.by_variant.setdefault(variant, []).append(i)
            for triple in triples(self.keys[i]):
                self.by_triple.setdefault(triple, []).append(i)

    def exact(self, name: str) -> list[Person]:
        """The persons of the same name (ignoring case, accents and spacing)."""
        return [self.people[i] for i in self.by_key.get(name_key(name), [])]

    def similar(self, name: str) -> list[Person]:
        """Persons whose names look like this one but are not the same name: umlauts spelled
        out (Mueller, Müller), a name within the other (Anna Müller-Lüdenscheidt), or a few
        letters apart (Klara, Clara); the likest first."""
        key = name_key(name)
        if not key:
            return []
        spelled = [i for v in name_keys(name) for i in self.by_variant.get(v, [])]
        mine = triples(key)
        shared: Counter[int] = Counter()
        for triple in mine:
            shared.update(self.by_triple.get(triple, []))
        words = set(key.split())
        matcher = difflib.SequenceMatcher(None, autojunk=False)
        matcher.set_seq2(key)  # kept: compared with each candidate in turn
        scored = []
        for i, count in shared.most_common(CANDIDATES):
            if count < len(mine) * 0.3:
                break  # too few letter triples in common: the rest have fewer
            other = self.keys[i]
            matcher.set_seq1(other)
            within = words <= set(other.split()) or set(other.split()) <= words
            alike = matcher.real_quick_ratio() >= LIKENESS and matcher.quick_ratio() >= LIKENESS
            ratio = matcher.ratio() if alike or within else 0.0
            if within or ratio >= LIKENESS:
                scored.append((-ratio, other, i))
        found: list[int] = []
        for i in [*spelled, *(i for _, _, i in sorted(scored))]:
            if self.keys[i] != key and i not in found:
                found.append(i)
        return [self.people[i] for i in found[:SUGGESTIONS]]

    def suggest(self, name: str) -> list[Person]:
        """The same names first, then similar ones."""
        return [*self.exact(name), *self.similar(name)]


def number(text: str) -> int | None:
    """A record's number sent by a form (plain digits, not too long), else None."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


def suggest(name: str) -> list[Person]:
    """Persons for a typed name: the same name first (case, accents, spacing ignored), then
    tolerant matches (umlauts spelled out, parts of the name, small typos)."""
    return Suggester().suggest(name)


def player_name(rec: TournamentRecord, player_id: str) -> str:
    """The name of a player of the tournament; refuse an unknown player."""
    name = dict(players_of(rec)).get(player_id)
    if name is None:
        raise RuleError(msg("This player does not exist (any more)."), field="player")
    return name


@transaction.atomic
def link(rec: TournamentRecord, player_id: str, person: Person) -> PlayerLink:
    """Link a player of the tournament to a person. Refused: a player linked to somebody
    else, or a person linked to another player of the tournament (one person, one player)."""
    names = dict(players_of(rec))
    if player_id not in names:
        raise RuleError(msg("This player does not exist (any more)."), field="player")
    links = PlayerLink.objects.select_for_update().filter(tournament=rec).select_related("person")
    for kept in links.filter(player=player_id) | links.filter(person=person):
        if kept.player == player_id and kept.person_id == person.pk:
            return kept
        if kept.player == player_id:
            said = msg("This player is linked to {name} already.", name=kept.person.name)
            raise RuleError(said, field="player")
        said = msg(
            "{name} is linked to the player {player} of this tournament already.",
            name=person.name,
            player=names.get(kept.player, kept.player),
        )
        raise RuleError(said, field="person")
    return PlayerLink.objects.create(tournament=rec, player=player_id, person=person)


def unlink(rec: TournamentRecord, player_id: str) -> Person | None:
    """Remove the player's link; return the person it was linked to (None: there was none)."""
    kept = PlayerLink.objects.filter(tournament=rec, player=player_id).select_related("person")
    found = kept.first()
    if found is None:
        return None
    found.delete()
    return found.person


@dataclass(frozen=True)
class Merged:
    """What a merge moved: the players (tournament, player) and whether the e-mail came along."""

    moved: list[tuple[int, str]]
    email_taken: bool


def clashes(keep: Person, gone: Person) -> list[str]:
    """The tournaments in which both persons are linked (a merge would give one person two
    players there), by name."""
    mine = set(keep.links.values_list("tournament", flat=True))
    both = gone.links.filter(tournament__in=mine).select_related("tournament")
    return sorted({link.tournament.name for link in both})


@transaction.atomic
def merge(keep: Person, gone: Person) -> Merged:
    """Move every link of `gone` to `keep` and delete `gone`; keep's empty e-mail takes gone's.
    Refused (nothing changed) when both are linked in one tournament."""
    if keep.pk == gone.pk:
        raise RuleError(msg("Please choose another person to merge with."), field="other")
    both = {
        p.pk: p
        for p in Person.objects.select_for_update().filter(pk__in=(keep.pk, gone.pk)).order_by("pk")
    }  # fmt: skip  (locked in one order: two opposite merges wait)
    if keep.pk not in both or gone.pk not in both:
        raise RuleError(msg("One of the two persons was merged or removed meanwhile."),
                        field="other")  # fmt: skip
    keep, gone = both[keep.pk], both[gone.pk]
    if shared := clashes(keep, gone):
        raise RuleError(
            msg(
                "{keep} and {gone} both play in {tournaments}; one person cannot be two "
                "players of one tournament. Unlink one of them there first.",
                keep=keep.name,
                gone=gone.name,
                tournaments=", ".join(shared),
            ),
            field="other",
        )
    moved = list(gone.links.order_by("tournament", "player").values_list("tournament", "player"))
    gone.links.update(person=keep)
    email_taken = not keep.email and bool(gone.email)
    if email_taken:
        keep.email = gone.email
        keep.save(update_fields=["email", "changed_at"])
    gone.delete()
    return Merged([(t, p) for t, p in moved], email_taken)


@transaction.atomic
def unmerge(
    keep: Person, name: str, member: bool, email: str, merged: Merged, old_pk: int | None = None
) -> Person:
    """Take back a merge: the deleted record again (under its old number, so that a second
    take-back finds it there and changes nothing), with the players that moved (those still
    linked to `keep`); keep's e-mail goes back if it came with the merge."""
    keep = Person.objects.select_for_update().get(pk=keep.pk)
    if old_pk is not None and Person.objects.filter(pk=old_pk).exists():
        raise RuleError(msg("This merge was taken back already."), field="merge")
    try:
        with transaction.atomic():
            back = Person.objects.create(pk=old_pk, name=name, member=member, email=email)
    except IntegrityError:  # taken back at the same moment by another request
        raise RuleError(msg("This merge was taken back already."), field="merge") from None
    for tournament, player in merged.moved:
        keep.links.filter(tournament_id=tournament, player=player).update(person=back)
    if merged.email_taken and keep.email == email:
        keep.email = ""
        keep.save(update_fields=["email", "changed_at"])
    return back
