"""The tables page of format A–C: one game, a page of its tables with seat order, results,
roll-offs and their forms; made once per version of the tournament and shared by every request."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.families import GROUP
from tafelrunde.engine.groups.actions import open_rolloffs, undo_target
from tafelrunde.engine.groups.fact_words import describe
from tafelrunde.engine.groups.progress import pending, rolloff_purpose
from tafelrunde.engine.groups.stage_state import StageState
from tafelrunde.engine.groups.table_view import draw_seed, game_tables
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.i18n import msg
from tafelrunde.web.core.common import record_of
from tafelrunde.web.core.domain.store import latest, read_only
from tafelrunde.web.core.faces import FACE, part_of
from tafelrunde.web.core.frame import page, page_of
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.pages import step_link
from tafelrunde.web.core.roles import ORGANISER, Role, referee_may_undo, role_of
from tafelrunde.web.core.shared import empty, never, number, shared_page, short
from tafelrunde.web.core.templatetags.tafel import lang, translated
from tafelrunde.web.orga.cards import CSRF, card, joined, with_csrf
from tafelrunde.web.orga.table_list import (
    Wanted,
    chosen_game,
    chosen_stage,
    jump,
    listing,
)

# what the tables page reads of its address (a jump to a table is answered for its visitor)
TABLES_QUERY = {"runde": short, "partie": number, "seite": number, "offen": short,
                "name": empty, "tisch": never}  # fmt: skip


@shared_page(query=TABLES_QUERY)
@part_of(GROUP, "tables")
def tables(
    request: HttpRequest, pk: int, errors: dict[str, Any] | None = None, typed: Any = None
) -> HttpResponse:
    """One game of a stage (the running one unless asked): its tables with seat order, results
    and their forms; a box jumps to a table, a filter shows the open ones, a name finds a
    player's table; the other games and stages are a click away.

    Without a refusal or a search to show, the page's content is made once per version of the
    tournament and shared by every request for it (many phones at once cost one render).
    """
    rec = record_of(pk)
    wanted = Wanted.of(request.GET, typed)
    errors = dict(errors or {})
    if "tisch" in request.GET and typed is None:
        state = read_only(rec)[1]
        st = chosen_stage(state, wanted)
        game = chosen_game(st, wanted)
        table, why = jump(st, game, request.GET.get("tisch", "")[:12])
        if why is None:
            there = wanted.query(partie=game, seite=page_of(table), offen="", name="")
            return redirect(reverse("tables", args=[rec.pk]) + f"{there}#table-{game}-{table}")
        errors["jump"] = translated(why)
    role, language = role_of(request.user), lang()

    def make(now: TournamentRecord) -> str:
        return tables_block(now, wanted, role, language, errors, typed)

    if errors or typed is not None or wanted.name:
        block = make(rec)
    else:
        block = latest(rec, f"tables:{wanted.key()}:{language}:{role}", make)
    return with_csrf(request, page(request, rec, "orga/tables.html", {"content": mark_safe(block)}))


def tables_block(
    rec: TournamentRecord,
    wanted: Wanted,
    role: Role | None,
    language: str,
    errors: dict[str, Any],
    typed: Any,
) -> str:
    """The content of the tables page for one state of the tournament, as a login of this role
    (None: somebody not logged in) sees it."""
    organiser, staff = role == ORGANISER, role is not None
    state = read_only(rec)[1]
    st = chosen_stage(state, wanted)
    game = chosen_game(st, wanted)
    listed = listing(state, st, game, wanted)
    needs = _needs(state, st)
    cards: list[str] = []
    on_cards: set[str] = set()
    if st is not None and game:
        fields = result_fields(st)
        action = reverse("result", args=[rec.pk])
        earlier: dict[int, list[int]] = {}
        for r in st.superseded:
            if r.game == game:
                earlier.setdefault(r.table, []).append(r.n)
        last_game = game == st.drawn_games()
        by_table: dict[int | None, list[dict[str, Any]]] = {}
        for n in needs:
            by_table.setdefault(n["table"], []).append(n)
        for view in game_tables(state, st, game, set(listed.shown)):
            said = _said(errors.get(f"{game}-{view.index}"))
            here = _typed(typed, game, view)
            mine = [n for n in by_table.get(view.index, ())
                    if n["game"] == game or (not n["game"] and last_game)]  # fmt: skip
            on_cards |= {n["key"] for n in mine}
            mine = [n | {"error": errors.get(n["key"])} for n in mine]
            # the key holds what the card shows, untranslated: a kept card costs no words
            key = (language, role, action, st.key, game, view.index, view.seats, view.names,
                   repr(view.note), view.seats_known, view.placed,
                   view.result.n if view.result else 0, tuple(earlier.get(view.index, ())),
                   here, tuple(fields.items()), repr(sorted(said.items())), repr(mine),
                   st.rule.note)  # fmt: skip

            def context(
                view: Any = view, said: dict[str, str] = said, mine: list[Any] = mine
            ) -> dict[str, Any]:
                shown_view = replace(view, note=translated(view.note))
                tb = _table(state, st, game, shown_view, typed, said)
                return {"tb": tb, "game": game, "fields": fields, "organiser": organiser,
                        "staff": staff, "action": action, "error": said.get("__all__"),
                        "stage": st.key, "note": st.rule.note, "rolloffs": _shown_needs(mine),
                        "pk": rec.pk, "csrf": mark_safe(CSRF)}  # fmt: skip

            cards.append(card("orga/table_card.html", context, key))
    loose_needs = [n for n in needs if n["key"] not in on_cards]
    shown = {f"{game}-{i}" for i in listed.shown} | {n["key"] for n in needs} | {"jump"}

    def rolloff_context(r: dict[str, Any]) -> Callable[[], dict[str, Any]]:
        """What a loose roll-off's card shows (its words translated only when it is made)."""
        return lambda: {"r": _shown_needs([r])[0] | {"error": errors.get(r["key"])},
                        "pk": rec.pk, "staff": staff, "csrf": mark_safe(CSRF)}  # fmt: skip

    rolloff_cards = [
        card("orga/rolloff_card.html", rolloff_context(r),
             (language, role, rec.pk, repr(r), errors.get(r["key"])))
        for r in loose_needs
    ]  # fmt: skip
    block = {
        "pk": rec.pk,
        "version": rec.version,
        "organiser": organiser,
        "staff": staff,
        "csrf": mark_safe(CSRF),
        "stage": st,
        "stage_title": translated(st.title()) if st else "",
        "stages": _stages(state, st, wanted),
        "game": game,
        "word": translated(st.rule.game_word()) if st else "",
        "seed": draw_seed(st, game) if st and game else None,
        "games": _games(st, wanted),
        "listed": listed,
        "found": translated(listed.found) if listed.found else "",
        "wanted": wanted,
        "here": wanted.query(runde=st.key, partie=game, seite="", offen="", name="") if st else "",
        "sheet_links": [
            s | {"query": wanted.query(partie=game, seite=s["sheet"])} for s in listed.sheets
        ],
        "cards": joined(cards),
        "rolloffs": loose_needs,
        "rolloff_cards": joined(rolloff_cards),
        "jump_error": errors.get("jump", ""),
        "loose": [" ".join(_said(e).values()) for k, e in errors.items() if k not in shown],
        "last": _last(state, organiser) if staff else None,
        "next": _next(state, st, game, rec.pk, wanted, organiser, bool(needs)) if staff else None,
        "note": st.rule.note if st else "",
        "earlier_stage": st is not None and st is not state.current,
    }
    return render_to_string("orga/tables_block.html", block)


