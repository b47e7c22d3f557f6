"""A disputed roll-off on the results board (formats A–C): its versions, and the organisers'
word on it: one version counts, or they enter the winner themselves."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.views.decorators.http import require_POST

from tafelrunde.engine.confirmation import STAFF
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import GROUP
from tafelrunde.engine.groups import entries
from tafelrunde.engine.groups.entries import RolloffSpot
from tafelrunde.engine.groups.table_rolloffs import TableRolloff
from tafelrunde.engine.limits import MAX_FACT_NUMBER, whole_number
from tafelrunde.i18n import msg
from tafelrunde.web.core.common import record_of, staff, text_of
from tafelrunde.web.core.csrf_once import token_of
from tafelrunde.web.core.domain.store import Logged, append, group_state
from tafelrunde.web.core.faces import part_of
from tafelrunde.web.core.frame import stamp
from tafelrunde.web.core.seat import rolloff_line
from tafelrunde.web.core.templatetags.tafel import translated


def boxes(
    tour: Any, state: Any, found: tuple[TableRolloff, ...], shown: int
) -> list[dict[str, Any]]:
    """A board row's disputed roll-offs (the row shows game `shown`): what each decides, of
    which game when another, who plays it, its versions."""
    out = []
    for r in found:
        line = rolloff_line(state, r.need)
        out.append({
            "purpose": line.purpose, "names": line.names, "table": r.need.table,
            "when": line.game_words(shown, state.current.rule.game_word()),
            "kind": r.need.kind, "game": r.need.game, "mark": r.mark,
            "key": f"rolloff-{r.need.kind}-{r.need.game}-{r.need.table}",
            "players": list(zip(r.need.players, line.names, strict=True)),
            "versions": [{"n": e.n, "by": tour.name_of(e.player),
                          "order": ", ".join(f"{k}. {tour.name_of(p)}"
                                             for k, p in enumerate(e.order, 1))}
                         for e in r.pending],
        })  # fmt: skip
    return out


def csrf_field(request: HttpRequest) -> SafeString:
    """The CSRF field of a form the board includes from the tables page's templates."""
    return format_html(
        '<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token_of(request)
    )


@staff
@require_POST
@part_of(GROUP, "tables")
def settle_rolloff(request: HttpRequest, pk: int) -> HttpResponse:
    """Let one version of a disputed roll-off count (the board showed it and its mark)."""
    rec = record_of(pk)
    try:
        table, entry, mark = (
            whole_number(request.POST.get(k, ""), field=k, low=low, high=MAX_FACT_NUMBER)
            for k, low in (("table", 1), ("entry", 1), ("mark", 0))
        )
    except RuleError as err:
        messages.error(request, text_of(err))
        return redirect("board", pk)
    stage = request.POST.get("stage", "")[:100]

    def change(tour: Any) -> Any:
        spot = RolloffSpot(stage, table, "", 0)
        return entries.confirm_rolloff_at_table(
            group_state(tour), spot, STAFF, entry, basis=mark, at=stamp(),
            by=request.user.get_username(),
        )  # fmt: skip

    def log(done: Any) -> Logged:
        said = msg("{kind} decided at table {table}", kind=done.kind.capitalize(), table=table)
        return Logged(said, fact=done.n)

    try:
        append(rec.pk, change, user=request.user, log=log)
    except RuleError as err:
        messages.error(request, text_of(err))
    else:
        messages.success(request, translated(msg("The roll-off counts.")))
    return redirect("board", pk)
