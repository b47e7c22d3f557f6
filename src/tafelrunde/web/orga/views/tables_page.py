"""The tables page of format A–C: one game, a page of its tables with seat order, results
and their forms; made once per version of the tournament and shared by every request."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe

from tafelrunde.engine.actions import open_rolloffs, undo_target
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.fact_words import describe
from tafelrunde.engine.stage_state import StageState
from tafelrunde.engine.table_view import draw_seed, game_tables
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.web.core.domain.store import latest, read_only
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import lang, translated
from tafelrunde.web.core.views.common import record_of
from tafelrunde.web.core.views.frame import PER_PAGE, page, page_of
from tafelrunde.web.orga.cards import CSRF, card, joined, with_csrf


def tables(
    request: HttpRequest, pk: int, errors: dict[str, Any] | None = None, typed: Any = None
) -> HttpResponse:
    """One game of the running stage (the first with results missing, or the one asked for):
    tables, seat order, results and their forms; the other games are a click away.

    Without a refusal to show, the page's content is made once per version of the
    tournament and shared by every request for it (many phones at once cost one render).
    """
    rec = record_of(pk)
    if rec.format == "D":
        return redirect("ko-tables", rec.pk)
    wanted = request.GET.get("partie") or (typed.get("game") if typed is not None else None)
    sheet = request.GET.get("seite") or (_sheet_of(typed) if typed is not None else None)
    organiser, language = request.user.is_authenticated, lang()

    def make(now: TournamentRecord) -> str:
        return tables_block(now, (wanted, sheet), organiser, language, errors or {}, typed)

    if errors or typed is not None:
        block = make(rec)
    else:
        block = latest(rec, f"tables:{wanted}:{sheet}:{language}:{organiser}", make)
    return with_csrf(request, page(request, rec, "orga/tables.html", {"content": mark_safe(block)}))


def _sheet_of(typed: Any) -> str | None:
    """The page of the table a refused form was for."""
    table = typed.get("table", "")
    return str(page_of(int(table))) if table.isascii() and table.isdigit() and table else None


def tables_block(
    rec: TournamentRecord,
    wanted: tuple[str | None, str | None],
    organiser: bool,
    language: str,
    errors: dict[str, str],
    typed: Any,
) -> str:
    """The content of the tables page for one state of the tournament."""
    state = read_only(rec)[1]
    st = state.current
    game = _game(st, wanted[0])
    sheet, sheets = _sheet(st, game, wanted[1])
    cards: list[str] = []
    if st is not None and game:
        fields = result_fields(st)
        action = reverse("result", args=[rec.pk])
        shown = range((sheet - 1) * PER_PAGE + 1, sheet * PER_PAGE + 1)
        earlier: dict[int, list[int]] = {}
        for r in st.superseded:
            if r.game == game:
                earlier.setdefault(r.table, []).append(r.n)
        for view in game_tables(state, st, game, shown):
            said = _said(errors.get(f"{game}-{view.index}"))
            here = _typed(typed, game, view)
            # the key holds what the card shows, untranslated: a kept card costs no words
            key = (language, organiser, action, game, view.index, view.seats, view.names,
                   repr(view.note), view.seats_known, view.placed,
                   view.result.n if view.result else 0, tuple(earlier.get(view.index, ())),
                   here, tuple(fields.items()), repr(sorted(said.items())))  # fmt: skip

            def context(view: Any = view, said: dict[str, str] = said) -> dict[str, Any]:
                shown_view = replace(view, note=translated(view.note))
                tb = _table(state, st, game, shown_view, typed, said)
                return {"tb": tb, "game": game, "fields": fields, "organiser": organiser,
                        "action": action, "error": said.get("__all__")}  # fmt: skip

            cards.append(card("orga/table_card.html", context, key))
    needs = [
        {"kind": n.kind, "game": n.game, "table": n.table,
         "players": [(p, state.tournament.name_of(p)) for p in n.players],
         "key": "rolloff-" + "-".join(sorted(n.players))}
        for n in open_rolloffs(state)
    ]  # fmt: skip
    shown = {f"{game}-{i}" for i in range(1, len(cards) + 1)} | {n["key"] for n in needs}
    rolloff_cards = [
        card("orga/rolloff_card.html",
             {"r": r, "pk": rec.pk, "organiser": organiser, "error": errors.get(r["key"])},
             (language, organiser, rec.pk, repr(r), errors.get(r["key"])))
        for r in needs
    ]  # fmt: skip
    context = {
        "pk": rec.pk,
        "version": rec.version,
        "organiser": organiser,
        "csrf": mark_safe(CSRF),
        "stage": st,
        "stage_title": translated(st.title()) if st else "",
        "game": game,
        "word": translated(st.rule.game_word()) if st else "",
        "seed": draw_seed(st, game) if st and game else None,
        "games": _games(st),
        "sheet": sheet,
        "sheets": sheets,
        "cards": joined(cards),
        "rolloffs": needs,
        "rolloff_cards": joined(rolloff_cards),
        "errors": errors,
        "loose": [" ".join(_said(e).values()) for k, e in errors.items() if k not in shown],
        "last": _last(state),
    }
    return render_to_string("orga/tables_block.html", context)


def _game(st: StageState | None, wanted: str | None) -> int:
    """The game to show: the one asked for, else the first with results missing, else the last."""
    if st is None or not st.drawn_games():
        return 0
    drawn = st.drawn_games()
    if wanted and wanted.isascii() and wanted.isdigit() and 1 <= int(wanted) <= drawn:
        return int(wanted)
    missing = sorted({g for g, _ in st.missing_results()})
    return missing[0] if missing else drawn


def _sheet(st: StageState | None, game: int, wanted: str | None) -> tuple[int, list[Any]]:
    """The page of tables to show (asked for, else the first with a result missing) and
    every page of the game: its number, first and last table, results missing."""
    tables = len(st.tables(game) or ()) if st is not None and game else 0
    missing = [t for g, t in st.missing_results() if g == game] if st is not None else []
    count = max(1, -(-tables // PER_PAGE))
    sheets = [
        {"sheet": k, "first": (k - 1) * PER_PAGE + 1, "last": min(k * PER_PAGE, tables),
         "missing": sum(1 for t in missing if page_of(t) == k)}
        for k in range(1, count + 1)
    ]  # fmt: skip
    if wanted and wanted.isascii() and wanted.isdigit() and 1 <= int(wanted) <= count:
        return int(wanted), sheets
    return (page_of(min(missing)) if missing else 1), sheets


def _games(st: StageState | None) -> list[dict[str, int]]:
    """Every drawn game of the stage with how many of its results are missing."""
    if st is None:
        return []
    missing = [g for g, _ in st.missing_results()]
    return [{"game": g, "missing": missing.count(g)} for g in range(1, st.drawn_games() + 1)]


def result_fields(st: StageState | None) -> dict[str, bool]:
    """Which values the result form asks for, from the stage's rules."""
    if st is None:
        return {}
    return {
        "points": st.rule.score != "none",
        "pips": st.rule.pips,
        "places": st.rule.score != "required",
        "points_required": st.rule.score == "required",
    }


