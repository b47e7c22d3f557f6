"""Players enter and confirm results through their table's link; the organisers decide."""

from __future__ import annotations

import hashlib
import re

import pytest
from django.test import Client, override_settings
from linkhelpers import (
    GONE,
    basis,
    confirm,
    csrf_post,
    drawn,
    enter,
    entered_at_table_1,
    phone,
    seats,
    status,
    tap,
    tapped,
    tokens,
)
from webhelpers import (
    fresh,
    logged,
    preview_seed,
    release,
    result_form,
    state_of,
    text,
)

from tafelrunde.engine.groups.facts import TableConfirmed, TableEntered
from tafelrunde.engine.groups.seat_list import group_seating
from tafelrunde.web.core.models import AuditEntry, FactRecord
from tafelrunde.web.table.models import TableLink

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]


def test_one_player_enters_another_confirms_and_then_it_counts() -> None:
    client, pk = drawn()
    token = tokens(client, pk)[0]
    a, b, c, d = seats(pk)
    first, second = phone(), phone()
    page = text(first.get(f"/tisch/{token}/"))
    assert "Tisch 1" in page and "offen – noch nichts eingetragen" in page
    names = [state_of(pk).tournament.name_of(p) for p in (a, b, c, d)]
    assert all(n in page for n in names) and "beginnt" in page
    tap(first, token, a)
    response = enter(first, token, {a: 40, b: 30, c: 20, d: 10})
    assert response.status_code == 302  # type: ignore[attr-defined]
    after = text(first.get(f"/tisch/{token}/"))
    assert "eingetragen – wartet auf Bestätigung" in after
    assert (1, 1) not in state_of(pk).stages[0].results  # not counted yet
    standings = text(client.get(f"/turniere/{pk}/stand/"))
    tap(second, token, b)
    entry = FactRecord.objects.filter(tournament_id=pk).order_by("n").last()
    assert entry is not None and entry.data["type"] == "tableentered"
    assert confirm(second, token, entry.n).status_code == 302  # type: ignore[attr-defined]
    assert status(pk) == "confirmed"
    assert state_of(pk).stages[0].results[(1, 1)].pips[a] == 40
    assert text(client.get(f"/turniere/{pk}/stand/")) != standings
    shown = text(second.get(f"/tisch/{token}/"))
    assert "Gespeichert: Das Ergebnis ist bestätigt und zählt." in shown  # game 1's state
    assert "Durchgang 2" in shown and "offen – noch nichts eingetragen" in shown  # the group's next
    assert "Gespeichert: Das Ergebnis ist bestätigt und zählt." in shown  # game 1's, not game 2's
    assert "Durchgang 1: bestätigt</h3>" in shown  # and game 1's result below
    lines = AuditEntry.objects.filter(tournament_id=pk).order_by("pk")
    assert [e.who for e in lines][-2:] == [
        f"Tisch 1 · {names[0]} (Handy 1)",  # each phone numbered in the tournament
        f"Tisch 1 · {names[1]} (Handy 2)",
    ]
    assert "Ergebnis am Tisch bestätigt: Tisch 1, Durchgang 1" in logged(fresh(pk))[-1]


