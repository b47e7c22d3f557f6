"""The group family in the API: its stages and their standings, each place's stage."""

from __future__ import annotations

from tafelrunde.engine.groups.rules_text import criterion_label
from tafelrunde.engine.numbers import display
from tafelrunde.i18n import Text
from tafelrunde.web.api.family_parts import ApiPart, Rows
from tafelrunde.web.core.domain.store import group_read
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.templatetags.tafel import lang, translated


def stages(rec: TournamentRecord) -> list[tuple[str, Text]]:
    """The stages played so far: their keys and titles."""
    return [(st.key, st.title()) for st in group_read(rec)[1].stages]


def standings(rec: TournamentRecord) -> Rows:
    """Formats A–C: every stage's standing with the values that rank each player."""
    state = group_read(rec)[1]
    out = []
    language = lang()
    for st in reversed(state.stages):
        cut = state.cut(st)
        standing = st.standing(cut)
        shown = [c for c in standing.criteria if not c.orders]
        goes_on = state.goes_on(st) or set()
        behind = st.behind()
        rows = [
            {"rank": row.rank, "player": str(row.player),
             "name": state.tournament.name_of(row.player),
             "values": ["" if v is None else display(v, language)
                        for v in row.values[: len(shown)]],
             "numbers": [None if v is None else float(v) for v in row.values[: len(shown)]],
             "goes_on": (row.player in goes_on) if cut is not None else None,
             "result_open": row.player in behind}
            for row in standing.rows
        ]  # fmt: skip
        out.append({"key": st.key, "title": translated(st.title()),
                    "final": state.stage_complete(st),
                    "columns": [translated(criterion_label(c, st.rule)) for c in shown],
                    "criteria": [str(c) for c in shown],
                    "rows": rows})  # fmt: skip
    return out


def places(rec: TournamentRecord) -> Rows:
    """Formats A–C: each place's player, the stage reached and the rank there."""
    state = group_read(rec)[1]
    return [{"player": str(r.player), "stage_key": r.stage, "stage_rank": r.stage_rank}
            for r in state.overall()]  # fmt: skip


API = ApiPart(stages, lambda rec: bool(group_read(rec)[1].stages), standings, places)
