"""A roll-off two phones of a table entered differently is on the organisers' results board
(first, counted as disputed, with both versions) and on the overview; the organisers let one
version count or enter the winner themselves."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from linkhelpers import confirm, csrf_post, entered_at_table_1, phone, tap
from rolloffhelpers import counted, last_fact, rolloff_form, send
from webhelpers import Form, forms_of, state_of, text

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def disputed() -> tuple[Client, int, tuple[str, ...], Client]:
    """Pips 12, 12, 8, 3 at table 1 confirmed; phone 1 enters the first player as the
    Stechen's winner, phone 3 the second: the Stechen is disputed."""
    client, pk, token, table, first, second = entered_at_table_1((12, 12, 8, 3))
    confirm(second, token, last_fact(pk).n)
    third = phone()
    tap(third, token, table[2])
    send(first, token, rolloff_form(first, token), winner=table[0])
    send(third, token, rolloff_form(third, token), winner=table[1])
    said = "Das Stechen ist jetzt strittig: Die Turnierleitung entscheidet."
    assert said in text(third.get(f"/tisch/{token}/"))
    return client, pk, table, third


def board_forms(client: Client, pk: int, url: str) -> list[Form]:
    """The board's forms that post to this address."""
    found = forms_of(client.get(f"/turniere/{pk}/ergebnistafel/"))
    return [f for f in found if f.action == url]


def test_a_disputed_roll_off_is_on_the_board_and_the_overview_and_a_version_counts() -> None:
    client, pk, (a, b, c, _d), _third = disputed()
    name = state_of(pk).tournament.name_of
    board = text(client.get(f"/turniere/{pk}/ergebnistafel/"))
    assert re.search(r'state-disputed"><strong>1</strong> strittig', board)
    first = board.index('class="card board-row')
    assert board.index("board-rolloff-stechen-1-1") > first  # in the first row: table 1
    assert re.match(r'class="card board-row state-disputed" id="board-2-1"', board[first:])
    assert "Stechen strittig</strong> (Durchgang 1)" in board  # table 1 plays game 2 now
    assert f"Eingetragen von {name(a)}: <strong>1. {name(a)}, 2. {name(b)}</strong>" in board
    assert f"Eingetragen von {name(c)}: <strong>1. {name(b)}, 2. {name(a)}</strong>" in board
    overview = text(client.get(f"/turniere/{pk}/"))
    step = rf'<a href="/turniere/{pk}/ergebnistafel/">Stechen strittig an Tisch 1'
    assert re.search(step, overview)
    url = f"/turniere/{pk}/ergebnistafel/stechen/"
    versions = board_forms(client, pk, url)
    assert [f.buttons["action"] for f in versions] == ["decide", "decide"]
    data = {k: v[0] for k, v in versions[1].inputs.items()}  # phone 3's: the second wins
    stale = csrf_post(client, url, data | {"mark": "1"})
    assert stale.status_code == 302 and not counted(pk)  # type: ignore[attr-defined]
    assert csrf_post(client, url, data).status_code == 302  # type: ignore[attr-defined]
    assert counted(pk)
    cur = state_of(pk).current
    assert cur is not None and (cur.totals[b].points, cur.totals[a].points) == (6, 5)
    after = text(client.get(f"/turniere/{pk}/ergebnistafel/"))
    assert "Das Stechen zählt." in after and re.search(r"<strong>0</strong> strittig", after)
    assert "strittig an Tisch" not in text(client.get(f"/turniere/{pk}/"))


def test_the_organisers_enter_a_disputed_roll_offs_winner_on_the_board() -> None:
    client, pk, (a, b, _c, _d), _third = disputed()
    form = board_forms(client, pk, f"/turniere/{pk}/stechen/")
    assert len(form) == 1 and form[0].inputs["back"] == ["board"]
    data: dict[str, str | list[str]] = {
        k: v if len(v) > 1 else v[0] for k, v in form[0].inputs.items()
    }
    sent = csrf_post(client, f"/turniere/{pk}/stechen/", data | {"pos-1": a})  # type: ignore[arg-type]
    assert sent.headers["Location"] == f"/turniere/{pk}/ergebnistafel/"  # type: ignore[attr-defined]
    assert counted(pk)
    cur = state_of(pk).current
    assert cur is not None and (cur.totals[a].points, cur.totals[b].points) == (6, 5)
