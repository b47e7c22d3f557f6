"""Players of a format A–C tournament: added by hand or CSV, removed, until the first draw."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.facts import Player, Tournament
from tafelrunde.engine.players import parse_player_names
from tafelrunde.web.domain import setup
from tafelrunde.web.domain.store import engine_tournament, stale
from tafelrunde.web.forms import PlayersForm
from tafelrunde.web.models import TournamentRecord, new_revision
from tafelrunde.web.views.common import audit, organiser, record_of, refuse, say, whole
from tafelrunde.web.views.tournaments import page, upload_text

FIXED = RuleError(
    "Nach der ersten Auslosung lassen sich keine Spieler mehr hinzufügen oder entfernen.",
    "Players cannot be added or removed after the first draw.",
    field="names",
)


def players(request: HttpRequest, pk: int) -> HttpResponse:
    """List the players; the organiser adds more until the first draw."""
    rec = record_of(pk)
    if rec.format == "D":
        return redirect("ko-players", rec.pk)
    form = PlayersForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
        initial={"version": rec.version},
    )
    del form.fields["late"], form.fields["paid"]
    if request.method == "POST":
        if not request.user.is_authenticated:
            return organiser(players)(request, pk)
        if form.is_valid():
            try:
                names = parse_player_names(
                    upload_text(form, "file") or form.cleaned_data["names"] or ""
                )
                added = add(rec, names, form.cleaned_data["version"])
            except RuleError as err:
                refuse(form, err, {"players": "names", "version": "__all__"})
            else:
                audit(
                    request,
                    rec,
                    "Spieler hinzugefügt: " + ", ".join(added),
                    "Players added: " + ", ".join(added),
                )
                messages.success(request, say("Spieler hinzugefügt.", "Players added."))
                return redirect("players", rec.pk)
    context = {"form": form, "players": rec.players, "fixed": setup.started(rec)}
    return page(request, rec, "web/players.html", context)


def add(rec: TournamentRecord, names: list[str], version: int) -> list[str]:
    """Add players (locked, checked like a new tournament); return their names."""
    if not names:
        raise RuleError("Bitte Namen eingeben.", "Please enter names.", field="names")
    with transaction.atomic():
        locked = TournamentRecord.objects.select_for_update().get(pk=rec.pk)
        if setup.started(locked):
            raise FIXED
        if locked.version != version:
            raise stale(version, locked.version)
        tour = engine_tournament(locked)
        assert isinstance(tour, Tournament)
        known = {p.name.casefold(): p.name for p in tour.players}
        twice = [n for n in names if n.casefold() in known]
        if twice:
            raise RuleError(
                f"„{twice[0]}“ ist schon angemeldet.",
                f"'{twice[0]}' is registered already.",
                field="names",
            )
        first = 1 + max((int(p.id[1:]) for p in tour.players if p.id[1:].isdigit()), default=0)
        tour.players.extend(setup.numbered_players(names, first))
        locked.players = [{"id": p.id, "name": p.name} for p in tour.players]
        locked.revision = new_revision()
        locked.save(update_fields=["players", "revision"])
    return names


@organiser
@require_POST
def remove(request: HttpRequest, pk: int, pid: str) -> HttpResponse:
    """Remove a player before the first draw."""
    rec = record_of(pk)
    version = whole(request.POST.get("version"), "version")
    try:
        with transaction.atomic():
            locked = TournamentRecord.objects.select_for_update().get(pk=rec.pk)
            if setup.started(locked):
                raise FIXED
            if locked.version != version:
                raise stale(version, locked.version)
            left = [p for p in locked.players if p["id"] != pid]
            if len(left) == len(locked.players):
                raise RuleError(
                    "Diesen Spieler gibt es nicht (mehr).",
                    "This player does not exist (any more).",
                    field="names",
                )
            name = next(p["name"] for p in locked.players if p["id"] == pid)
            locked.players = left
            locked.revision = new_revision()
            locked.save(update_fields=["players", "revision"])
    except RuleError as err:
        messages.error(request, say(err.de, err.en))
    else:
        audit(request, rec, f"Spieler entfernt: {name}", f"Player removed: {name}")
        messages.success(request, say(f"{name} entfernt.", f"{name} removed."))
    return redirect("players", rec.pk)


def as_players(rows: list[dict[str, str]]) -> list[Player]:
    """The stored player rows as engine players."""
    return [Player(r["id"], r["name"]) for r in rows]