def rolloff_key(kind: str, game: int, players: Any) -> str:
    """The card's key of a roll-off form (its errors are shown there)."""
    return f"rolloff-{kind}-{game}-" + "-".join(sorted(players))


def _needs(state: TournamentState, st: StageState | None) -> list[dict[str, Any]]:
    """The open roll-offs of the running stage, with what each decides."""
    if st is None or st is not state.current:
        return []
    return [
        {"kind": n.kind, "name": n.kind.capitalize(), "game": n.game, "table": n.table,
         "word": st.rule.game_word(),
         "players": [(p, state.tournament.name_of(p)) for p in n.players],
         "purpose": rolloff_purpose(st, n),
         "key": rolloff_key(n.kind, n.game, n.players)}
        for n in open_rolloffs(state)
    ]  # fmt: skip


def _shown_needs(needs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Roll-offs with their purpose in the active language."""
    return [n | {"purpose": translated(n["purpose"]), "word": translated(n["word"])} for n in needs]


def _stages(state: TournamentState, st: StageState | None, wanted: Wanted) -> list[dict[str, Any]]:
    """Every stage played so far, to correct an earlier one."""
    if len(state.stages) < 2:
        return []
    return [{"title": translated(s.title()), "query": wanted.query(runde=s.key, partie="", seite="",
                                                                   name=""),
             "active": s is st, "missing": len(s.missing_results())}
            for s in state.stages]  # fmt: skip


def _games(st: StageState | None, wanted: Wanted) -> list[dict[str, Any]]:
    """Every drawn game of the stage with how many of its results are missing."""
    if st is None:
        return []
    missing = [g for g, _ in st.missing_results()]
    return [{"game": g, "missing": missing.count(g), "query": wanted.query(partie=g, seite="")}
            for g in range(1, st.drawn_games() + 1)]  # fmt: skip


def _next(
    state: TournamentState,
    st: StageState | None,
    game: int,
    pk: int,
    wanted: Wanted,
    organiser: bool,
    rolloffs_open: bool,
) -> dict[str, str] | None:
    """After the last result of a game: the next step as a button (the next game's tables,
    or the next draw (for the organisers), or the final ranking); none while results or
    roll-offs (of the running stage, found once for the page) are open."""
    if st is None or st is not state.current or not game:
        return None
    missing = st.missing_results()
    if any(g == game for g, _ in missing):
        return None
    later = sorted(g for g, _ in missing if g > game)
    if later:
        word = st.rule.game_word()
        return {"text": translated(msg("On to {word} {game}", word=word, game=later[0])),
                "url": wanted.query(partie=later[0], seite="", offen="", name="")}  # fmt: skip
    if missing or rolloffs_open:
        return None
    for step in pending(state):
        if step.kind == "finished" or (step.kind == "draw" and organiser):
            return {"text": translated(step.text), "url": step_link(FACE.of(GROUP), pk, step)}
    return None


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
    back = next((s for s in state.stages if s.key == said.get("rewind")), None)
    return {
        "rewind": {"key": back.key, "title": translated(back.title())} if back else None,
        "earlier": earlier,
        "view": view,
        "rows": rows,
        "basis": res.n if res else 0,
        "text": translated(view.text()),
        "key": key,
    }


def _last(state: TournamentState, organiser: bool) -> dict[str, Any] | None:
    """The latest entry that undo would take back, if this login may (a referee only their
    own kinds of entry)."""
    try:
        fact = undo_target(state)
    except RuleError:
        return None
    if not (organiser or referee_may_undo(fact)):
        return None
    return {"n": fact.n, "text": translated(describe(state.tournament, fact))}