def test_a_dispute_shows_both_versions_and_the_organiser_decides_with_one_click() -> None:
    client, pk = drawn()
    token = tokens(client, pk)[1]
    a, b, c, d = seats(pk, 2)
    first, second = phone(), phone()
    tap(first, token, a)
    enter(first, token, {a: 40, b: 30, c: 20, d: 10})
    tap(second, token, c)
    enter(second, token, {a: 10, b: 20, c: 40, d: 30})
    assert status(pk, 2) == "disputed"
    page = text(second.get(f"/tisch/{token}/"))
    assert "strittig" in page and page.count("Eingetragen von") == 2
    board = client.get(f"/turniere/{pk}/ergebnistafel/")
    shown = text(board)
    assert shown.index("board-1-2") < shown.index("board-1-1")  # disputed first
    assert re.search(r"<strong>1</strong> strittig", shown)
    assert re.search(r"<strong>2</strong> offen", shown)
    overview = text(client.get(f"/turniere/{pk}/"))  # the next steps name it, with the board
    step = rf'<a href="/turniere/{pk}/ergebnistafel/">Ergebnis strittig: Gruppenrunde, '
    assert re.search(step + r"Durchgang 1, Tisch 2 \(", overview), overview
    versions = [f for f in FactRecord.objects.filter(tournament_id=pk)
                if f.data["type"] == "tableentered"]  # fmt: skip
    response = client.post(f"/turniere/{pk}/ergebnistafel/bestaetigen/", {
        "stage": "gruppenrunde", "game": "1", "table": "2", "entry": str(versions[1].n),
        "action": "decide"})  # fmt: skip
    assert response.status_code == 302
    assert status(pk, 2) == "decided"
    assert state_of(pk).stages[0].results[(1, 2)].pips[c] == 40
    assert "Von der Turnierleitung entschieden" in text(client.get(f"/turniere/{pk}/protokoll/"))
    told = text(first.get(f"/tisch/{token}/"))  # the table plays its next game now
    assert "Durchgang 1: bestätigt (von der Turnierleitung entschieden)" in told
    counted = told.split('class="card earlier"')[1]
    name = state_of(pk).tournament.name_of(c)
    decided = rf"<td>1\. {name}</td>\s*<td>40 Augen</td>\s*<td><strong>6 Platzpunkte</strong>"
    assert re.search(decided, counted)  # the version decided, with the place and its points


def test_bad_old_and_renewed_links_reveal_nothing_and_store_nothing() -> None:
    client, pk = drawn()
    token = tokens(client, pk)[0]
    before = FactRecord.objects.count()
    anyone = phone()
    for bad in ("x" * 24, "kurz", token[:-1] + ("A" if token[-1] != "A" else "B"), "<script>"):
        response = anyone.get(f"/tisch/{bad}/")
        assert response.status_code == 404 and GONE in text(response)
        assert "Tisch 1" not in text(response)
    renew = client.post(f"/turniere/{pk}/tisch-links/erneuern/")
    assert renew.status_code == 302
    old = anyone.get(f"/tisch/{token}/")
    assert old.status_code == 404 and GONE in text(old)
    posted = Client().post(f"/tisch/{token}/", {"action": "me", "player": seats(pk)[0]})
    assert posted.status_code == 404
    new = tokens(client, pk)[0]
    assert new != token and anyone.get(f"/tisch/{new}/").status_code == 200
    assert FactRecord.objects.count() == before
    assert "Tisch-Links erneuert" in logged(fresh(pk))[-1]


def test_the_database_keeps_no_working_link() -> None:
    client, pk = drawn()
    found = tokens(client, pk)
    stored = list(TableLink.objects.filter(tournament_id=pk).values_list("digest", "sealed"))
    assert len(stored) == len(found) == 3
    every = repr(stored)
    assert not any(t in every for t in found)
    assert {d for d, _ in stored} == {hashlib.sha256(t.encode()).hexdigest() for t in found}


def test_a_link_writes_only_its_own_table_and_game() -> None:
    client, pk = drawn()
    token = tokens(client, pk)[0]
    other = seats(pk, 2)
    mine = seats(pk, 1)
    player = phone()
    tap(player, token, other[0])  # a player of table 2 is no name at table 1
    assert "Wer bist du?" in text(player.get(f"/tisch/{token}/"))
    tap(player, token, mine[0])
    before = FactRecord.objects.count()
    response = enter(player, token, dict.fromkeys(other, 10))  # values for table 2's players
    assert response.status_code == 200  # type: ignore[attr-defined]
    assert "Bitte das Ergebnis eintragen" in text(response)
    assert FactRecord.objects.count() == before


