"""Format A–C play: draw with a seed, tables and results, roll-offs, undo."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from tafelrunde.engine.errors import AdvancingChanged, RuleError
from tafelrunde.engine.families import GROUP
from tafelrunde.engine.groups import entries
from tafelrunde.engine.groups.actions import (
    next_draw,
    open_rolloffs,
    record,
    rewind_before,
    undo_last,
    undo_target,
)
from tafelrunde.engine.groups.entries import Spot, Values
from tafelrunde.engine.groups.fact_words import describe, game_word
from tafelrunde.engine.groups.facts import Draw
from tafelrunde.engine.groups.stage_state import StageState
from tafelrunde.engine.groups.table_view import TableView, game_tables
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.limits import MAX_FACT_NUMBER, MAX_SEED, MAX_TABLE_SIZE, whole_number
from tafelrunde.i18n import Message, Text, msg
from tafelrunde.web.core.common import organiser, record_of, staff, text_of
from tafelrunde.web.core.domain import setup
from tafelrunde.web.core.domain.store import (
    Logged,
    append,
    engine_tournament,
    group_read,
    group_state,
    read_only,
)
from tafelrunde.web.core.faces import part_of
from tafelrunde.web.core.forms_play import ReleaseForm, ResultForm, RolloffForm, TableForm, UndoForm
from tafelrunde.web.core.frame import page, page_of, stamp
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.roles import is_organiser, referee_undo
from tafelrunde.web.core.shared import shared_page, short
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.orga.views.tables_page import result_fields, rolloff_key, tables

NO_PLAYERS = RuleError(
    msg("No players yet: enter them under 'Players', or open the online sign-up."), field=""
)
NO_REWIND = msg("Only the organisers may take a stage back to before its draw; please ask them.")


def _state(rec: TournamentRecord) -> TournamentState:
    """The engine's state of a format A–C tournament (format D goes to its own pages)."""
    return group_state(engine_tournament(rec))


def _seed(request: HttpRequest, rec: TournamentRecord) -> tuple[int, str]:
    """The seed of the preview, the same for every organiser (kept with the tournament): a
    redraw's from the address replaces it; and why a given one was not used."""
    text, note, wanted = request.GET.get("seed"), "", None
    if text:
        try:
            wanted = whole_number(text, field="seed", high=MAX_SEED)
        except RuleError as err:
            wanted = setup.new_seed()
            note = translated(msg("Seed: {reason} Redrawn.", reason=err.msg))
    return setup.preview_seed(rec, wanted), note


@shared_page(query={"veraltet": short})
@part_of(GROUP, "tables")
def draw(request: HttpRequest, pk: int) -> HttpResponse:
    """Show the next draw as a preview with its seed; redraw with a new seed; release it."""
    rec = record_of(pk)
    state = _state(rec)
    if request.method == "POST":
        return release(request, rec)
    context: dict[str, Any] = {"draws": past_draws(state), "stale": "veraltet" in request.GET}
    if is_organiser(request.user):
        seed, context["seed_note"] = _seed(request, rec)
        context["fresh_seed"] = setup.new_seed()  # the redraw link's
        preview = _state(rec)
        try:
            if not rec.players:
                raise NO_PLAYERS
            fact = record(preview, next_draw(preview, seed=seed))
        except RuleError as err:
            context["blocked"] = text_of(err)
            context["before_start"] = not setup.started(rec)  # then: players to enter
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
        assert isinstance(fact, Draw)
        st = state.stage(fact.stage)
        titles["stage"] = st.title()
        titles["word"] = st.rule.game_word()
        return fact

    def log(fact: Any) -> Logged:
        said = msg(
            "Drawn: {stage}, {word} {game} (seed {seed})",
            stage=titles["stage"],
            word=titles["word"],
            game=fact.game,
            seed=seed,
        )
        return Logged(said, fact=fact.n)

    try:
        append(rec.pk, change, expected=version, user=request.user, log=log)
    except RuleError as err:
        messages.error(request, text_of(err))
        # an outdated preview: the next draw is shown, but its release is not under the
        # same click (a double click must not release two draws)
        stale = "?veraltet=1" if err.field == "version" else ""
        return redirect(reverse("draw", args=[rec.pk]) + stale)
    messages.success(request, translated(msg("Draw released.")))
    return redirect("tables", rec.pk)


