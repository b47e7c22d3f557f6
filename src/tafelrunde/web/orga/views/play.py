"""Format A–C play: draw with a seed, tables and results, roll-offs, undo."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
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
from tafelrunde.engine.limits import MAX_SEED, MAX_TABLE_SIZE, whole_number
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
    read_only,
)
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.core.views.common import organiser, record_of, text_of
from tafelrunde.web.core.views.frame import page, stamp
from tafelrunde.web.orga.forms_play import ReleaseForm, ResultForm, RolloffForm, TableForm, UndoForm
from tafelrunde.web.orga.views.tables_page import page_of, result_fields, tables


def _state(rec: TournamentRecord) -> TournamentState:
    """The engine's state of a format A–C tournament (format D goes to its own pages)."""
    return group_state(engine_tournament(rec))


def _seed(request: HttpRequest, rec: TournamentRecord) -> tuple[int, str]:
    """The seed of the preview: from the address (a redraw), else the one this organiser
    was shown for this state (visiting the page again draws nothing new), else a fresh
    one; and why a given one was not used."""
    text, key, note = request.GET.get("seed"), f"preview-{rec.pk}", ""
    kept = request.session.get(key)
    if text:
        try:
            seed = whole_number(text, field="seed", high=MAX_SEED)
        except RuleError as err:
            seed = setup.new_seed()
            note = translated(msg("Seed: {reason} Redrawn.", reason=err.msg))
    elif isinstance(kept, list) and len(kept) == 2 and kept[0] == rec.version:
        seed = int(kept[1])
    else:
        seed = setup.new_seed()
    request.session[key] = [rec.version, seed]
    return seed, note


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
        seed, context["seed_note"] = _seed(request, rec)
        context["fresh_seed"] = setup.new_seed()  # the redraw link's
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
    form = ReleaseForm(request.POST)
    if not form.is_valid():
        raise Http404("draw")  # the hidden fields of the preview were changed by hand
    seed, version = form.cleaned_data["seed"], form.cleaned_data["version"]
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
    if rec.format == "D":
        return redirect("ko-tables", rec.pk)  # format D enters game losers on its own page
    head = TableForm(request.POST)
    if not head.is_valid():
        raise Http404("table")  # the hidden fields of the card were changed by hand
    game, table, basis = (head.cleaned_data[k] for k in ("game", "table", "basis"))
    key = f"{game}-{table}"
    try:
        form = result_form(rec, request.POST, game, table)
    except RuleError as err:
        return tables(request, pk, errors={key: {"__all__": text_of(err)}}, typed=request.POST)
    if not form.is_valid():
        shown = form.field_errors() | {"__all__": form.form_error()}
        return tables(request, pk, errors={key: shown}, typed=request.POST)
    try:
        _, open_here = append(
            rec.pk,
            lambda tour: _enter(tour, form, game, table, basis, request),
            user=request.user,
            log=lambda done: Logged(_result_said(basis, game, table), fact=done[0].n),
        )
    except RuleError as err:
        return tables(request, pk, errors={key: {"__all__": text_of(err)}}, typed=request.POST)
    messages.success(request, translated(msg("Table {table}: result saved.", table=table)))
    stay = f"?partie={game}&seite={page_of(table)}" if open_here else ""  # else: the next game
    return redirect(reverse("tables", args=[rec.pk]) + f"{stay}#table-{game}-{table}")


def result_form(rec: TournamentRecord, data: Any, game: int, table: int) -> ResultForm:
    """The result form of one table: a field per player and value the stage asks for."""
    state = read_only(rec)[1]
    st = state.current
    if st is None:
        raise RuleError(msg("Nothing is drawn yet."), field="game")
    drawn = st.tables(game) or ()
    if not 1 <= table <= len(drawn):
        raise RuleError(msg("There is no table {table}.", table=table), field="table")
    seats = [(p, state.tournament.name_of(p)) for p in st.seated(game, table)]  # not withdrawn
    return ResultForm(data, seats=seats, rule=st.rule, kinds=result_fields(st))


def _enter(
    tour: Tournament, form: ResultForm, game: int, table: int, basis: int, request: HttpRequest
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
    fact = Result(n=0, stage=st.key, game=game, table=table, scores=form.values("points"),
                  pips=form.values("pips"), places=form.values("place"),
                  corrects=basis or None)  # fmt: skip
    done = record(state, fact, at=stamp(), by=request.user.get_username())
    return done, any(g == game for g, _ in st.missing_results())


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
    if rec.format == "D":
        return redirect("ko-tables", rec.pk)  # format D has no roll-offs of this kind
    players = request.POST.getlist("players")[: MAX_TABLE_SIZE * 4]
    key = "rolloff-" + "-".join(sorted(players))
    tour = engine_tournament(rec)
    form = RolloffForm(request.POST, players=[(p, tour.name_of(p)) for p in players])
    if not form.is_valid():
        said = " ".join(e for errors in form.errors.values() for e in errors)
        return tables(request, pk, errors={key: said})
    by = request.user.get_username()

    def change(tour: Any) -> tuple[Any, Text]:
        state = group_state(tour)
        if form.cleaned_data.get("auto"):
            needs = [n for n in open_rolloffs(state) if sorted(n.players) == sorted(players)]
            if not needs:
                raise RuleError(msg("This roll-off is not open (any more)."), field="order")
            fact = rolled_by_software(needs[0], seed=setup.new_seed())
        else:
            fact = rolloff_for(state, form.cleaned_data["order"])
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
        return tables(request, pk, errors={key: text_of(err)})
    messages.success(request, translated(msg("Roll-off entered: {order}", order=said)))
    return redirect("tables", rec.pk)


@organiser
@require_POST
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Take back the latest entry (it stays in the log, marked as taken back)."""
    rec = record_of(pk)
    form = UndoForm(request.POST)
    if not form.is_valid():
        raise Http404("version")  # the hidden field of the page was changed by hand
    version, by = form.cleaned_data["version"], request.user.get_username()

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
    return redirect("draw" if form.cleaned_data["back"] == "draw" else "tables", rec.pk)
