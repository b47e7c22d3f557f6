"""Load a tournament from the database into the engine, and append facts once, in order."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, TypeVar

from django.db import connection, transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils import timezone

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import family_of
from tafelrunde.engine.family_engine import AnyState, engine_of
from tafelrunde.engine.groups.facts import Draw, Tournament, Undo
from tafelrunde.engine.groups.file import fact_from_dict
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.knockout import KnockoutTournament
from tafelrunde.engine.log import LogLine, log_to_data, message_data
from tafelrunde.engine.tournament_file import (
    FORMAT,
    VERSION,
    from_data,
    to_data,
)
from tafelrunde.errors import is_pair
from tafelrunde.i18n import Message, msg
from tafelrunde.web.core.domain.event_entries import tournaments_changed
from tafelrunde.web.core.domain.kept import Kept
from tafelrunde.web.core.models import AuditEntry, Event, FactRecord, TournamentRecord, new_revision

AnyTournament = Tournament | KnockoutTournament
T = TypeVar("T")


def file_data(rec: TournamentRecord, *, with_log: bool = False) -> dict[str, Any]:
    """Return the tournament as the data of its tournament file (with its log, if asked)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "name": rec.name,
        "created_at": rec.created_at,
        "ruleset": rec.ruleset,
        "facts": list(rec.facts.order_by("n").values_list("data", flat=True)),
    }
    if rec.family.listed_players:
        data |= {"seed": rec.seed, "players": rec.players}
    else:  # players register as facts; the day is part of its rules and times
        data["day"] = rec.day.isoformat() if rec.day else None
    if with_log:
        entries = rec.audit.select_related("user").order_by("at", "pk")
        data["log"] = log_to_data([
            LogLine(e.at.isoformat(), e.who, e.said, e.fact) for e in entries
        ])  # fmt: skip
    return data


@dataclass(frozen=True)
class Loaded:
    """A tournament as this process last read or stored it (never changed; copies go out)."""

    version: int
    revision: str
    tour: AnyTournament

    @property
    def started(self) -> bool:
        """Once a table is drawn or opened, only facts can change (rules and players are fixed)."""
        return engine_of(self.tour).started(self.tour)


_LOADED: Kept[int, Loaded] = Kept(16)  # by record: the tournament as last read or stored


def engine_tournament(rec: TournamentRecord, *, with_log: bool = False) -> AnyTournament:
    """Rebuild the engine's tournament from the stored facts (checked when they were stored).

    A tournament read before is not read again: only the facts stored since are added
    (facts are only ever appended, and after the start nothing else changes).
    """
    if with_log:
        return from_data(file_data(rec, with_log=True), origin=rec.name, replay=False)
    known = _LOADED.peek(rec.pk)
    if known is None or known.revision != rec.revision:
        if known is not None and known.started and _last(known) == known.version < rec.version:
            new = rec.facts.filter(n__gt=known.version, n__lte=rec.version).order_by("n")
            answers = engine_of(known.tour)
            facts = [answers.read_fact(d) for d in new.values_list("data", flat=True)]
            tour = _with_facts(known.tour, [*known.tour.facts, *facts])
        else:
            tour = from_data(file_data(rec), origin=rec.name, replay=False)
        known = remember(rec.pk, rec.version, rec.revision, tour)
    return _with_facts(known.tour, list(known.tour.facts))


def _last(known: Loaded) -> int:
    """The number of the kept tournament's latest fact (-1: none)."""
    return known.tour.facts[-1].n if known.tour.facts else -1


def _with_facts(tour: AnyTournament, facts: list[Any]) -> AnyTournament:
    """A copy of the tournament with these facts (rules and players are shared: never changed)."""
    return replace(tour, facts=facts)  # type: ignore[arg-type]  # mypy meets the two classes' fields


def remember(pk: int, version: int, revision: str, tour: AnyTournament) -> Loaded:
    """Keep a copy of the tournament as it is stored in this version."""
    return _LOADED.put(pk, Loaded(version, revision, _with_facts(tour, list(tour.facts))))


# the tournament as last changed by this process, by record: reused while nobody else changed it
_WORK: Kept[int, tuple[str, AnyTournament]] = Kept(64)
# the state that follows a kept tournament, while it knows all of its facts
_LIVE: Kept[int, TournamentState] = Kept(16)
_READ: Kept[tuple[int, str], tuple[AnyTournament, Any]] = Kept(16)
_LAST_READ: Kept[int, AnyState] = Kept(16)  # by record: the newest state made for pages


