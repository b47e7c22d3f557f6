"""Players of a format A–C tournament: added by hand or CSV, removed, until the first draw;
after it, the list with who withdrew or joined late (see presence)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import GROUP
from tafelrunde.engine.limits import MAX_LIST_BYTES
from tafelrunde.engine.players import numbered_players, parse_player_names
from tafelrunde.i18n import msg
from tafelrunde.web.core.common import organiser, record_of, refuse, text_of, turned_away
from tafelrunde.web.core.domain import setup
from tafelrunde.web.core.domain.store import Logged
from tafelrunde.web.core.faces import part_of
from tafelrunde.web.core.forms_play import VersionForm
from tafelrunde.web.core.frame import page
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.roles import is_organiser
from tafelrunde.web.core.shared import shared_page
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.orga.forms import PlayersForm
from tafelrunde.web.orga.views.presence import roster
from tafelrunde.web.orga.views.tournaments import upload_text
from tafelrunde.web.player.numbers import forget, next_number, numbered

FIXED = RuleError(msg("Players cannot be added or removed after the first draw."), field="names")


@shared_page
@part_of(GROUP, "players")
def players(request: HttpRequest, pk: int) -> HttpResponse:
    """List the players; the organiser adds more until the first draw."""
    rec = record_of(pk)
    form = PlayersForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
        initial={"version": rec.version},
    )
    del form.fields["late"], form.fields["paid"]
    if request.method == "POST":
        if (away := turned_away(request, is_organiser)) is not None:
            return away
        if form.is_valid():
            try:
                names = parse_player_names(
                    upload_text(form, "file", MAX_LIST_BYTES) or form.cleaned_data["names"] or ""
                )
                add(rec, names, form.cleaned_data["version"], request.user)
            except RuleError as err:
                refuse(form, err, {"players": "names", "version": "__all__"})
            else:
                messages.success(request, translated(msg("Players added.")))
                return redirect("players", rec.pk)
    fixed = setup.started(rec)
    context = {"form": form, "players": rec.players, "fixed": fixed}
    if fixed:
        context |= roster(rec)
    return page(request, rec, "orga/players.html", context)


def add(rec: TournamentRecord, names: list[str], version: int, user: Any) -> None:
    """Add players (locked, checked like a new tournament), with a line in the log."""
    if not names:
        raise RuleError(msg("Please enter names."), field="names")

    def change(locked: TournamentRecord) -> list[str]:
        known = {p["name"].casefold() for p in locked.players}
        twice = [n for n in names if n.casefold() in known]
        if twice:
            raise RuleError(msg("'{name}' is registered already.", name=twice[0]), field="names")
        new = numbered_players(names, next_number(locked, locked.players))
        locked.players = [*locked.players, *({"id": p.id, "name": p.name} for p in new)]
        return numbered(locked, [p.id for p in new])

    said = ", ".join(names)
    setup.edit_before_start(
        rec.pk,
        version,
        FIXED,
        change,
        user=user,
        log=lambda: Logged(msg("Players added: {names}", names=said)),
    )


@organiser
@require_POST
def remove(request: HttpRequest, pk: int, pid: str) -> HttpResponse:
    """Remove a player before the first draw."""
    rec = record_of(pk)
    form = VersionForm(request.POST)
    if not form.is_valid():
        raise Http404("version")  # the hidden field of the page was changed by hand
    version = form.cleaned_data["version"]
    gone: list[str] = []

    def change(locked: TournamentRecord) -> list[str]:
        gone.extend(p["name"] for p in locked.players if p["id"] == pid)
        if not gone:
            raise RuleError(msg("This player does not exist (any more)."), field="names")
        locked.players = [p for p in locked.players if p["id"] != pid]
        return numbered(locked, [pid])  # (the highest number given stays given)

    def log() -> Logged:
        return Logged(msg("Player removed: {name}", name=gone[0]))

    try:
        setup.edit_before_start(rec.pk, version, FIXED, change, user=request.user, log=log)
    except RuleError as err:
        messages.error(request, text_of(err))
    else:
        forget(rec, pid)  # check-in, pass, phones and person go with the player
        name = gone[0]
        messages.success(request, translated(msg("{name} removed.", name=name)))
    return redirect("players", rec.pk)