def test_a_confirmed_table_takes_no_more_entries_and_a_double_tap_stores_once() -> None:
    player, token, (a, b, c, d), mark = tapped("none")
    pk = TableLink.objects.first().tournament_id  # type: ignore[union-attr]
    pips = {a: 40, b: 30, c: 20, d: 10}
    assert enter(player, token, pips, mark=mark).status_code == 302  # type: ignore[attr-defined]
    assert status(pk) == "confirmed"  # one entry counts
    count = FactRecord.objects.count()
    again = enter(player, token, pips, mark=mark)  # the same tap once more: not for game 2
    assert again.status_code == 302  # type: ignore[attr-defined]
    assert "Das war schon gespeichert." in text(player.get(f"/tisch/{token}/"))
    assert FactRecord.objects.count() == count
    other = enter(player, token, {a: 10, b: 20, c: 30, d: 40}, mark=mark)  # game 1 is over
    assert other.status_code == 302  # type: ignore[attr-defined]  # the table as it is now
    assert "gilt schon" in text(player.get(f"/tisch/{token}/"))
    assert FactRecord.objects.count() == count


def test_a_double_tap_while_waiting_is_saved_once() -> None:
    player, token, (a, b, c, d), mark = tapped()
    pips = {a: 40, b: 30, c: 20, d: 10}
    enter(player, token, pips, mark=mark)
    count = FactRecord.objects.count()
    again = enter(player, token, pips, mark=mark)
    assert again.status_code == 302  # type: ignore[attr-defined]
    assert "Das war schon gespeichert." in text(player.get(f"/tisch/{token}/"))
    assert FactRecord.objects.count() == count
    different = enter(player, token, {a: 10, b: 20, c: 30, d: 40}, mark=mark)  # stale form
    assert "Inzwischen wurde an diesem Tisch etwas anderes eingetragen" in text(different)
    assert FactRecord.objects.count() == count


def test_the_organiser_rule_waits_for_the_board() -> None:
    client, pk = drawn(confirmation="organiser")
    token = tokens(client, pk)[0]
    a, b, c, d = seats(pk)
    first, second = phone(), phone()
    tap(first, token, a)
    enter(first, token, {a: 40, b: 30, c: 20, d: 10})
    tap(second, token, b)
    page = text(second.get(f"/tisch/{token}/"))
    assert "Die Turnierleitung bestätigt das Ergebnis" in page
    assert 'value="confirm"' not in page  # players cannot confirm under this rule
    entry = FactRecord.objects.filter(tournament_id=pk).order_by("n").last()
    assert entry is not None
    response = client.post(f"/turniere/{pk}/ergebnistafel/bestaetigen/", {
        "stage": "gruppenrunde", "game": "1", "table": "1", "entry": str(entry.n),
        "action": "confirm"})  # fmt: skip
    assert response.status_code == 302 and status(pk) == "confirmed"


def test_refused_board_actions_say_why_and_change_nothing() -> None:
    client, pk = drawn()
    before = FactRecord.objects.count()
    for data in ({"game": "x", "table": "1", "entry": "1"},
                 {"stage": "gruppenrunde", "game": "1", "table": "1", "entry": "99"},
                 {"stage": "gruppenrunde", "game": "1", "table": "9", "entry": "1"}):  # fmt: skip
        response = client.post(f"/turniere/{pk}/ergebnistafel/bestaetigen/", data, follow=True)
        assert response.status_code == 200
        assert re.search(r'class="error"', text(response)), text(response)[:2000]
    assert FactRecord.objects.count() == before
    anonymous = Client().post(f"/turniere/{pk}/ergebnistafel/bestaetigen/", {"entry": "1"})
    assert anonymous.status_code == 302 and "/anmelden/" in anonymous["Location"]


