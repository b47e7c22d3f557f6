"""The overall ranking of a format A–C tournament: as data, for people and for files."""

from __future__ import annotations

from typing import Any

from tafelrunde.engine.family_interface import Table
from tafelrunde.engine.groups.facts import Tournament
from tafelrunde.engine.groups.presence import mark
from tafelrunde.engine.groups.rules_text import criterion_label
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.numbers import Num, file_number, shown
from tafelrunde.engine.rule_words import joined
from tafelrunde.i18n import Text, msg

GROUP_COLUMNS: tuple[str, ...] = ("place", "name", "stage", "stage_rank")


def group_ranking_rows(state: TournamentState) -> list[dict[str, Any]]:
    """The overall ranking of a format A–C tournament as data."""
    return [
        {
            "place": r.place,
            "id": r.player,
            "name": state.tournament.name_of(r.player),
            "stage": r.stage,
            "stage_rank": r.stage_rank,
            "withdrawn": r.player in state.withdrawn,
            "late": r.player in state.late,
        }
        for r in state.overall()
    ]


def group_ranking_table(
    tour: Tournament, state: TournamentState | None = None
) -> tuple[list[Text], list[list[Any]]]:
    """The overall ranking as a table for people: headers (messages) and rows of values
    (`state`: the tournament's state when already at hand).

    Formats A–C: place, name (marked when withdrawn or joined late), stage reached, rank
    there, and the values that ranked the
    player there (points first, then the tie-breaks) as "label value" texts. Format D:
    place, name, prize.
    """
    state = state if state is not None else TournamentState(tour)
    values: dict[str, Text] = {}
    for st in state.stages:
        standing = st.standing(state.cut(st))
        labels = [criterion_label(c, st.rule) for c in standing.criteria if not c.orders]
        pairs: dict[tuple[int, Num], Text] = {}  # the stage's texts, each made once and
        texts: dict[tuple[tuple[int, Num], ...], Text] = {}  # shared by the rows showing it
        for row in standing.rows:
            key = tuple((i, v) for i, v in enumerate(row.values[: len(labels)]) if v is not None)
            if key not in texts:
                for i, v in key:
                    if (i, v) not in pairs:
                        pairs[i, v] = msg("{label} {value}", label=labels[i], value=shown(v))
                texts[key] = joined([pairs[k] for k in key], " · ")
            values[row.player] = texts[key]
    head: list[Text] = [msg("Place"), msg("Player"), msg("stage reached"), msg("rank there"),
            msg("points and tie-breaks")]  # fmt: skip
    overall, titles = state.overall(), dict[str, Text]()  # one title per stage, shared
    for r in overall:
        if r.stage not in titles:
            titles[r.stage] = state.stage(r.stage).title()
    table: list[list[Any]] = [
        [r.place, marked_name(state, r.player), titles[r.stage],
         r.stage_rank, values.get(r.player, "")]
        for r in overall
    ]  # fmt: skip
    return head, table


def group_ranking_sheet(tour: Tournament, state: TournamentState | None = None) -> Table:
    """The overall ranking for files: as `ranking_table`, but points and each tie-break in a
    column of their own, as numbers (a criterion of the same name shares one column;
    `state`: the tournament's state when already at hand)."""
    state = state if state is not None else TournamentState(tour)
    labels: dict[str, Text] = {}  # by the label's German text: the column's key
    values: dict[str, dict[str, Num]] = {}
    for st in state.stages:
        standing = st.standing(state.cut(st))
        shown_labels = [criterion_label(c, st.rule) for c in standing.criteria if not c.orders]
        keys = [_key(label) for label in shown_labels]
        labels.update((k, label) for k, label in zip(keys, shown_labels, strict=True)
                      if k not in labels)  # fmt: skip
        for row in standing.rows:
            values[row.player] = {
                k: v for k, v in zip(keys, row.values, strict=False) if v is not None
            }
    head: list[Text] = [msg("Place"), msg("Player"), msg("stage reached"), msg("rank there"),
            *labels.values()]  # fmt: skip
    table: list[list[Any]] = [
        [r.place, marked_name(state, r.player), state.stage(r.stage).title(), r.stage_rank,
         *(file_number(values.get(r.player, {}).get(k)) for k in labels)]
        for r in state.overall()
    ]  # fmt: skip
    return head, table


def _key(label: Text) -> str:
    """A criterion label as a column key (one column for the same words in every stage)."""
    return label if isinstance(label, str) else label.text("de")


def marked_name(state: TournamentState, player: str) -> Text:
    """A player's name, with '(withdrawn)' or '(joined late)' where that applies."""
    name, word = state.tournament.name_of(player), mark(state, player)
    return name if word is None else msg("{name} ({mark})", name=name, mark=word)