@staff
@require_POST
@part_of(GROUP, "tables")
def result(request: HttpRequest, pk: int) -> HttpResponse:
    """Enter or correct one table's result (of the running stage, or of an earlier one); an
    outdated form is refused; a correction that changes who went on is refused with the way
    back (take the next stage back to before its draw, then store the correction)."""
    rec = record_of(pk)
    head = TableForm(request.POST)
    if not head.is_valid():
        raise Http404("table")  # the hidden fields of the card were changed by hand
    stage, game, table, basis, rewind = (
        head.cleaned_data[k] for k in ("stage", "game", "table", "basis", "rewind")
    )
    key = f"{game}-{table}"
    by = request.user.get_username()
    words: dict[str, Message] = {}

    def change(tour: Any) -> tuple[Any, str, list[Logged]] | dict[str, str]:
        state, undone = group_state(tour), []
        try:  # the form is made on the state the result goes into (no second state to build)
            form = result_form(state, request.POST, stage, game, table)
        except RuleError as err:  # refused before anything changed: the kept copy stays usable
            return {"__all__": text_of(err)}
        if not form.is_valid():
            return form.field_errors() | {"__all__": form.form_error()}  # nothing is stored
        if rewind and not is_organiser(request.user):
            return {"__all__": translated(NO_REWIND)}
        words["word"] = game_word(tour, stage)
        if rewind:
            state, taken = rewind_before(state, rewind, at=stamp(), by=by)
            undos = tour.facts[-len(taken) :]
            undone = [Logged(msg("Undone: {entry}", entry=describe(tour, f)), fact=u.n)
                      for f, u in zip(taken, undos, strict=True)]  # fmt: skip
        done, open_here = _enter(state, form, stage, game, table, basis, by)
        return done, _after(state, done, open_here, rewind), undone

    def log(done: tuple[Any, str, list[Logged]] | dict[str, str]) -> list[Logged]:
        assert isinstance(done, tuple)  # a refused form stores nothing and logs nothing
        return [*done[2], Logged(_result_said(basis, game, table, words["word"]), fact=done[0].n)]

    try:
        made = append(rec.pk, change, user=request.user, log=log)
    except AdvancingChanged as err:
        said = {"__all__": text_of(err), "rewind": err.stage}
        return tables(request, pk, errors={key: said}, typed=request.POST)
    except RuleError as err:
        return tables(request, pk, errors={key: {"__all__": text_of(err)}}, typed=request.POST)
    if isinstance(made, dict):
        return tables(request, pk, errors={key: made}, typed=request.POST)
    after = made[1]
    messages.success(request, translated(msg("Table {table}: result saved.", table=table)))
    return redirect(reverse("tables", args=[rec.pk]) + after)


def _after(state: TournamentState, done: Any, open_here: bool, rewind: str) -> str:
    """Where the page goes after a result: an open roll-off it caused (its card), the same
    game while it has results missing, else the next game. Found on the state the result
    was just entered into: only that table's roll-offs are looked for."""
    st = state.current

    def card(game: int, stage: str = "") -> str:
        where = f"runde={stage}&" if stage else ""
        return f"?{where}partie={game}&seite={page_of(done.table)}#table-{game}-{done.table}"

    for need in open_rolloffs(state, done.table):
        if need.game in (done.game, done.game + 1, 0) and st:
            return card(need.game or st.drawn_games())
    if rewind or (st is not None and done.stage != st.key):
        return card(done.game, done.stage)
    return card(done.game) if open_here else ""  # else the next game, or the next step


def result_form(state: TournamentState, data: Any, stage: str, game: int, table: int) -> ResultForm:
    """The result form of one table: a field per player and value the stage asks for."""
    st = entries.check_spot(state, Spot(stage, game, table), running=False)
    seats = [(p, state.tournament.name_of(p)) for p in st.seated(game, table)]  # not withdrawn
    return ResultForm(data, seats=seats, rule=st.rule, kinds=result_fields(st))


def _enter(
    state: TournamentState,
    form: ResultForm,
    stage: str,
    game: int,
    table: int,
    basis: int,
    by: str,
) -> tuple[Any, bool]:
    """Record the result from the form, unless the table changed meanwhile; say whether
    the game still has results missing."""
    values = Values(form.values("points"), form.values("pips"), form.values("place"))
    spot = Spot(stage, game, table)
    done = entries.staff_result(state, spot, values, basis=basis, at=stamp(), by=by)
    st = entries.stage_of(state, stage)
    return done, any(g == game for g, _ in st.missing_results())


