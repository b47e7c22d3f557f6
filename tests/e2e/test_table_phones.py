"""Players' phones at a table (390 px, touch) and the organiser's laptop, in Chromium: the
table links with their QR codes, a result entered and confirmed, a dispute decided on the
results board, and a format-D game loser entered and confirmed."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import e2ehelpers as h
import pytest
import tablephones as t
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from factories import names

pytestmark = [pytest.mark.e2e]

QR_SIDE = 325  # px with the quiet zone (4 of 41 modules each side): the code itself ≥ 260 px
PLAYERS = [
    "Anna", "Hans-Jürgen Müller-Lüdenscheidt", "Clara", "Maximiliane Oberhauser-Wittgenstein",
    "Emil", "Frieda", "Günter", "Katharina von Bodelschwingh", "Ingo", "Jana",
    "Klaus-Dieter Schimanski", "Lena",
]  # fmt: skip
SMALL = {"width": 360, "height": 740}  # the narrowest phones in use


def links_page(page: Page, shots: Path, tag: str, tables: int) -> dict[int, str]:
    """Open „Tisch-Links & QR-Codes" from the tables page: a large QR code per table; the
    address of each table's link by its number."""
    h.submit(page, page.get_by_role("link", name="Tisch-Links & QR-Codes").first)
    expect(page.get_by_role("heading", name="Tisch-Links & QR-Codes")).to_be_visible()
    cards = page.locator(".qr-card")
    expect(cards).to_have_count(tables)
    found = {}
    for k in range(tables):
        card = cards.nth(k)
        qr = card.locator(".qr svg")
        expect(qr).to_be_visible()
        box = qr.bounding_box()
        assert box is not None and min(box["width"], box["height"]) >= QR_SIDE, box
        number = int(re.findall(r"Tisch (\d+)", card.locator("h3").inner_text())[0])
        found[number] = card.locator(".link a").get_attribute("href") or ""
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/tisch/[A-Za-z0-9_-]{24}/", found[number])
    h.shoot(page, shots, f"{tag}-links")
    return found


def enter_pips(page: Page, pips: dict[str, int]) -> None:
    """Type each player's pips into the table's form and tap „Ergebnis speichern"."""
    form = page.locator("details.enter")
    if form.get_attribute("open") is None:
        form.locator("summary").tap()
    for name, value in pips.items():
        form.get_by_label(f"Augen {name}", exact=True).fill(str(value))
    t.tap(page, form.get_by_role("button", name="Ergebnis speichern"))
    h.no_errors(page)


def standings(page: Page, pk: int, base: str) -> str:
    """The organiser's standings as text (before the first result: that there is none)."""
    page.goto(f"{base}/turniere/{pk}/stand/")
    return page.locator("main section").first.inner_text()


