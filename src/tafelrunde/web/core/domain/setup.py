"""Set a tournament up: rules from a preset or file, players, and rule changes before play."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import date
from typing import Any

import tomli_w
from django.db import DatabaseError, transaction

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import family_of
from tafelrunde.engine.family_engine import engine_of
from tafelrunde.engine.family_interface import Start
from tafelrunde.engine.limits import checked_text, labelled
from tafelrunde.engine.players import parse_player_names
from tafelrunde.engine.tournament_file import from_data
from tafelrunde.i18n import msg
from tafelrunde.presets import AnyRules, load_rules, preset_names, rules_from_toml
from tafelrunde.web.core import storage
from tafelrunde.web.core.domain import club_presets
from tafelrunde.web.core.domain.store import AnyTournament, Logged, file_data, stale, write_log
from tafelrunde.web.core.models import TournamentRecord, new_revision

STARTED = {"draw", "open_table"}  # the first of these ends changes of the rules and players


def new_seed() -> int:
    """A fresh lot seed; it is recorded with what it decides."""
    return secrets.randbelow(2**31)


def preview_seed(rec: TournamentRecord, wanted: int | None = None) -> int:
    """The seed of the next draw's preview, stored with the tournament so that every organiser
    sees the same preview: the one kept for this version, else a fresh one; `wanted` (a
    redraw) replaces it for everyone. A page of an older version gets a seed, stores none."""
    kept = rec.draw_preview
    if wanted is None and isinstance(kept, list) and len(kept) == 2 and kept[0] == rec.version:
        return int(kept[1])
    seed = new_seed() if wanted is None else wanted
    if storage.blocked():
        return seed  # read only: this page's preview, kept nowhere
    try:
        with transaction.atomic():
            found = TournamentRecord.objects.select_for_update().only("version", "draw_preview")
            locked = found.get(pk=rec.pk)
            kept = locked.draw_preview
            if locked.version != rec.version:
                return seed  # the page of an older state: its release will be refused
            if wanted is None and isinstance(kept, list) and kept[:1] == [rec.version]:
                return int(kept[1])  # another organiser's preview came first
            TournamentRecord.objects.filter(pk=rec.pk).update(draw_preview=[rec.version, seed])
    except DatabaseError as err:
        if (reason := storage.reason_of(err)) is None:
            raise
        storage.failed(reason)  # a full disk: the banner says so; the page still shows
    return seed


def choose_rules(preset: str, upload: str | None) -> AnyRules:
    """The ruleset of a preset or of an uploaded TOML text (exactly one)."""
    if bool(preset) == bool(upload):
        raise RuleError(msg("Choose a preset or upload a ruleset file (not both)."), field="preset")
    if preset:
        if club_presets.is_club_value(preset):
            return club_presets.club_rules(preset)
        if preset not in preset_names():
            raise RuleError(msg("There is no preset '{preset}'.", preset=preset), field="preset")
        return load_rules(preset)
    try:
        return rules_from_toml(upload or "", origin="Regeldatei")
    except RuleError as err:
        raise at_field(err, "ruleset") from None


def at_field(err: RuleError, name: str) -> RuleError:
    """A ruleset text's refusal at the form field `name`, naming the entry it is about."""
    inner = err.field or ""
    if inner in ("", "Regeldatei", "Regelwerk", "format"):
        return err.with_field(name)
    return RuleError(labelled(err.msg, inner), field=name)


def new_tournament(
    name: str,
    rules: AnyRules,
    players_text: str,
    *,
    day: date | None,
    at: str,
    by: str,
    late: bool = False,
) -> AnyTournament:
    """Build a new tournament with its players (format D: registered, `late` past the deadline)."""
    names = parse_player_names(players_text)
    name = checked_text(name, field="name")
    start = Start(new_seed(), day, at, by, late)
    return engine_of(rules).new(name, rules, names, start)


def started(rec: TournamentRecord) -> bool:
    """Say whether the first draw (or first table) is made: then rules and players are fixed."""
    return rec.facts.filter(data__type__in=sorted(STARTED)).exists()


def rules_toml(rec: TournamentRecord) -> str:
    """The tournament's ruleset as TOML text, for changing it."""
    return tomli_w.dumps(rec.ruleset)


def with_rules(
    rec: TournamentRecord, text: str, *, field: str | None = "text"
) -> tuple[AnyTournament, dict[str, Any]]:
    """Rebuild the tournament under a changed ruleset; refuse a change of format.

    A refusal of the ruleset names its entry at the form's `field` (None: at its own field).
    """
    try:
        rules = rules_from_toml(text, origin="Regelwerk")
    except RuleError as err:
        raise (at_field(err, field) if field else err) from None
    source = rules.source
    if family_of(source) is not rec.family:
        raise RuleError(
            msg("A tournament's format cannot change; please create a new tournament."),
            field="format",
        )
    data = file_data(rec) | {"ruleset": source}
    return from_data(data, origin=rec.name), source


def edit_before_start(
    pk: int,
    version: int,
    fixed: RuleError,
    change: Callable[[TournamentRecord], list[str]],
    *,
    user: Any,
    log: Callable[[], Logged],
) -> TournamentRecord:
    """Change players or rules under the row lock: refused once started or from an old form.

    `change` edits the locked record and names the fields it changed (none: nothing stored);
    a change is logged with the line `log` makes, in the same transaction.
    """
    with transaction.atomic():
        locked = TournamentRecord.objects.select_for_update().get(pk=pk)
        if started(locked):
            raise fixed
        if locked.version != version:
            raise stale(version, locked.version)
        changed = change(locked)
        if changed:
            locked.revision = new_revision()
            locked.save(update_fields=[*changed, "revision"])
            write_log(locked, user, log())
        return locked