def _said(error: str | dict[str, str] | None) -> dict[str, str]:
    """A card's refusal: messages by field ("__all__": the whole card); none left empty."""
    if not error:
        return {}
    found = error if isinstance(error, dict) else {"__all__": error}
    return {k: v for k, v in found.items() if v}


def _typed(typed: Any, game: int, view: Any) -> tuple[str, ...] | None:
    """What was typed into this table's form before a refusal (None: another table's)."""
    if typed is None or typed.get("game") != str(game) or typed.get("table") != str(view.index):
        return None
    return tuple(typed.get(f"{k}-{p}", "") for p in view.seats for k in ("points", "pips", "place"))


def _table(
    state: TournamentState,
    st: StageState,
    game: int,
    view: Any,
    typed: Any = None,
    said: dict[str, str] | None = None,
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
    said = said or {}
    rows = [
        (p, state.tournament.name_of(p), values[p],
         {k: said.get(f"{k}-{p}", "") for k in ("points", "pips", "place")})
        for p in view.seats
    ]  # fmt: skip
    key = f"{game}-{view.index}"
    earlier = [
        translated(describe(state.tournament, r))
        for r in st.superseded
        if (r.game, r.table) == (game, view.index)
    ]
    return {
        "earlier": earlier,
        "view": view,
        "rows": rows,
        "basis": res.n if res else 0,
        "text": translated(view.text()),
        "key": key,
    }


def _last(state: TournamentState) -> dict[str, Any] | None:
    """The latest entry that undo would take back."""
    try:
        fact = undo_target(state)
    except RuleError:
        return None
    return {"n": fact.n, "text": translated(describe(state.tournament, fact))}
