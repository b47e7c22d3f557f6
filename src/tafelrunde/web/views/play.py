"""Format A–C play: draw with a seed, tables and results, roll-offs, undo."""

from __future__ import annotations

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
    undo_target,
)
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.fact_words import describe
from tafelrunde.engine.facts import Draw, Result, Tournament
from tafelrunde.engine.limits import MAX_PIPS, MAX_SEED, whole_number
from tafelrunde.engine.numbers import parse_number
from tafelrunde.engine.stage_state import StageState
from tafelrunde.engine.table_view import draw_seed, game_tables
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.web.cards import card, joined, with_csrf
from tafelrunde.web.domain import setup
from tafelrunde.web.domain.store import (
    Logged,
    append,
    engine_tournament,
    group_state,
    read_only,
)
from tafelrunde.web.models import TournamentRecord
from tafelrunde.web.templatetags.tafel import lang
from tafelrunde.web.views.common import organiser, record_of, say, text_of, whole
from tafelrunde.web.views.tournaments import page, stamp


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
        return setup.new_seed(), say(f"Los-Seed: {err.de} Neu gelost.", f"Seed: {err.en} Redrawn.")


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
            context |= {"seed": seed, "preview": game_tables(preview, st, fact.game, lang())}
            context |= {
                "stage": st.title(lang()),
                "game": fact.game,
                "word": st.rule.game_word(lang()),
            }
    return page(request, rec, "web/draw.html", context)


def past_draws(state: TournamentState) -> list[dict[str, Any]]:
    """Every draw made so far, with its seed."""
    return [
        {
            "stage": st.title(lang()),
            "game": g,
            "seed": d.seed,
            "n": d.n,
            "word": st.rule.game_word(lang()),
        }
        for st in state.stages
        for g, d in sorted(st.draws.items())
    ]


@organiser
def release(request: HttpRequest, rec: TournamentRecord) -> HttpResponse:
    """Record the previewed draw: same state, same seed, same tables."""
    seed = whole(request.POST.get("seed"), "seed", MAX_SEED)
    version = whole(request.POST.get("version"), "version")

    titles: dict[str, str] = {}

    def change(tour: Any) -> Any:
        state = group_state(tour)
        fact = record(
            state, next_draw(state, seed=seed), at=stamp(), by=request.user.get_username()
        )
        st = state.stage(fact.stage)
        titles.update(de=st.title("de"), en=st.title("en"))
        return fact

    def log(fact: Any) -> Logged:
        return Logged(
            f"Ausgelost: {titles['de']}, Partie {fact.game} (Los-Seed {seed})",
            f"Drawn: {titles['en']}, game {fact.game} (seed {seed})",
            fact.n,
        )

    try:
        append(rec.pk, change, expected=version, user=request.user, log=log)
    except RuleError as err:
        messages.error(request, text_of(err))
        return redirect("draw", rec.pk)
    messages.success(request, say("Auslosung freigegeben.", "Draw released."))
    return redirect("tables", rec.pk)


def tables(
    request: HttpRequest, pk: int, errors: dict[str, Any] | None = None, typed: Any = None
) -> HttpResponse:
    """One game of the running stage (the first with results missing, or the one asked for):
    tables, seat order, results and their forms; the other games are a click away."""
    rec = record_of(pk)
    if rec.format == "D":
        return redirect("ko-tables", rec.pk)
    state = read_only(rec)[1]
    st = state.current
    errors = errors or {}
    wanted = request.GET.get("partie") or (typed.get("game") if typed is not None else None)
    game = _game(st, wanted)
    cards: list[str] = []
    if st is not None and game:
        organiser = request.user.is_authenticated
        action = reverse("result", args=[rec.pk])
        for view in game_tables(state, st, game, lang()):
            tb = _table(state, st, game, view, typed)
            context = {"tb": tb, "game": game, "fields": _fields(st), "organiser": organiser,
                       "action": action, "error": errors.get(tb["key"])}  # fmt: skip
            key = repr((lang(), sorted(context.items(), key=lambda kv: kv[0])))
            cards.append(card("web/table_card.html", context, key))
    needs = [
        {"kind": n.kind, "game": n.game, "table": n.table,
         "players": [(p, state.tournament.name_of(p)) for p in n.players],
         "key": "rolloff-" + "-".join(sorted(n.players))}
        for n in open_rolloffs(state)
    ]  # fmt: skip
    shown = {f"{game}-{i}" for i in range(1, len(cards) + 1)} | {n["key"] for n in needs}
    context = {
        "stage": st,
        "stage_title": st.title(lang()) if st else "",
        "game": game,
        "word": st.rule.game_word(lang()) if st else "",
        "seed": draw_seed(st, game) if st and game else None,
        "games": _games(st),
        "cards": joined(cards),
        "rolloffs": needs,
        "errors": errors,
        "loose": [e for k, e in errors.items() if k not in shown],
        "last": _last(state),
    }
    return with_csrf(request, page(request, rec, "web/tables.html", context))