def _result_said(basis: int, game: int, table: int, word: Message) -> Message:
    """The log line of an entered or corrected result."""
    where = {"game": game, "table": table, "word": word}
    if basis:
        return msg("Result corrected: {word} {game}, table {table}", **where)
    return msg("Result entered: {word} {game}, table {table}", **where)


@staff
@require_POST
@part_of(GROUP, "tables")
def rolloff(request: HttpRequest, pk: int) -> HttpResponse:
    """Enter a roll-off's order, or let the software roll it with a recorded seed."""
    rec = record_of(pk)
    players = request.POST.getlist("players")[: MAX_TABLE_SIZE * 4]
    kind, game = _which_rolloff(request.POST)
    key = rolloff_key(kind or "", game or 0, players)
    tour = group_read(rec)[0]
    form = RolloffForm(request.POST, players=[(p, tour.name_of(p)) for p in players])
    if not form.is_valid():
        said = " ".join(str(e) for errors in form.errors.values() for e in errors)
        return tables(request, pk, errors={key: said})
    by = request.user.get_username()

    def change(tour: Any) -> tuple[Any, Text]:
        state, at = group_state(tour), stamp()
        if form.cleaned_data.get("auto"):
            seed = setup.new_seed()
            done = entries.rolloff_by_software(state, players, seed=seed, at=at, by=by,
                                               kind=kind, game=game)  # fmt: skip
        else:
            done = entries.rolloff(state, form.cleaned_data["order"], at=at, by=by, kind=kind,
                                   game=game)  # fmt: skip
        order = " > ".join(tour.name_of(p) for p in done.order)
        if done.seed is None:
            return done, order
        return done, msg("{order} (seed {seed})", order=order, seed=done.seed)

    try:
        _, order = append(
            rec.pk,
            change,
            user=request.user,
            log=lambda done: Logged(msg("Roll-off: {order}", order=done[1]), fact=done[0].n),
        )
    except RuleError as err:
        return tables(request, pk, errors={key: text_of(err)})
    messages.success(request, translated(msg("Roll-off entered: {order}", order=order)))
    if request.POST.get("back") == "board":  # entered on the results board: back there
        return redirect("board", rec.pk)
    return redirect(reverse("tables", args=[rec.pk]) + _after_rolloff(rec, request.POST))


def _which_rolloff(data: Any) -> tuple[str | None, int | None]:
    """The kind and game of the roll-off a form names (None, None: a form without them,
    which finds its roll-off by its players alone)."""
    kind = data.get("kind", "")
    try:
        game = whole_number(data.get("rgame", ""), field="rgame", low=0, high=MAX_FACT_NUMBER)
    except RuleError:
        return None, None
    if not kind or len(kind) > 40 or not kind.isalnum():
        return None, None
    return kind, game


def _after_rolloff(rec: TournamentRecord, data: Any) -> str:
    """Where the page goes after a roll-off: the card of the next open roll-off (one may
    follow from this one: a Herzog after a Stechen), else back to the card it was on while
    results are missing, else the top of the page with the next step."""
    state = read_only(record_of(rec.pk))[1]
    st = state.current
    for need in open_rolloffs(state):
        if need.table and st is not None:
            return _card_anchor(f"{need.game or st.drawn_games()}-{need.table}")
        return ""  # a roll-off of the whole stage: at the top of the page
    return _card_anchor(data.get("card", "")) if st and st.missing_results() else ""


def _card_anchor(card: str) -> str:
    """The address part of the card a roll-off form was on ("3-2": game 3, table 2)."""
    game, _, table = card.partition("-")
    if not all(t.isascii() and t.isdigit() and 0 < len(t) < 7 for t in (game, table)):
        return ""
    return f"?partie={int(game)}&seite={page_of(int(table))}#table-{int(game)}-{int(table)}"


@staff
@require_POST
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Take back the latest entry (it stays in the log, marked as taken back)."""
    rec = record_of(pk)
    form = UndoForm(request.POST)
    if not form.is_valid():
        raise Http404("version")  # the hidden field of the page was changed by hand
    version, by = form.cleaned_data["version"], request.user.get_username()
    everything = is_organiser(request.user)

    def take_back(tour: Any) -> tuple[Any, Message]:
        state = group_state(tour)
        if not everything:
            referee_undo(undo_target(state), describe(tour, undo_target(state)))
        target = undo_last(state, at=stamp(), by=by)[1]
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