def read_only(rec: TournamentRecord) -> tuple[AnyTournament, Any]:
    """The tournament and its state for showing pages, kept while the tournament is unchanged.

    The stored facts were checked when they were stored, and the tables scored for the state
    before are taken where nothing changed; requests that ask while it is being made wait
    and take it. Never change what this returns: it is shared by the following requests.
    """

    def made() -> tuple[AnyTournament, Any]:
        tour = engine_tournament(rec)
        state = engine_of(tour).page_state(tour, _LAST_READ.peek(rec.pk))
        _LAST_READ.put(rec.pk, state)
        return tour, state

    return _READ.get((rec.pk, rec.revision), made, alone=True)  # a replay once, however many ask


_MEMO: Kept[tuple[int, str, str], Any] = Kept(64)


def memo(rec: TournamentRecord, what: str, make: Callable[[], T]) -> T:
    """Keep what a page shows (e.g. a standing in one language) while nothing changes."""
    value: T = _MEMO.get((rec.pk, rec.revision, what), make)
    return value


@dataclass(frozen=True)
class Logged:
    """A line for the log: what happened (a message) and the fact it is about."""

    message: Message
    fact: int | None = None
    by: str = ""  # who, when no login did it ('Tisch 3 · Anna')


_LATEST: Kept[tuple[int, str], tuple[int, str, Any]] = Kept(256)


def latest(rec: TournamentRecord, what: str, make: Callable[[TournamentRecord], T]) -> T:
    """What a page shows of the tournament, made once per version and shared.

    Requests that arrive while it is being made wait and take it; one made for a newer
    version serves an older request too (it is fresher). So a crowd of phones costs one
    making per change, not one per phone.
    """
    key = (rec.pk, what)
    if connection.in_atomic_block:  # inside a write: its own state, kept for nobody (it may
        now = TournamentRecord.objects.defer("players", "ruleset").get(pk=rec.pk)  # roll back)
        kept = _LATEST.peek(key)
        if kept and kept[:2] == (now.version, now.revision):
            found: T = kept[2]
            return found
        return make(now)
    with _LATEST.maker(key):
        kept = _LATEST.peek(key)
        if kept and (kept[0] > rec.version or kept[:2] == (rec.version, rec.revision)):
            value: T = kept[2]
            return value
        now = TournamentRecord.objects.defer("players", "ruleset").get(pk=rec.pk)
        value = make(now)
        _LATEST.put(key, (now.version, now.revision, value))
        return value


@receiver(post_save, sender=TournamentRecord)
@receiver(post_delete, sender=TournamentRecord)
def forget(sender: Any, instance: TournamentRecord, created: bool = True, **_: Any) -> None:
    """Forget what this process kept of a tournament that is new (its number may have been
    used before, e.g. after a database was restored) or deleted."""
    if not created:
        return
    _LOADED.pop(instance.pk)
    _WORK.pop(instance.pk)
    _LAST_READ.pop(instance.pk)
    _LATEST.forget(lambda key: key[0] == instance.pk)


def save_new(
    tour: AnyTournament, *, event: Event | None = None, user: Any = None, log: Logged | None = None
) -> TournamentRecord:
    """Store a new (or imported) tournament with its facts, its log and one more log line.

    The engine has checked the facts; everything is stored in one transaction or not at all.
    """
    data = to_data(tour)
    with transaction.atomic():
        rec = TournamentRecord.objects.create(
            event=event,
            name=data["name"],
            format=family_of(data["ruleset"]).letter(data["ruleset"]),
            ruleset=data["ruleset"],
            players=data.get("players", []),
            seed=data.get("seed"),
            day=getattr(tour, "day", None),
            created_at=data.get("created_at", ""),
            version=data["facts"][-1]["n"] if data["facts"] else 0,
        )
        FactRecord.objects.bulk_create(
            FactRecord(tournament=rec, n=f["n"], data=f) for f in data["facts"]
        )
        AuditEntry.objects.bulk_create(
            AuditEntry(tournament=rec, by=x.by, at=_when(x.at), fact=x.fact, **_kept(x.message))
            for x in tour.log
        )  # fmt: skip
        if log is not None:
            write_log(rec, user, log)
        tournaments_changed(rec.event_id)
    return rec


def _when(at: str) -> datetime:
    """The time of an imported log line (now, when it has none that can be read)."""
    try:
        when = datetime.fromisoformat(at)
    except ValueError:
        return timezone.now()
    return when if timezone.is_aware(when) else timezone.make_aware(when)


def write_log(rec: TournamentRecord | None, user: Any, line: Logged) -> None:
    """Write one line of the log (inside the caller's transaction)."""
    AuditEntry.objects.create(
        tournament=rec, user=_user(user), by=line.by, fact=line.fact, **_kept(line.message)
    )


def _kept(m: Message) -> dict[str, Any]:
    """The fields of a log line that hold its message."""
    if is_pair(m):
        return {"text_de": m.text("de"), "text_en": m.text("en")}
    return {"message": message_data(m)}