def _game(st: StageState | None, wanted: str | None) -> int:
    """The game to show: the one asked for, else the first with results missing, else the last."""
    if st is None or not st.drawn_games():
        return 0
    drawn = st.drawn_games()
    if wanted and wanted.isascii() and wanted.isdigit() and 1 <= int(wanted) <= drawn:
        return int(wanted)
    missing = sorted({g for g, _ in st.missing_results()})
    return missing[0] if missing else drawn


def _games(st: StageState | None) -> list[dict[str, int]]:
    """Every drawn game of the stage with how many of its results are missing."""
    if st is None:
        return []
    missing = [g for g, _ in st.missing_results()]
    return [{"game": g, "missing": missing.count(g)} for g in range(1, st.drawn_games() + 1)]


def _fields(st: StageState | None) -> dict[str, bool]:
    """Which values the result form asks for, from the stage's rules."""
    if st is None:
        return {}
    return {
        "points": st.rule.score != "none",
        "pips": st.rule.pips,
        "places": st.rule.score != "required",
        "points_required": st.rule.score == "required",
    }


def _table(
    state: TournamentState, st: StageState, game: int, view: Any, typed: Any = None
) -> dict[str, Any]:
    """A table with its form values: as typed (after a refusal), else the entered result."""
    res = view.result
    values = {
        p: {
            "points": res.scores.get(p, "") if res else "",
            "pips": res.pips.get(p, "") if res else "",
            "place": res.places.get(p, "") if res else "",
        }
        for p in view.seats
    }
    if (
        typed is not None
        and typed.get("game") == str(game)
        and typed.get("table") == str(view.index)
    ):
        for p in view.seats:
            values[p] = {k: typed.get(f"{k}-{p}", "") for k in ("points", "pips", "place")}
    rows = [(p, state.tournament.name_of(p), values[p]) for p in view.seats]
    key = f"{game}-{view.index}"
    earlier = [
        describe(state.tournament, r, lang())
        for r in st.superseded
        if (r.game, r.table) == (game, view.index)
    ]
    return {
        "earlier": earlier,
        "view": view,
        "rows": rows,
        "basis": res.n if res else 0,
        "text": view.text(lang()),
        "key": key,
    }


def _last(state: TournamentState) -> dict[str, Any] | None:
    """The latest entry that undo would take back."""
    try:
        fact = undo_target(state)
    except RuleError:
        return None
    return {"n": fact.n, "text": describe(state.tournament, fact, lang())}


@organiser
@require_POST
def result(request: HttpRequest, pk: int) -> HttpResponse:
    """Enter or correct one table's result; an outdated form is refused."""
    rec = record_of(pk)
    post = request.POST
    game, table = whole(post.get("game"), "game"), whole(post.get("table"), "table")
    basis = whole(post.get("basis"), "basis")
    key = f"{game}-{table}"
    what = ("korrigiert", "corrected") if basis else ("eingetragen", "entered")
    try:
        _, open_here = append(
            rec.pk,
            lambda tour: _enter(tour, post, game, table, basis, request),
            user=request.user,
            log=lambda done: Logged(
                f"Ergebnis {what[0]}: Partie {game}, Tisch {table}",
                f"Result {what[1]}: game {game}, table {table}",
                done[0].n,
            ),
        )
    except RuleError as err:
        return tables(request, pk, errors={key: text_of(err)}, typed=post)
    messages.success(
        request, say(f"Tisch {table}: Ergebnis gespeichert.", f"Table {table}: result saved.")
    )
    stay = f"?partie={game}" if open_here else ""  # a finished game makes way for the next
    return redirect(reverse("tables", args=[rec.pk]) + f"{stay}#table-{game}-{table}")


