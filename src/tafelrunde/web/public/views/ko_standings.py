"""Format D for everyone: lives and chips of every player, places of those who are out."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from tafelrunde.engine.families import KNOCKOUT
from tafelrunde.engine.knockout import ranking
from tafelrunde.engine.knockout.results import Advance, advance, revival_open
from tafelrunde.engine.knockout.views_data import bracket_name, player_rows
from tafelrunde.i18n import msg
from tafelrunde.web.core.common import ko_record
from tafelrunde.web.core.faces import part_of
from tafelrunde.web.core.frame import page
from tafelrunde.web.core.shared import shared_page
from tafelrunde.web.core.templatetags.tafel import translated

GOES_ON = {  # the words of the other formats' standings: "so far" until the stage is complete
    Advance.ON: (msg("✓ goes on"), "ok"),
    Advance.ON_SO_FAR: (msg("✓ goes on so far"), "ok"),
    Advance.OUT_SO_FAR: (msg("does not go on so far"), "muted"),
    Advance.OUT: (msg("out"), "muted"),
}


@shared_page
@part_of(KNOCKOUT, "standings")
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """Lives and chips of everybody, and the place of those who are out."""
    rec, tour = ko_record(pk)
    state = tour.state()
    places = {r.player: r.place for r in ranking(state)}
    rows = player_rows(state)
    for row in rows:
        p = state.players[row["id"]]
        said, css = GOES_ON.get(advance(state, p.id), ("", ""))
        status = msg("no lives left") if row["status"] == "out" else row["status_text"]
        row |= {
            "status_text": translated(status),
            "place": places.get(p.id),
            "bracket_name": translated(bracket_name(p.bracket)),
            "goes_on": translated(said) if said else "",
            "goes_on_class": css,
        }
    rows.sort(key=lambda r: (r["place"] is not None, r["place"] or 0))
    context = {"rows": rows, "finished": state.finished, "provisional": revival_open(state)}
    return page(request, rec, "public/ko_standings.html", context)