def stale(expected: int, current: int) -> RuleError:
    """Build the refusal of a form that was filled in on an older state."""
    return RuleError(
        msg(
            "Something else was entered meanwhile (state {current}, the form knew state "
            "{expected}). Please reload the page and check again.",
            current=current,
            expected=expected,
        ),
        field="version",
    )


def append(
    rec_id: int,
    change: Callable[[AnyTournament], T],
    *,
    expected: int | None = None,
    user: Any = None,
    log: Callable[[T], Logged | list[Logged]],
) -> T:
    """Apply `change` to the current tournament and store the facts it adds, all or none.

    The tournament row is locked for the whole step, so two organisers entering results at
    the same moment are served one after the other and each fact gets its own number. With
    `expected` (the version the form was built on) an outdated form is refused. The log
    line that `log` makes of the result is stored in the same transaction as the facts.
    """
    with transaction.atomic():
        rec = (
            TournamentRecord.objects.select_for_update().defer("players", "ruleset").get(pk=rec_id)
        )
        if expected is not None and expected != rec.version:
            raise stale(expected, rec.version)
        kept = _WORK.pop(rec.pk)  # a refused change must not leave a half-changed copy
        if kept and kept[0] == rec.revision:
            tour = kept[1]
        else:
            tour = (kept and _caught_up(kept[1], rec)) or engine_tournament(rec)
        before = len(tour.facts)
        result = change(tour)
        new = [fact_data(tour, f) for f in tour.facts[before:]]
        if new:
            FactRecord.objects.bulk_create(
                FactRecord(tournament=rec, n=f["n"], data=f, user=_user(user)) for f in new
            )
            rec.version = new[-1]["n"]
            rec.revision = new_revision()
            rec.save(update_fields=["version", "revision"])
            said = log(result)
            for line in said if isinstance(said, list) else [said]:
                write_log(rec, user, line)
            # readers start from here once it is committed (a copy: the next step changes tour)
            stored = (rec.pk, rec.version, rec.revision, _with_facts(tour, list(tour.facts)))
            transaction.on_commit(lambda: remember(*stored))
        _WORK.put(rec.pk, (rec.revision, tour))
        return result


def _caught_up(tour: AnyTournament, rec: TournamentRecord) -> AnyTournament | None:
    """The kept tournament with the facts another process stored since, applied to its state
    (no replay of the whole); None when it must be read afresh (not started, or an undo)."""
    if not isinstance(tour, Tournament) or not any(isinstance(f, Draw) for f in tour.facts):
        return None
    last = tour.facts[-1].n
    rows = rec.facts.filter(n__gt=last).order_by("n").values_list("data", flat=True)
    new = [fact_from_dict(d, "facts") for d in rows]
    if not new or new[-1].n != rec.version or any(isinstance(f, Undo) for f in new):
        return None
    state = group_state(tour)
    for fact in new:
        state.apply(fact)
        tour.facts.append(fact)
    state.synced = len(tour.facts)
    return tour


def fact_data(tour: AnyTournament, fact: Any) -> dict[str, Any]:
    """One fact as in the tournament file; refused if it would not read back exactly."""
    return engine_of(tour).stored_fact(fact)


def _user(user: Any) -> Any:
    """Return a user to store with a fact (an anonymous user stores none)."""
    return user if getattr(user, "is_authenticated", False) else None


def group_read(rec: TournamentRecord) -> tuple[Tournament, TournamentState]:
    """`read_only` of a format A–C tournament (a refusal for another family's)."""
    tour, state = read_only(rec)
    if not isinstance(state, TournamentState) or not isinstance(tour, Tournament):
        raise RuleError(msg("This is a format-D tournament."), field="file")
    return tour, state


def group_state(tour: AnyTournament) -> TournamentState:
    """Return the state of a format A–C tournament."""
    if not isinstance(tour, Tournament):
        raise RuleError(msg("This is a format-D tournament."), field="file")
    live = _LIVE.peek(id(tour))
    if live is None or live.tournament is not tour or live.synced != len(tour.facts):
        live = _LIVE.put(id(tour), TournamentState(tour))
    return live


def touch(pk: int, **fields: Any) -> None:
    """Show a tournament afresh everywhere (e.g. the projector's choice changed, a phone
    asks to be another player, a player arrived, a line was logged): a new revision, heard by
    the live streams; `fields`: what else of its record changes with it (e.g. its event)."""
    with transaction.atomic():
        only = ("version", "event_id")
        rec = TournamentRecord.objects.select_for_update().only(*only).filter(pk=pk).first()
        if rec is None:
            return
        before = rec.event_id
        for name, value in fields.items():
            setattr(rec, name, value)
        if rec.event_id != before:
            tournaments_changed(before, rec.event_id)
        rec.revision = new_revision()
        rec.save(update_fields=["revision", *fields])
