"""A season's evenings from its tournaments, and its table.

Each chosen tournament that is finished is one evening (`turnier-<pk>`): every player of
its final ranking has a result with that place among all ranked players. A withdrawn
player keeps the place the final ranking gives (the tournament's rules say where withdrawn
players stand) and counts as a participant: they played part of the evening. The
tournament's own points (for `from = "tournament"`) are, in formats A–C, the value of the
first `points` criterion of the ranking of the stage the player reached (for Alhambra and
King Lui: the points of the last stage played); format D has no points and is refused.
A player linked to a person is that person; an unlinked player is a guest of their own,
"Name (tournament)".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import labelled
from tafelrunde.engine.season import (
    Evening,
    EveningResult,
    Person,
    Row,
    SeasonTable,
    season_rules_from_dict,
    season_table,
)
from tafelrunde.i18n import Message, msg
from tafelrunde.web.club.models import Person as ClubPerson
from tafelrunde.web.club.models import PlayerLink, Season
from tafelrunde.web.club.ratings_cache import Played, fingerprint, played
from tafelrunde.web.club.season_pick import day_of, season_tournaments
from tafelrunde.web.core.domain.kept import Kept
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord


@dataclass
class SeasonView:
    """What a season page shows: the table (or why there is none), the tournaments still
    running, and the tournaments with players not linked to a person."""

    season: Season
    table: SeasonTable | None = None
    refusal: Message | None = None
    running: list[TournamentRecord] = field(default_factory=list)
    unlinked: list[tuple[TournamentRecord, int]] = field(default_factory=list)
    tournaments: dict[str, TournamentRecord] = field(default_factory=dict)  # by evening id

    @property
    def unlinked_players(self) -> int:
        """How many players of the evenings are linked to no person."""
        return sum(n for _, n in self.unlinked)


def person_key(pk: int) -> str:
    """The season table's id of a club person."""
    return f"person-{pk}"


def own_points(rec: TournamentRecord, state: Any) -> dict[str, Fraction]:
    """Every player's points in the ranking of the stage they reached; refused for format D
    and a stage ranked without points."""
    if not rec.family.own_points:
        said = msg("The tournament {name} (format {format}) has no points of its own; this "
                   "season's ruleset counts the tournament's points.", name=rec.name,
                   format=rec.format_label)  # fmt: skip
        raise RuleError(said, field="points.from")
    points: dict[str, Fraction] = {}
    reached = {r.player: r.stage for r in state.overall()}
    for st in state.stages:
        standing = st.standing(state.cut(st))
        at = next((i for i, c in enumerate(standing.criteria) if c.key == "points"), None)
        for row in standing.rows:
            if reached.get(row.player) != st.key:
                continue
            value = row.values[at] if at is not None else None
            if value is None:
                said = msg("The tournament {name} ranks its stage {stage} without points; this "
                           "season's ruleset counts the tournament's points.",
                           name=rec.name, stage=st.key)  # fmt: skip
                raise RuleError(said, field="points.from")
            points[row.player] = Fraction(value)
    return points


def _evening(
    rec: TournamentRecord, got: Played, links: dict[str, int], persons: dict[str, Person],
    with_points: bool,
) -> tuple[Evening, int]:  # fmt: skip
    """One finished tournament as an evening, and how many of its players are not linked."""
    points = own_points(rec, read_only(rec)[1]) if with_points else {}
    results, loose = [], 0
    for player, place in got.places.items():
        pk = links.get(player)
        if pk is None:
            key = f"turnier-{rec.pk}:{player}"
            persons[key] = Person(f"{got.names.get(player, player)} ({rec.name})", member=False)
            loose += 1
        else:
            key = person_key(pk)
        results.append(EveningResult(key, place, len(got.places), points.get(player)))
    day = day_of(rec)
    assert day is not None  # a picked tournament without a known day is not finished
    return Evening(f"turnier-{rec.pk}", day, rec.name, tuple(results)), loose


def season_view(season: Season) -> SeasonView:
    """The season's table from its finished tournaments (or the reason there is none), kept
    while neither the season nor any tournament, person or link changes."""
    choices = tuple(season.choices.values_list("tournament_id", "included"))
    key = (season.pk, season.changed_at, choices, fingerprint())
    kept = _VIEWS.peek(season.pk)
    if kept is not None and kept[0] == key:
        return kept[1]
    return _VIEWS.put(season.pk, (key, _season_view(season)))[1]


_VIEWS: Kept[int, tuple[Any, SeasonView]] = Kept(64)  # by season: its mark, its view


def _season_view(season: Season) -> SeasonView:
    """The season's table, made afresh."""
    view = SeasonView(season)
    try:
        rules = season_rules_from_dict(season.rules)
    except RuleError as err:
        view.refusal = labelled(err.msg, err.field or "")
        return view
    recs = season_tournaments(season)
    links: dict[int, dict[str, int]] = {}
    for t, player, person in PlayerLink.objects.filter(tournament__in=recs).values_list(
        "tournament_id", "player", "person_id"
    ):
        links.setdefault(t, {})[player] = person
    persons = {
        person_key(p.pk): Person(p.name, p.member)
        for p in ClubPerson.objects.filter(links__tournament__in=recs).distinct()
    }
    evenings = []
    try:
        for rec in recs:
            got = played(rec)
            if not got.finished or day_of(rec) is None:
                view.running.append(rec)
                continue
            with_points = rules.points.source == "tournament"
            evening, loose = _evening(rec, got, links.get(rec.pk, {}), persons, with_points)
            evenings.append(evening)
            view.tournaments[evening.id] = rec
            if loose:
                view.unlinked.append((rec, loose))
        view.table = season_table(rules, evenings, persons)
    except RuleError as err:
        view.refusal = err.msg if err.field == "points.from" else labelled(err.msg, err.field or "")
    return view


def standings_of(person: ClubPerson) -> list[tuple[Season, Row | None]]:
    """Every season with the person's row in its table (None: not in it)."""
    key = person_key(person.pk)
    found: list[tuple[Season, Row | None]] = []
    for season in Season.objects.all():
        table = season_view(season).table
        rows = [r for r in table.rows if r.person == key] if table is not None else []
        found.append((season, rows[0] if rows else None))
    return found