def test_posting_too_often_is_refused_per_link() -> None:
    client, pk = drawn()
    token = tokens(client, pk)[0]
    player = phone()
    with override_settings(TABLE_LINK_RATE="3/m"):
        codes = [csrf_post(player, f"/tisch/{token}/", {"action": "me", "player": "x"})
                 .status_code for _ in range(5)]  # type: ignore[attr-defined]  # fmt: skip
        limited = csrf_post(player, f"/tisch/{token}/", {})
    assert codes[:3] == [302, 302, 302] and codes[3:] == [429, 429]
    assert "Zu viele Eingaben" in text(limited)


def test_a_post_without_the_csrf_token_is_refused() -> None:
    client, pk = drawn()
    token = tokens(client, pk)[0]
    player = phone()
    player.get(f"/tisch/{token}/")
    response = player.post(f"/tisch/{token}/", {"action": "me", "player": seats(pk)[0]})
    assert response.status_code == 403
    assert "me" not in str(player.session.items())


def test_fixed_tables_keep_their_link_for_the_next_game() -> None:
    client, pk = drawn("king-lui", 8, confirmation="none")
    token = tokens(client, pk)[0]
    player = phone()
    table = seats(pk)
    tap(player, token, table[0])
    st = state_of(pk).current
    assert st is not None and not st.rule.reseat_each_game
    fields = re.findall(r'name="(points|place|pips)-([^"]+)"', text(player.get(f"/tisch/{token}/")))
    kinds = {k for k, _ in fields}
    data = {"action": "enter"} | basis(player, token)
    data |= {f"place-{p}": str(i) for i, p in enumerate(table, start=1)} if "place" in kinds else {}
    data |= {f"points-{p}": str(100 - i) for i, p in enumerate(table)} if "points" in kinds else {}
    assert csrf_post(player, f"/tisch/{token}/", data).status_code == 302  # type: ignore[attr-defined]
    assert (1, 1) in state_of(pk).current.results  # type: ignore[union-attr]
    page = text(player.get(f"/tisch/{token}/"))
    assert "Gespeichert: Das Ergebnis ist bestätigt und zählt." in page
    assert "Partie 2" in page and "offen – noch nichts eingetragen" in page


def test_one_phone_cannot_confirm_its_own_entry_under_another_name() -> None:
    """The evening's defect: one phone entered as the first player, tapped "Namen wechseln",
    picked the second and said "Stimmt" - and the result counted. Now the page offers no
    "Stimmt" on that phone and says why; a forged confirmation is refused; another phone's
    "Stimmt" counts, and the log tells the phones apart."""
    _client, pk, token, (_a, b, _c, _d), first, second = entered_at_table_1()
    entry = FactRecord.objects.filter(tournament_id=pk).order_by("n").last()
    assert entry is not None
    tap(first, token, b)  # the same phone asks to be the second player
    page = text(first.get(f"/tisch/{token}/"))
    assert "Die Turnierleitung wurde gefragt" in page and 'value="confirm"' not in page
    assert confirm(first, token, entry.n).status_code == 302  # type: ignore[attr-defined]
    assert status(pk) == "entered"
    assert FactRecord.objects.filter(tournament_id=pk).order_by("n").last() == entry
    assert 'value="confirm"' in text(second.get(f"/tisch/{token}/"))
    assert confirm(second, token, entry.n).status_code == 302  # type: ignore[attr-defined]
    assert status(pk) == "confirmed"
    facts = [f.data for f in FactRecord.objects.filter(tournament_id=pk).order_by("n")][-2:]
    assert facts[0]["phone"] != facts[1]["phone"]  # each fact names its phone (a digest)
    assert all(len(f["phone"]) == 16 for f in facts)


def test_table_facts_are_in_the_tournament_file() -> None:
    client, pk, token, (_a, _b, _c, _d), _first, second = entered_at_table_1()
    entry = FactRecord.objects.filter(tournament_id=pk).order_by("n").last()
    assert entry is not None
    confirm(second, token, entry.n)
    facts = state_of(pk).tournament.facts
    assert [type(f) for f in facts[-2:]] == [TableEntered, TableConfirmed]
    exported = client.get(f"/turniere/{pk}/turnierdatei.json").content.decode()
    assert '"tableentered"' in exported and '"tableconfirmed"' in exported


