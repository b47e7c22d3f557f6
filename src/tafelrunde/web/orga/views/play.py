"""Format A–C play: draw with a seed, tables and results, roll-offs, undo."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from tafelrunde.engine.actions import (
    next_draw,
    open_rolloffs,
    record,
    rolled_by_software,
    rolloff_for,
    undo_last,
)
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.fact_words import describe
from tafelrunde.engine.facts import Draw, Result, Tournament
from tafelrunde.engine.limits import MAX_PIPS, MAX_SEED, whole_number
from tafelrunde.engine.numbers import parse_number
from tafelrunde.engine.stage_state import StageState
from tafelrunde.engine.table_view import TableView, game_tables
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.i18n import Message, Text, msg
from tafelrunde.web.core.domain import setup
from tafelrunde.web.core.domain.store import (
    Logged,
    append,
    engine_tournament,
    group_state,
)
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.core.views.common import organiser, record_of, text_of, whole
from tafelrunde.web.core.views.frame import page, stamp
from tafelrunde.web.orga.views.tables_page import page_of, tables


def _state(rec: TournamentRecord) -> TournamentState:
    """The engine's state of a format A–C tournament (format D goes to its own pages)."""
    return group_state(engine_tournament(rec))


def _seed(text: str | None) -> tuple[int, str]:
    """A seed from the address, or a fresh one; and why a given one was not used."""
    if not text:
        return setup.new_seed(), ""
    try:
        return whole_number(text, field="seed", high=MAX_SEED), ""
    except RuleError as err:
        return setup.new_seed(), translated(msg("Seed: {reason} Redrawn.", reason=err.msg))


def draw(request: HttpRequest, pk: int) -> HttpResponse:
    """Show the next draw as a preview with its seed; redraw with a new seed; release it."""
    rec = record_of(pk)
    if rec.format == "D":
        return redirect("ko-tables", rec.pk)
    state = _state(rec)
    if request.method == "POST":
        return release(request, rec)
    context: dict[str, Any] = {"draws": past_draws(state)}
    if request.user.is_authenticated:
        seed, context["seed_note"] = _seed(request.GET.get("seed"))
        preview = _state(rec)
        try:
            fact = record(preview, next_draw(preview, seed=seed))
        except RuleError as err:
            context["blocked"] = text_of(err)
        else:
            assert isinstance(fact, Draw)
            st = preview.stage(fact.stage)
            context |= {"seed": seed, "preview": shown_tables(preview, st, fact.game)}
            context |= {
                "stage": translated(st.title()),
                "game": fact.game,
                "word": translated(st.rule.game_word()),
            }
    return page(request, rec, "orga/draw.html", context)


def shown_tables(state: TournamentState, st: StageState, game: int) -> list[TableView]:
    """The tables of a game, their notes in the active language."""
    return [replace(v, note=translated(v.note)) for v in game_tables(state, st, game)]


def past_draws(state: TournamentState) -> list[dict[str, Any]]:
    """Every draw made so far, with its seed."""
    return [
        {
            "stage": translated(st.title()),
            "game": g,
            "seed": d.seed,
            "n": d.n,
            "word": translated(st.rule.game_word()),
        }
        for st in state.stages
        for g, d in sorted(st.draws.items())
    ]


@organiser
def release(request: HttpRequest, rec: TournamentRecord) -> HttpResponse:
    """Record the previewed draw: same state, same seed, same tables."""
    seed = whole(request.POST.get("seed"), "seed", MAX_SEED)
    version = whole(request.POST.get("version"), "version")

    titles: dict[str, Message] = {}

    def change(tour: Any) -> Any:
        state = group_state(tour)
        fact = record(
            state, next_draw(state, seed=seed), at=stamp(), by=request.user.get_username()
        )
        st = state.stage(fact.stage)
        titles["stage"] = st.title()
        return fact

    def log(fact: Any) -> Logged:
        said = msg(
            "Drawn: {stage}, game {game} (seed {seed})",
            stage=titles["stage"],
            game=fact.game,
            seed=seed,
        )
        return Logged(said, fact=fact.n)

    try:
        append(rec.pk, change, expected=version, user=request.user, log=log)
    except RuleError as err:
        messages.error(request, text_of(err))
        return redirect("draw", rec.pk)
    messages.success(request, translated(msg("Draw released.")))
    return redirect("tables", rec.pk)


@organiser
@require_POST
def result(request: HttpRequest, pk: int) -> HttpResponse:
    """Enter or correct one table's result; an outdated form is refused."""
    rec = record_of(pk)
    post = request.POST
    game, table = whole(post.get("game"), "game"), whole(post.get("table"), "table")
    basis = whole(post.get("basis"), "basis")
    key = f"{game}-{table}"
    try:
        _, open_here = append(
            rec.pk,
            lambda tour: _enter(tour, post, game, table, basis, request),
            user=request.user,
            log=lambda done: Logged(_result_said(basis, game, table), fact=done[0].n),
        )
    except RuleError as err:
        return tables(request, pk, errors={key: text_of(err)}, typed=post)
    messages.success(request, translated(msg("Table {table}: result saved.", table=table)))
    stay = f"?partie={game}&seite={page_of(table)}" if open_here else ""  # else: the next game
    return redirect(reverse("tables", args=[rec.pk]) + f"{stay}#table-{game}-{table}")


