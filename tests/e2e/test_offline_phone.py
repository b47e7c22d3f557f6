"""A phone that loses the hall's Wi-Fi keeps what it sent (Chromium offline, 390 px and
1280 px): the page says it will be sent once the connection is back, sends it then, and the
server stores it once; a kept "Correct" for a table that counts meanwhile is refused in words
and dropped; the pass's "Ich bin da" is kept the same way."""

from __future__ import annotations

from pathlib import Path

import e2ehelpers as h
import pytest
import tablephones as t
from playwright.sync_api import Browser, Page, Route, expect
from test_table_phone_details import at_table, drawn_group, fill, with_confirmation

from factories import group_tournament, stored
from tafelrunde.engine.groups.facts import TableConfirmed, TableEntered
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.web.player.models import Arrival
from tafelrunde.web.player.passes import tokens_for
from tafelrunde.web.table.models import SentKey

pytestmark = [pytest.mark.e2e]

WAITING = "Wird gesendet, sobald die Verbindung wieder da ist"


def kept(page: Page) -> int:
    """How many actions the phone keeps to send."""
    return int(page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('tafelrunde:send-later:')).length"
    ))  # fmt: skip


def lost_if_kept(route: Route) -> None:
    """The hall's Wi-Fi loses what the phone sends with a key; the rest goes through."""
    if "key=" in (route.request.post_data or ""):
        route.abort()
    else:
        route.fallback()


def back_online(page: Page) -> None:
    """The Wi-Fi is back: the kept action goes out and the page shows the answer."""
    with page.expect_navigation():
        page.context.set_offline(False)
    page.wait_for_load_state()


def test_what_a_phone_sends_offline_is_sent_once_when_it_is_back(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    rec, (link,), seated = drawn_group(live_server_url)
    with t.phone(browser) as one, t.phone(browser) as two:
        at_table(one, link, seated[0])
        fill(one, {f"Augen {n}": str(v) for n, v in zip(seated, (30, 40, 10, 20), strict=True)})
        one.context.set_offline(True)
        one.locator("details.enter").get_by_role("button", name="Ergebnis speichern").click()
        note = one.locator("#send-later")
        expect(note).to_contain_text(WAITING)
        expect(note).to_contain_text("Tisch 1 · Ergebnis speichern")
        expect(note).to_be_in_viewport()  # the button was far below: the note comes into view
        assert kept(one) == 1
        t.look(one, shots, "offline-pending-390")
        one.set_viewport_size(t.LAPTOP)
        h.shoot(one, shots, "offline-pending-1280")
        one.set_viewport_size(t.PHONE)
        tour = h.tournament(rec.pk)
        assert not [f for f in tour.facts if isinstance(f, TableEntered)]

        back_online(one)
        expect(one.locator(".messages")).to_contain_text("Gespeichert: eingetragen")
        t.state_says(one, "eingetragen – wartet auf Bestätigung")
        expect(note).to_be_empty()
        assert kept(one) == 0
        tour = h.tournament(rec.pk)
        entered = [f for f in tour.facts if isinstance(f, TableEntered)]
        assert len(entered) == 1 and SentKey.objects.filter(tournament=rec).count() == 1

        # a second player's "Stimmt", tapped offline, while a third confirms on their phone
        at_table(two, link, seated[1])
        two.context.set_offline(True)
        two.get_by_role("button", name="Stimmt").click()
        expect(two.locator("#send-later")).to_contain_text("Tisch 1 · Stimmt")
        st = TournamentState(h.tournament(rec.pk)).current
        assert st is not None
        with_confirmation(rec, TableConfirmed(
            n=0, stage=st.key, game=1, table=1, player=st.seated(1, 1)[2], entry=entered[0].n,
            by=f"Tisch 1 · {seated[2]}",
        ))  # fmt: skip
        back_online(two)
        expect(two.locator(".messages")).to_contain_text("Das Ergebnis dieses Tisches gilt schon")
        assert kept(two) == 0
        confirmed = [f for f in h.tournament(rec.pk).facts if isinstance(f, TableConfirmed)]
        assert len(confirmed) == 1

        # an entry kept on a page closed before it was sent, refused when sent from the next
        _rec, (other,), names = drawn_group(live_server_url)
        two.context.set_offline(False)
        two.route("**/tisch/**", lost_if_kept)
        at_table(two, other, names[0])
        fill(two, {f"Augen {n}": str(v) for n, v in zip(names, (1, 2, 3, 4), strict=True)})
        two.locator("details.enter").get_by_role("button", name="Ergebnis speichern").click()
        expect(two.locator("#send-later")).to_contain_text(WAITING)
        two.reload()  # a new page: the kept entry is no form of it
        expect(two.locator("#send-later")).to_contain_text(WAITING)
        at_table(one, other, names[1])
        fill(one, {f"Augen {n}": str(v) for n, v in zip(names, (4, 3, 2, 1), strict=True)})
        t.tap(one, one.locator("details.enter").get_by_role("button", name="Ergebnis speichern"))
        two.unroute("**/tisch/**")
        two.evaluate("window.dispatchEvent(new Event('online'))")
        refused = two.locator("#send-later-refused")
        expect(refused).to_contain_text("Tisch 1 · Ergebnis speichern: Inzwischen wurde")
        expect(two.locator("#send-later")).to_be_empty()
        assert kept(two) == 0

        # the pass: "Ich bin da" at the door without a connection
        new = stored(group_tournament("gruppenmodus", 8, 1, lambda s: True))
        player = new.players[0]["id"]
        one.goto(f"{live_server_url}/pass/{tokens_for(new, [player])[player]}/")
        one.context.set_offline(True)
        one.get_by_role("button", name="Ich bin da").click()
        expect(one.locator("#send-later")).to_contain_text(WAITING)
        h.shoot(one, shots, "offline-pass-pending-390")
        back_online(one)
        expect(one.locator("#arrived")).to_be_visible()
        assert kept(one) == 0 and Arrival.objects.filter(tournament=new).count() == 1