def test_a_finished_game_link_shows_the_result_read_only() -> None:
    client, pk = drawn("alhambra", 12, confirmation="none")
    token = tokens(client, pk)[0]
    table = seats(pk)
    player = phone()
    tap(player, token, table[0])
    data = {"action": "enter"} | basis(player, token)
    data |= {f"points-{p}": str(100 - 10 * i) for i, p in enumerate(table)}
    assert csrf_post(player, f"/tisch/{token}/", data).status_code == 302  # type: ignore[attr-defined]
    page = text(player.get(f"/tisch/{token}/"))
    assert "bestätigt" in page and 'value="enter"' not in page and "Spielpunkte" in page
    count = FactRecord.objects.count()
    again = csrf_post(player, f"/tisch/{token}/", data | {f"points-{table[0]}": "55"})
    assert again.status_code == 200 and "gilt schon" in text(again)  # type: ignore[attr-defined]
    assert FactRecord.objects.count() == count


def test_a_link_of_a_game_that_is_over_leads_on() -> None:
    """hall.md: a finished or superseded link says so and where its player sits now; anyone
    else is led to "Wo sitze ich?"."""
    client, pk = drawn("alhambra", 12, confirmation="none")
    links = tokens(client, pk)
    phones, stranger = [phone() for _ in links], phone()
    for k, token in enumerate(links):  # every table of game 1 enters its result
        table = seats(pk, k + 1)
        tap(phones[k], token, table[0])
        data = {"action": "enter"} | basis(phones[k], token)
        data |= {f"points-{p}": str(100 - 10 * i) for i, p in enumerate(table)}
        csrf_post(phones[k], f"/tisch/{token}/", data)
    first, player = seats(pk, 1)[0], phones[0]
    page = text(player.get(f"/tisch/{links[0]}/"))
    assert "gilt für" not in page  # game 1 is still the one played: its result shows
    seed, _ = preview_seed(client, pk, 8)
    assert release(client, pk, seed).status_code == 302  # game 2 is drawn
    page = text(player.get(f"/tisch/{links[0]}/"))
    assert "Dieser Tisch-Link gilt für Partie 1; gespielt wird jetzt Vorrunde · Partie 2." in page
    row = next(r for r in group_seating(state_of(pk)).rows if r.player == first)
    assert f"Du sitzt jetzt an Tisch {row.table}, Platz {row.seat}." in page  # the bound phone
    assert f'href="/turniere/{pk}/wo-sitze-ich/"' in page
    onward = re.search(r'href="(/tisch/[A-Za-z0-9_-]{24}/)" id="onward-table"', page)
    assert onward is not None and onward.group(1) != f"/tisch/{links[0]}/"
    now = text(player.get(onward.group(1)))  # the link of the table it sits at now
    assert f"Tisch {row.table}" in now and "Partie 2" in now
    other = text(stranger.get(f"/tisch/{links[0]}/"))
    assert "gilt für Partie 1" in other and "sitzt jetzt" not in other