def _enter(
    tour: Tournament, post: Any, game: int, table: int, basis: int, request: HttpRequest
) -> tuple[Any, bool]:
    """Record the result from the form, unless the table changed meanwhile; say whether
    the game still has results missing."""
    state = group_state(tour)
    st = state.current
    if st is None:
        raise RuleError("Es ist noch nichts ausgelost.", "Nothing is drawn yet.", field="game")
    old = st.results.get((game, table))
    if (old.n if old else 0) != basis:
        raise RuleError(
            f"Für Tisch {table} wurde inzwischen ein anderes Ergebnis eingetragen; "
            "bitte die Seite neu laden und prüfen.",
            f"Meanwhile another result was entered for table {table}; "
            "please reload the page and check.",
            field="version",
        )
    tables = st.tables(game) or ()
    if not 1 <= table <= len(tables):
        raise RuleError(
            f"Tisch {table} gibt es nicht.", f"There is no table {table}.", field="table"
        )
    scores, pips, places = {}, {}, {}
    for p in tables[table - 1]:
        name = tour.name_of(p)
        if text := post.get(f"points-{p}", "").strip():
            scores[p] = _number(text, name)
        if text := post.get(f"pips-{p}", "").strip():
            pips[p] = _whole_number(text, name, ("Augen", "pips"), MAX_PIPS)
        if text := post.get(f"place-{p}", "").strip():
            places[p] = _whole_number(text, name, ("Platz", "place"), len(tables[table - 1]))
    if not (scores or pips or places):
        raise RuleError("Bitte das Ergebnis eintragen.", "Please enter the result.", field="result")
    fact = Result(n=0, stage=st.key, game=game, table=table, scores=scores, pips=pips,
                  places=places, corrects=basis or None)  # fmt: skip
    done = record(state, fact, at=stamp(), by=request.user.get_username())
    return done, any(g == game for g, _ in st.missing_results())


def _number(text: str, name: str) -> Any:
    """Exact points from a result field, or a refusal naming the player."""
    try:
        return parse_number(text, field="points")
    except RuleError as err:
        raise RuleError(
            f"Punkte von {name}: {err.de}", f"Points of {name}: {err.en}", field="points"
        ) from None


def _whole_number(text: str, name: str, what: tuple[str, str], high: int) -> int:
    """A whole number from a result field, or a refusal naming player and field."""
    low = 0 if what[1] == "pips" else 1
    try:
        return whole_number(text, field=what[1], low=low, high=high)
    except RuleError as err:
        raise RuleError(
            f"{what[0]} von {name}: {err.de}",
            f"{what[1].capitalize()} of {name}: {err.en}",
            field=what[1],
        ) from None


@organiser
@require_POST
def rolloff(request: HttpRequest, pk: int) -> HttpResponse:
    """Enter a roll-off's order, or let the software roll it with a recorded seed."""
    rec = record_of(pk)
    post = request.POST
    players = post.getlist("players")
    by = request.user.get_username()

    def change(tour: Any) -> tuple[Any, str]:
        state = group_state(tour)
        if post.get("auto"):
            needs = [n for n in open_rolloffs(state) if sorted(n.players) == sorted(players)]
            if not needs:
                raise RuleError("Dieses Stechen ist nicht (mehr) offen.",
                                "This roll-off is not open (any more).", field="order")  # fmt: skip
            fact = rolled_by_software(needs[0], seed=setup.new_seed())
        else:
            order = [post.get(f"pos-{i}", "") for i in range(1, len(players) + 1)]
            if sorted(order) != sorted(players):
                raise RuleError(
                    "Bitte jeden Spieler des Stechens genau einmal auf einen Platz setzen.",
                    "Put every player of the roll-off on exactly one place.",
                    field="order",
                )
            fact = rolloff_for(state, order)
        fact = record(state, fact, at=stamp(), by=by)
        seed = f" (Los-Seed {fact.seed})" if fact.seed is not None else ""
        return fact, " > ".join(tour.name_of(p) for p in fact.order) + seed

    try:
        _, said = append(
            rec.pk,
            change,
            user=request.user,
            log=lambda done: Logged(f"Stechen: {done[1]}", f"Roll-off: {done[1]}", done[0].n),
        )
    except RuleError as err:
        return tables(request, pk, errors={"rolloff-" + "-".join(sorted(players)): text_of(err)})
    messages.success(request, say(f"Stechen eingetragen: {said}", f"Roll-off entered: {said}"))
    return redirect("tables", rec.pk)


@organiser
@require_POST
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Take back the latest entry (it stays in the log, marked as taken back)."""
    rec = record_of(pk)
    version = whole(request.POST.get("version"), "version")
    by = request.user.get_username()

    def take_back(tour: Any) -> tuple[Any, str, str]:
        target = undo_last(group_state(tour), at=stamp(), by=by)[1]
        return target, describe(tour, target, "de"), describe(tour, target, "en")

    try:
        _, de, en = append(
            rec.pk,
            take_back,
            expected=version,
            user=request.user,
            log=lambda done: Logged(f"Zurückgenommen: {done[1]}", f"Undone: {done[2]}", done[0].n),
        )
    except RuleError as err:
        messages.error(request, text_of(err))
    else:
        messages.success(request, say(f"Zurückgenommen: {de}", f"Undone: {en}"))
    return redirect("draw" if request.POST.get("back") == "draw" else "tables", rec.pk)
