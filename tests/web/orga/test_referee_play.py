"""A referee at work on real tournaments: results, corrections, roll-offs and undo in format
A; losers, corrections, Schock aus, donations and undo in format D. What a referee may not do
is refused and stores nothing, and the pages offer it nowhere."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from rolehelpers import (
    REFUSED,
    boss_client,
    drawn_group,
    ko_post,
    ko_state,
    lost_data,
    open_knockout,
    referee,
)
from webhelpers import counts, forms_of, fresh, logged, release, result_form, state_of, text

from tafelrunde.web.core.models import FactRecord

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

PIPS = (40, 30, 20, 10)


def last_fact(pk: int) -> Any:
    """The newest stored fact of a tournament."""
    return FactRecord.objects.filter(tournament_id=pk).order_by("-n").first()


def row_of(page: str, name: str) -> str:
    """The table row of a player on a page."""
    found = re.search(r"<tr[^>]*>(?:(?!</tr>).)*>" + re.escape(name) + r"<(?:(?!</tr>).)*</tr>",
                      page, re.S)  # fmt: skip
    assert found, name
    return found.group(0)


def pips_data(state: Any, table: int, pips: tuple[int, ...], basis: int = 0) -> dict[str, str]:
    """A result of game 1 at a table of the running stage: pips in seat order."""
    st = state.current
    seats = (st.tables(1) or ())[table - 1]
    data = {"stage": st.key, "game": "1", "table": str(table), "basis": str(basis)}
    return data | {f"pips-{p}": str(v) for p, v in zip(seats, pips, strict=True)}


# -- format A ---------------------------------------------------------------------------


def test_a_referee_enters_and_corrects_a_result_and_it_counts_in_the_standings() -> None:
    client = Client()
    referee(client)
    pk, state = drawn_group()
    form = result_form(client, pk, 1, 1)  # the tables page offers the referee the form
    assert form.value("basis") == "0"
    response = client.post(f"/turniere/{pk}/ergebnis/", pips_data(state, 1, PIPS))
    assert response.status_code == 302
    fact = last_fact(pk)
    assert fact.data["type"] == "result" and fact.user.get_username() == "schiri"
    seats = (state_of(pk).current.tables(1) or ())[0]  # type: ignore[union-attr]
    name = state.tournament.name_of
    standings = text(client.get(f"/turniere/{pk}/stand/"))
    assert ">40<" in row_of(standings, name(seats[0]))
    assert ">10<" in row_of(standings, name(seats[3]))
    # the referee corrects it: the best and the worst swap
    response = client.post(f"/turniere/{pk}/ergebnis/", pips_data(state, 1, (10, 30, 20, 40),
                                                                   basis=fact.n))  # fmt: skip
    assert response.status_code == 302
    standings = text(client.get(f"/turniere/{pk}/stand/"))
    assert ">10<" in row_of(standings, name(seats[0]))
    assert ">40<" in row_of(standings, name(seats[3]))
    assert logged(fresh(pk))[-2:] == [
        "Ergebnis eingetragen: Durchgang 1, Tisch 1",
        "Ergebnis korrigiert: Durchgang 1, Tisch 1",
    ]
    log = text(client.get(f"/turniere/{pk}/protokoll/"))
    assert "schiri" in log  # who entered it (the public sees the role instead)


def test_a_referee_settles_a_roll_off_and_undoes_their_kinds_of_entry_but_not_a_draw() -> None:
    client = Client()
    referee(client)
    pk, state = drawn_group()
    response = client.post(f"/turniere/{pk}/ergebnis/", pips_data(state, 2, (17, 17, 12, 9)))
    assert response.status_code == 302
    page = client.get(response["Location"])
    [form] = [f for f in forms_of(page) if f.action.endswith("/stechen/")]
    seats = (state.current.tables(1) or ())[1]
    response = client.post(f"/turniere/{pk}/stechen/",
                           {"players": form.inputs["players"], "pos-1": seats[1]})  # fmt: skip
    assert response.status_code == 302
    assert last_fact(pk).data["type"] == "rolloff"
    # undo: the roll-off, then the result (the tables page offers it) ...
    rolled = last_fact(pk).n
    for taken in (rolled, rolled - 1):
        page = client.get(f"/turniere/{pk}/tische/")
        [undo] = [f for f in forms_of(page) if f.action.endswith("/zuruecknehmen/")]
        response = client.post(f"/turniere/{pk}/zuruecknehmen/", {"version": undo.value("version")})
        assert response.status_code == 302
        done = last_fact(pk).data
        assert (done["type"], done["target"]) == ("undo", taken)
    assert state_of(pk).current.results == {}  # type: ignore[union-attr]
    # ... but the draw is the organisers' to take back: not offered, refused when sent
    page = client.get(f"/turniere/{pk}/tische/")
    assert not [f for f in forms_of(page) if f.action.endswith("/zuruecknehmen/")]
    before = counts()
    response = client.post(f"/turniere/{pk}/zuruecknehmen/", {"version": fresh(pk).version},
                           follow=True)  # fmt: skip
    said = text(response).split('<ul class="messages">')[1].split("</ul>")[0]
    assert "Diesen Eintrag darf nur die Turnierleitung zurücknehmen: Auslosung Gruppenrunde" in said
    assert counts() == before


def test_a_referee_may_not_draw_or_change_players_or_rules_and_sees_no_such_button() -> None:
    client = Client()
    referee(client)
    pk, _ = drawn_group()
    before = counts()
    response = client.post(f"/turniere/{pk}/auslosung/", {"seed": 7, "version": fresh(pk).version})
    assert response.status_code == 403 and REFUSED in text(response)
    response = client.post(f"/turniere/{pk}/spieler/p0001/abmelden/", {"version": 1})
    assert response.status_code == 403
    assert counts() == before
    draw = text(client.get(f"/turniere/{pk}/auslosung/"))
    for offer in ("Vorschau", "Auslosung freigeben", "Neu auslosen"):
        assert offer not in draw, offer
    players = client.get(f"/turniere/{pk}/spieler/")
    assert not forms_of(players)[2:]  # only the header's forms (log out, language)
    rules = client.get(f"/turniere/{pk}/regeln/")
    assert "Als Vereinsvorlage speichern" not in text(rules) and not forms_of(rules)[2:]
    overview = text(client.get(f"/turniere/{pk}/"))
    assert "Turnier löschen" not in overview
    header = text(client.get("/")).split("</header>", 1)[0]
    assert '<span class="who">schiri</span>' in header
    assert '<span class="role">Schiedsrichter</span>' in header
    for link in ("Neues Turnier", "Planung", "Turnierdatei laden", "Neuer Termin", "Zugänge"):
        assert link not in header, link


def test_after_the_group_round_the_referee_is_not_sent_to_the_draw_nor_rewinds_the_final() -> None:
    client, boss = Client(), boss_client()
    referee(client)
    pk, state = drawn_group()
    for game, table in state.current.missing_results():  # type: ignore[union-attr]
        data = pips_data(state, table, PIPS) | {"game": str(game)}
        seats = (state.current.tables(game) or ())[table - 1]  # type: ignore[union-attr]
        data |= {f"pips-{p}": str(v) for p, v in zip(seats, PIPS, strict=True)}
        assert client.post(f"/turniere/{pk}/ergebnis/", data).status_code == 302
    draw = f'href="/turniere/{pk}/auslosung/"'
    assert f'id="next-step" {draw}' in text(boss.get(f"/turniere/{pk}/tische/"))
    assert 'id="next-step"' not in text(client.get(f"/turniere/{pk}/tische/"))
    steps = text(client.get(f"/turniere/{pk}/")).split('<ul class="steps">')[1].split("</ul>")[0]
    assert "(durch die Turnierleitung)" in steps and draw not in steps
    assert draw in text(boss.get(f"/turniere/{pk}/")).split('<ul class="steps">')[1]
    # the final is drawn; a correction of the group round that changes who went on is for
    # the organisers, who take the final back to before its draw
    assert release(boss, pk, 11).status_code == 302
    first = state_of(pk).stages[0]
    seats = (first.tables(1) or ())[0]
    data = {"stage": first.key, "game": "1", "table": "1", "basis": str(first.results[(1, 1)].n)}
    data |= {f"pips-{p}": str(v) for p, v in zip(seats, (30, 10, 40, 20), strict=True)}
    before = counts()
    page = client.post(f"/turniere/{pk}/ergebnis/", data)
    said = text(page)
    assert page.status_code == 200 and counts() == before
    assert "Finale bis vor die Auslosung zurücknehmen kann nur die Turnierleitung" in said
    assert not any("rewind" in f.choices for f in forms_of(page))
    response = client.post(f"/turniere/{pk}/ergebnis/", data | {"rewind": "finale"})
    assert response.status_code == 200 and counts() == before
    said = text(response)
    assert "Eine Runde bis vor ihre Auslosung zurücknehmen darf nur die Turnierleitung" in said
    assert [s.key for s in state_of(pk).stages] == ["gruppenrunde", "finale"]
    # the organisers may
    response = boss.post(f"/turniere/{pk}/ergebnis/", data | {"rewind": "finale"})
    assert response.status_code == 302
    assert [s.key for s in state_of(pk).stages] == ["gruppenrunde"]


# -- format D ---------------------------------------------------------------------------


def test_a_referee_records_losers_corrections_schock_aus_donations_and_undoes_them() -> None:
    client, boss = Client(), boss_client()
    referee(client)
    rec = open_knockout(boss)
    pk = rec.pk
    page = client.get(f"/turniere/{pk}/ko-tische/")
    actions = {f.action for f in forms_of(page)}
    assert f"/turniere/{pk}/ko-tische/1/verloren/" in actions
    assert f"/turniere/{pk}/ko-tische/schock-aus/" in actions
    for refused in ("eroeffnen/", "von-hand/", "halle/"):
        assert f"/turniere/{pk}/ko-tische/{refused}" not in actions
    table = ko_state(pk).open_tables()[0]
    loser, other = table.remaining[0], table.remaining[1]
    lost_form = lost_data(pk, table.number, loser) | {"version": fresh(pk).version}
    response = client.post(f"/turniere/{pk}/ko-tische/{table.number}/verloren/", lost_form)
    assert response.status_code == 302
    lost = last_fact(pk)
    assert lost.data["type"] == "game_lost" and lost.user.get_username() == "schiri"
    response = ko_post(client, pk, f"ko-tische/{table.number}/korrektur/",
                       {"player": other, "corrects": lost.n})  # fmt: skip
    assert response.status_code == 302
    assert last_fact(pk).data["corrects"] == lost.n
    assert ko_post(client, pk, "ko-tische/schock-aus/", {"player": loser}).status_code == 302
    schock = last_fact(pk)
    assert schock.data["type"] == "schock_out"
    assert ko_post(client, pk, "ko-tische/spende/", {"schock_out": schock.n}).status_code == 302
    assert last_fact(pk).data["type"] == "donation"
    assert "3,00 €" in text(client.get(f"/turniere/{pk}/ko-tische/"))
    # undo, down to the organisers' last entry (the opened tables)
    for _ in range(4):  # the donation, the Schock aus, the correction, the loss it corrected
        page = client.get(f"/turniere/{pk}/ko-tische/")
        [undo] = [f for f in forms_of(page) if f.action.endswith("/ko-tische/zuruecknehmen/")]
        response = ko_post(client, pk, "ko-tische/zuruecknehmen/", {"target": undo.value("target")})
        assert response.status_code == 302
    page = client.get(f"/turniere/{pk}/ko-tische/")
    assert not [f for f in forms_of(page) if f.action.endswith("/ko-tische/zuruecknehmen/")]
    target = max(f.n for f in FactRecord.objects.filter(tournament_id=pk)
                 if f.data["type"] == "open_table")  # fmt: skip
    before = counts()
    response = ko_post(client, pk, "ko-tische/zuruecknehmen/", {"target": target})
    assert response.status_code == 200 and counts() == before
    assert "Diesen Eintrag darf nur die Turnierleitung zurücknehmen" in text(response)


def test_a_referee_may_not_open_tables_or_take_fees_and_sees_no_such_button() -> None:
    client, boss = Client(), boss_client()
    referee(client)
    rec = open_knockout(boss)
    pk = rec.pk
    before = counts()
    for path, data in (
        ("ko-tische/eroeffnen/", {"all": "on"}),
        ("ko-tische/halle/", {"count": "3"}),
        ("anmeldung/neu/", {"names": "Zoe"}),
        ("anmeldung/unpay/", {"player": "p001"}),
    ):
        response = ko_post(client, pk, path, data)
        assert response.status_code == 403 and REFUSED in text(response), path
    assert counts() == before
    page = text(client.get(f"/turniere/{pk}/anmeldung/"))
    assert "Spieler eintragen" not in page and 'name="player"' not in page
    assert "Vorgeschlagene Tische" not in text(client.get(f"/turniere/{pk}/ko-tische/"))


def test_the_kinds_a_referee_may_undo_are_the_kinds_a_referee_records() -> None:
    from tafelrunde.engine import knockout as ko
    from tafelrunde.engine.groups import facts as group
    from tafelrunde.web.core.roles import referee_may_undo

    for fact in (group.Result(n=1), group.Rolloff(n=1), group.TableEntered(n=1),
                 group.TableConfirmed(n=1), group.TableDecided(n=1),
                 ko.GameLost(n=1, at=0, table=1, player="p001"),
                 ko.TableLoserEntered(n=1, at=0, table=1, game=1, player="p001", loser="p001"),
                 ko.TableLoserConfirmed(n=1, at=0, table=1, game=1, entry=1),
                 ko.TableLoserDecided(n=1, at=0, table=1, game=1, entry=1),
                 ko.SchockOut(n=1, at=0, player="p001", table=1),
                 ko.Donation(n=1, at=0, schock_out=1)):  # fmt: skip
        assert referee_may_undo(fact), fact
    for fact in (group.Draw(n=1), group.Withdrawn(n=1), group.LateJoined(n=1),
                 ko.HallTables(n=1, at=0, count=3), ko.PayFee(n=1, at=0, player="p001"),
                 ko.CheckIn(n=1, at=0, player="p001")):  # fmt: skip
        assert not referee_may_undo(fact), fact