def _enter(
    tour: Tournament, post: Any, game: int, table: int, basis: int, request: HttpRequest
) -> tuple[Any, bool]:
    """Record the result from the form, unless the table changed meanwhile; say whether
    the game still has results missing."""
    state = group_state(tour)
    st = state.current
    if st is None:
        raise RuleError(msg("Nothing is drawn yet."), field="game")
    old = st.results.get((game, table))
    if (old.n if old else 0) != basis:
        said = msg(
            "Meanwhile another result was entered for table {table}; "
            "please reload the page and check.",
            table=table,
        )
        raise RuleError(said, field="version")
    tables = st.tables(game) or ()
    if not 1 <= table <= len(tables):
        raise RuleError(msg("There is no table {table}.", table=table), field="table")
    scores, pips, places = {}, {}, {}
    for p in tables[table - 1]:
        name = tour.name_of(p)
        if text := post.get(f"points-{p}", "").strip():
            scores[p] = _number(text, name)
        if text := post.get(f"pips-{p}", "").strip():
            pips[p] = _whole_number(text, name, "pips", MAX_PIPS)
        if text := post.get(f"place-{p}", "").strip():
            places[p] = _whole_number(text, name, "place", len(tables[table - 1]))
    if not (scores or pips or places):
        raise RuleError(msg("Please enter the result."), field="result")
    fact = Result(n=0, stage=st.key, game=game, table=table, scores=scores, pips=pips,
                  places=places, corrects=basis or None)  # fmt: skip
    done = record(state, fact, at=stamp(), by=request.user.get_username())
    return done, any(g == game for g, _ in st.missing_results())


def _number(text: str, name: str) -> Any:
    """Exact points from a result field, or a refusal naming the player."""
    try:
        return parse_number(text, field="points")
    except RuleError as err:
        said = msg("Points of {name}: {reason}", name=name, reason=err.msg)
        raise RuleError(said, field="points") from None


def _whole_number(text: str, name: str, what: str, high: int) -> int:
    """A whole number from a result field (pips or place), or a refusal naming the player."""
    low = 0 if what == "pips" else 1
    try:
        return whole_number(text, field=what, low=low, high=high)
    except RuleError as err:
        said = (
            msg("Pips of {name}: {reason}", name=name, reason=err.msg)
            if what == "pips"
            else msg("Place of {name}: {reason}", name=name, reason=err.msg)
        )
        raise RuleError(said, field=what) from None


def _result_said(basis: int, game: int, table: int) -> Message:
    """The log line of an entered or corrected result."""
    if basis:
        return msg("Result corrected: game {game}, table {table}", game=game, table=table)
    return msg("Result entered: game {game}, table {table}", game=game, table=table)


@organiser
@require_POST
def rolloff(request: HttpRequest, pk: int) -> HttpResponse:
    """Enter a roll-off's order, or let the software roll it with a recorded seed."""
    rec = record_of(pk)
    post = request.POST
    players = post.getlist("players")
    by = request.user.get_username()

    def change(tour: Any) -> tuple[Any, Text]:
        state = group_state(tour)
        if post.get("auto"):
            needs = [n for n in open_rolloffs(state) if sorted(n.players) == sorted(players)]
            if not needs:
                raise RuleError(msg("This roll-off is not open (any more)."), field="order")
            fact = rolled_by_software(needs[0], seed=setup.new_seed())
        else:
            order = [post.get(f"pos-{i}", "") for i in range(1, len(players) + 1)]
            if sorted(order) != sorted(players):
                raise RuleError(
                    msg("Put every player of the roll-off on exactly one place."), field="order"
                )
            fact = rolloff_for(state, order)
        fact = record(state, fact, at=stamp(), by=by)
        order = " > ".join(tour.name_of(p) for p in fact.order)
        if fact.seed is None:
            return fact, order
        return fact, msg("{order} (seed {seed})", order=order, seed=fact.seed)

    try:
        _, said = append(
            rec.pk,
            change,
            user=request.user,
            log=lambda done: Logged(msg("Roll-off: {order}", order=done[1]), fact=done[0].n),
        )
    except RuleError as err:
        return tables(request, pk, errors={"rolloff-" + "-".join(sorted(players)): text_of(err)})
    messages.success(request, translated(msg("Roll-off entered: {order}", order=said)))
    return redirect("tables", rec.pk)


@organiser
@require_POST
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Take back the latest entry (it stays in the log, marked as taken back)."""
    rec = record_of(pk)
    version = whole(request.POST.get("version"), "version")
    by = request.user.get_username()

    def take_back(tour: Any) -> tuple[Any, Message]:
        target = undo_last(group_state(tour), at=stamp(), by=by)[1]
        return target, describe(tour, target)

    try:
        _, said = append(
            rec.pk,
            take_back,
            expected=version,
            user=request.user,
            log=lambda done: Logged(msg("Undone: {entry}", entry=done[1]), fact=done[0].n),
        )
    except RuleError as err:
        messages.error(request, text_of(err))
    else:
        messages.success(request, translated(msg("Undone: {entry}", entry=said)))
    return redirect("draw" if request.POST.get("back") == "draw" else "tables", rec.pk)
