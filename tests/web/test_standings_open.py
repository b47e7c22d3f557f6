"""A standing while results are missing says which players' tables have none yet, so a rank
"so far" is not taken for theirs."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from webhelpers import text

from factories import tournaments_in_play
from tafelrunde.engine.tournament_state import TournamentState
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import TournamentRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_players_of_tables_without_a_result_are_marked_in_the_standing() -> None:
    made = tournaments_in_play()
    rec = TournamentRecord.objects.get(pk=made["C"])
    state = read_only(rec)[1]
    assert isinstance(state, TournamentState) and state.current is not None
    st = state.current
    missing = st.missing_results()
    names = {p.id: p.name for p in state.tournament.players}
    waiting = {names[p] for g, i in missing for p in st.seated(g, i)}
    for path in (f"/turniere/{rec.pk}/stand/", f"/einbetten/turniere/{rec.pk}/stand/"):
        page = text(Client().get(path))
        marked = set(re.findall(r"<td class=\"waits\">([^<]+)</td>", page)) - {"Ergebnis offen"}
        assert marked == waiting, path
        assert page.count("Ergebnis offen</td>") == len(waiting)
        assert f"{len(missing)} Tische haben noch kein Ergebnis" in page or (
            len(missing) == 1 and "1 Tisch hat noch kein Ergebnis" in page
        )
    over = text(Client().get(f"/turniere/{made['B']}/stand/"))
    assert "Ergebnis offen" not in over and "noch kein Ergebnis" not in over