def test_phones_enter_and_confirm_and_the_organiser_decides_a_dispute(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    base = live_server_url
    with t.laptop(browser) as orga, t.phone(browser) as one, t.phone(browser) as two:
        orga.goto(base + "/")
        h.login(orga, base)
        pk = h.create_tournament(orga, shots, "phones", "gruppenmodus", PLAYERS)
        h.release_draw(orga)
        links = links_page(orga, shots, "phones", 3)
        orga.set_viewport_size(t.PHONE)
        t.look(orga, shots, "phones-links-390")
        orga.set_viewport_size(t.LAPTOP)

        one.goto(links[1])
        t.state_says(one, "offen – noch nichts eingetragen")
        expect(one.locator("h1")).to_have_text("Tisch 1")
        seated = t.names_at(one)
        assert len(seated) == 4
        t.look(one, shots, "phones-a-1-who")
        t.tap_name(one, seated[0])
        t.look(one, shots, "phones-a-2-form")
        pips = dict(zip(seated, (40, 30, 20, 10), strict=True))
        enter_pips(one, pips)
        t.state_says(one, "eingetragen – wartet auf Bestätigung")
        expect(one.locator(".messages")).to_contain_text("Gespeichert")
        t.look(one, shots, "phones-a-3-entered")
        before = standings(orga, pk, base)
        assert "Noch keine Ergebnisse" in before  # an entry not confirmed counts for nothing

        two.goto(links[1])
        t.tap_name(two, seated[1])
        version = two.locator(".version")
        expect(version).to_contain_text(f"Eingetragen von {seated[0]}")
        for name, value in pips.items():
            expect(version.get_by_role("row", name=name)).to_contain_text(f"{value} Augen")
        t.look(two, shots, "phones-a-4-confirm")
        t.tap(two, version.get_by_role("button", name="Stimmt"))
        expect(two.locator(".messages")).to_contain_text("bestätigt und zählt")
        t.look(two, shots, "phones-a-5-confirmed")

        after = standings(orga, pk, base)
        assert after != before
        row = orga.locator("main table").first.get_by_role("row", name=seated[0])
        expect(row).to_contain_text("40")
        h.shoot(orga, shots, "phones-standings")

        with t.phone(browser) as three, t.phone(browser) as four:  # table 2's own phones
            dispute(orga, three, four, links[2], pk, shots)


def dispute(orga: Page, one: Page, two: Page, link: str, pk: int, shots: Path) -> None:
    """Table 2: two phones enter different results; the board shows it first, one click
    decides, and the phones learn it."""
    one.goto(link)
    seated = t.names_at(one)
    t.tap_name(one, seated[0])
    enter_pips(one, dict(zip(seated, (40, 30, 20, 10), strict=True)))
    two.goto(link)
    t.tap_name(two, seated[2])
    enter_pips(two, dict(zip(seated, (10, 20, 40, 30), strict=True)))
    t.state_says(two, "strittig")
    t.look(two, shots, "phones-a-6-disputed")
    one.reload()
    t.state_says(one, "strittig")
    expect(one.locator(".version")).to_have_count(2)
    t.look(one, shots, "phones-a-7-disputed-other")

    orga.goto(orga.url.split("/turniere/")[0] + f"/turniere/{pk}/tische/")
    h.submit(orga, orga.get_by_role("link", name="Ergebnistafel").first)
    first = orga.locator(".board-row").first
    expect(first).to_have_attribute("id", "board-1-2")
    expect(first.locator(".version")).to_have_count(2)
    expect(orga.locator(".board-counts")).to_contain_text("1 strittig")
    h.shoot(orga, shots, "phones-board-disputed")
    orga.set_viewport_size(t.PHONE)  # an organiser on a phone: the board still fits
    t.look(orga, shots, "phones-board-disputed-390")
    orga.set_viewport_size(t.LAPTOP)
    h.submit(orga, first.get_by_role("button", name=f"Version von {seated[2]} gilt"))
    expect(orga.locator(".messages")).to_contain_text("Das Ergebnis zählt.")
    h.shoot(orga, shots, "phones-board-decided")

    two.reload()
    expect(two.locator(".earlier")).to_contain_text(
        "Durchgang 1: bestätigt (von der Turnierleitung entschieden)"
    )
    counted = two.locator(".earlier")
    for name, value in zip(seated, (10, 20, 40, 30), strict=True):
        expect(counted.get_by_role("row", name=name)).to_contain_text(f"{value} Augen")
    t.look(two, shots, "phones-a-8-decided")
    two.set_viewport_size(SMALL)
    t.look(two, shots, "phones-a-9-form-360", SMALL["width"])
    one.set_viewport_size(SMALL)
    one.goto(link)
    t.look(one, shots, "phones-a-10-who-360", SMALL["width"])


def chips(page: Page) -> list[str]:
    """The rows of the chips table on a phone's format-D table page."""
    return page.locator("table.ko-seats tbody tr").all_inner_texts()


def test_phones_enter_and_confirm_a_format_d_game_loser(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    base = live_server_url
    day = (timezone.localdate() + timedelta(days=7)).isoformat()
    with t.laptop(browser) as orga, t.phone(browser) as one, t.phone(browser) as two:
        orga.goto(base + "/")
        h.login(orga, base)
        pk = h.create_tournament(orga, shots, "phones-ko", "schocken-ko", names(8), day=day)
        h.tab(orga, "Anmeldung")
        orga.once("dialog", lambda d: d.accept())
        h.submit(orga, orga.get_by_role("button", name=re.compile("^Alle Anwesenden als bezahlt")))
        h.tab(orga, "Tische")
        h.submit(orga, orga.get_by_role("button", name="alle vorgeschlagenen Tische eröffnen"))
        h.no_errors(orga)
        card = orga.locator(".cards .card").first
        before_orga = card.locator("table").inner_text()
        links = links_page(orga, shots, "phones-ko", orga_tables(pk))

        one.goto(links[1])
        expect(one.locator("h1")).to_have_text("Tisch 1")
        t.state_says(one, "offen – noch nichts eingetragen")
        expect(one.locator(".clock")).to_contain_text("scharf ab")
        seated = t.names_at(one)
        t.look(one, shots, "phones-d-1-who")
        before = chips(one)
        t.tap_name(one, seated[0])
        expect(one.get_by_role("heading", name="Verloren hat:")).to_be_visible()
        t.look(one, shots, "phones-d-2-loser")
        t.tap(one, one.locator("form.name-buttons").get_by_role("button", name=seated[1]))
        t.state_says(one, "eingetragen – wartet auf Bestätigung")
        assert chips(one) == before  # not counted yet
        t.look(one, shots, "phones-d-3-entered")

        two.goto(links[1])
        t.tap_name(two, seated[2])
        version = two.locator(".version")
        expect(version).to_contain_text(f"{seated[0]} hat eingetragen: verloren hat {seated[1]}")
        t.look(two, shots, "phones-d-4-confirm")
        t.tap(two, version.get_by_role("button", name="Stimmt"))
        expect(two.locator(".messages")).to_contain_text("bestätigt und zählt")
        assert chips(two) != before
        expect(two.locator(".earlier")).to_have_text(
            f"Partie 1 · Verloren hat: {seated[1]} · bestätigt"
        )
        t.look(two, shots, "phones-d-5-confirmed")

        two.set_viewport_size(SMALL)
        t.look(two, shots, "phones-d-6-loser-360", SMALL["width"])
        one.set_viewport_size(SMALL)
        one.reload()
        t.look(one, shots, "phones-d-7-confirmed-360", SMALL["width"])

        h.tab(orga, "Tische")
        assert orga.locator(".cards .card").first.locator("table").inner_text() != before_orga
        h.shoot(orga, shots, "phones-ko-tables")


def orga_tables(pk: int) -> int:
    """How many format-D tables are open."""
    tour = h.tournament(pk)
    return len(tour.state().open_tables())