def test_an_open_roll_off_is_announced_on_the_tables_phones() -> None:
    """The evening's defect: after pips 17/17/12/9 the phone jumped on and nobody at the
    table heard of the Stechen. Now the table's page names it and who plays it, until the
    organisers enter its winner."""
    client, pk, token, (a, b, _c, _d), first, second = entered_at_table_1((17, 17, 12, 9))
    assert "Noch auszuspielen" not in text(first.get(f"/tisch/{token}/"))  # not counted yet
    entry = FactRecord.objects.filter(tournament_id=pk).order_by("n").last()
    assert entry is not None
    assert confirm(second, token, entry.n).status_code == 302  # type: ignore[attr-defined]
    assert status(pk) == "confirmed"
    name = state_of(pk).tournament.name_of
    for one in (first, second):
        page = text(one.get(f"/tisch/{token}/"))
        assert "Noch auszuspielen an diesem Tisch" in page
        pair = f"({name(a)}, {name(b)}|{name(b)}, {name(a)})"
        assert re.search(
            rf"<strong>Stechen um Platz 1\.</strong> {pair} \(Durchgang 1\)</li>", page
        )
    other = text(phone().get(f"/tisch/{tokens(client, pk)[1]}/"))
    assert "Noch auszuspielen" not in other  # another table has nothing to roll off
    said = rf"Stechen um Platz 1\. {pair} \(Durchgang 1\)"
    assert re.search(said, text(client.get(f"/turniere/{pk}/ergebnistafel/")))  # the board
    slides = text(Client().get(f"/turniere/{pk}/beamer/folien/"))  # the projector
    assert "Stechen um Platz 1<" in slides and slides.count("⚑") == 2  # its players marked


def test_the_links_use_the_address_phones_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    client, pk = drawn()
    page = text(client.get(f"/turniere/{pk}/tisch-links/"))
    assert "Handys können diese Links noch nicht öffnen" in page  # this computer only
    assert page.count("<svg") >= 3 and 'href="http://testserver/tisch/' in page
    monkeypatch.setenv("TAFELRUNDE_PUBLIC_URL", "https://turnier.example.org")
    page = text(client.get(f"/turniere/{pk}/tisch-links/"))
    assert "Handys können diese Links noch nicht öffnen" not in page
    given = re.findall(r'href="https://turnier\.example\.org/tisch/[A-Za-z0-9_-]{24}/"', page)
    assert len(given) == 3


def test_the_organisers_correct_and_undo_a_table_result_and_the_log_names_the_table() -> None:
    client, pk = drawn("alhambra", 12)
    token = tokens(client, pk)[0]
    a, b, c, d = seats(pk)
    first, second = phone(), phone()
    tap(first, token, a)
    data = {"action": "enter"} | basis(first, token)
    data |= {f"points-{p}": str(v) for p, v in zip((a, b, c, d), (90, 80, 70, 60), strict=True)}
    csrf_post(first, f"/tisch/{token}/", data)
    tap(second, token, b)
    entry = FactRecord.objects.filter(tournament_id=pk).order_by("n").last()
    assert entry is not None
    confirm(second, token, entry.n)
    form = result_form(client, pk, 1, 1)
    assert form.value("basis") == str(entry.n)  # the table's result is the entry
    fixed = {"game": "1", "table": "1", "basis": form.value("basis"), "stage": ""}
    fixed |= {f"points-{p}": str(v) for p, v in zip((a, b, c, d), (60, 70, 80, 90), strict=True)}
    assert client.post(f"/turniere/{pk}/ergebnis/", fixed).status_code == 302
    assert state_of(pk).current.results[(1, 1)].scores[d] == 90  # type: ignore[union-attr]
    for _ in range(2):  # the correction, then the confirmation
        undo = {"version": fresh(pk).version, "back": ""}
        assert client.post(f"/turniere/{pk}/zuruecknehmen/", undo).status_code == 302
    assert status(pk) == "entered"
    assert "eingetragen – wartet auf Bestätigung" in text(second.get(f"/tisch/{token}/"))
    anyone = text(Client().get(f"/turniere/{pk}/protokoll/"))
    name = state_of(pk).tournament.name_of(a)
    assert f"Tisch 1 · {name}" in anyone  # the table's entries name the player, also publicly
    assert f"Am Tisch 1 eingetragen von {name}" in anyone


def test_a_dispute_is_told_as_a_warning_not_as_a_success() -> None:
    _client, _pk, token, (a, b, c, d), _first, second = entered_at_table_1()
    enter(second, token, {a: 10, b: 20, c: 30, d: 40})
    page = text(second.get(f"/tisch/{token}/"))
    assert re.search(r'<li class="warning"[^>]*>Gespeichert\. Der Tisch ist jetzt strittig', page)
