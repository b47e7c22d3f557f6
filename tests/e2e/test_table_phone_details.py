"""The table's phone in Chromium (390 px and 1280 px): a refused field's message reads as a
line, not a word per line; the "Gespeichert" banner goes once the table's state changes
live; the form's words, a refused place, the previous Durchgang and a full disk as seen."""

from __future__ import annotations

from pathlib import Path

import e2ehelpers as h
import pytest
import tablephones as t
from playwright.sync_api import Browser, Page, expect

from factories import USER, names, now, organiser_user, stored
from tafelrunde.engine.groups.actions import next_draw, record
from tafelrunde.engine.groups.facts import TableConfirmed, TableEntered, Tournament
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.i18n import msg
from tafelrunde.presets import load_rules
from tafelrunde.web.core import storage
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.domain.store import Logged, append, group_state
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.seat import Where
from tafelrunde.web.table.links import tokens_for

pytestmark = [pytest.mark.e2e]


def drawn_group(base: str) -> tuple[TournamentRecord, list[str], list[str]]:
    """Format A with its groups drawn; table 1's link address and its players' names."""
    organiser_user()
    tour = new_tournament("Handy-Details", load_rules("gruppenmodus"), "\n".join(names(8)),
                          day=None, at=now(), by=USER)  # fmt: skip
    assert isinstance(tour, Tournament)
    state = TournamentState(tour)
    record(state, next_draw(state, seed=7), at=now(), by=USER)
    rec = stored(tour)
    st = state.current
    assert st is not None
    token = tokens_for(rec, [Where(st.key, 0, 1)])[Where(st.key, 0, 1)]
    seated = list(st.seated(1, 1))
    return rec, [f"{base}/tisch/{token}/"], [tour.name_of(p) for p in seated]


def at_table(page: Page, link: str, name: str) -> None:
    """Open the table's link and tap one's name."""
    page.goto(link)
    t.tap_name(page, name)


def fill(page: Page, values: dict[str, str]) -> None:
    """Open the result form if needed and type into the fields named by their labels."""
    form = page.locator("details.enter")
    if form.get_attribute("open") is None:
        form.locator("summary").click()
    for label, value in values.items():
        form.get_by_label(label, exact=True).fill(value)


def save(page: Page) -> None:
    """Tap „Ergebnis speichern" and wait for the answer."""
    t.tap(page, page.locator("details.enter").get_by_role("button", name="Ergebnis speichern"))


def lines(page: Page, selector: str) -> list[float]:
    """How many lines each element takes (its height over its line height)."""
    return page.eval_on_selector_all(
        selector,
        "els => els.map(e => e.getBoundingClientRect().height"
        " / parseFloat(getComputedStyle(e).lineHeight))",
    )


def test_a_refused_fields_message_reads_as_lines_not_a_word_per_line(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    _rec, (link,), seated = drawn_group(live_server_url)
    with t.phone(browser) as one:
        at_table(one, link, seated[0])
        expect(one.locator("dl.field-help")).to_contain_text("Normalerweise leer lassen")
        t.look(one, shots, "phone-details-form-390")
        typed = {f"Augen {n}": str(v) for n, v in zip(seated, (9, 15, 11, 7), strict=True)}
        fill(one, typed | {f"Spielpunkte von {seated[1]}": "1/3"})
        save(one)
        error = one.locator(".field-error")
        expect(error).to_contain_text("„1/3“ ist hier keine Zahl")
        box = error.bounding_box()
        assert box is not None and box["width"] >= 300, box  # across the form, not in a cell
        assert max(lines(one, ".field-error")) <= 3, lines(one, ".field-error")
        t.look(one, shots, "phone-details-refused-field-390")
        fill(one, {f"Spielpunkte von {seated[1]}": ""} | {f"Platz {n}": str(i) for i, n in
                                                           enumerate(seated, start=1)})  # fmt: skip
        save(one)
        expect(one.locator(".errorlist")).to_contain_text("Die Plätze passen nicht zu den Augen")
        t.look(one, shots, "phone-details-refused-place-390")
        one.set_viewport_size(t.LAPTOP)
        h.shoot(one, shots, "phone-details-refused-place-1280")


def test_the_saved_banner_goes_once_the_table_moves_on_live(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    rec, (link,), seated = drawn_group(live_server_url)
    with t.phone(browser) as one:
        at_table(one, link, seated[0])
        fill(one, {f"Augen {n}": str(v) for n, v in zip(seated, (30, 40, 10, 20), strict=True)})
        save(one)
        expect(one.locator(".messages")).to_contain_text("Gespeichert")
        t.state_says(one, "eingetragen – wartet auf Bestätigung")
        # another player says "Stimmt" on their phone: this page follows by itself
        tour = h.tournament(rec.pk)
        state = TournamentState(tour)
        st = state.current
        assert st is not None
        entry = next(f for f in reversed(tour.facts) if isinstance(f, TableEntered))
        confirm = TableConfirmed(n=0, stage=st.key, game=1, table=1, player=st.seated(1, 1)[1],
                                 entry=entry.n, by=f"Tisch 1 · {seated[1]}")  # fmt: skip
        with_confirmation(rec, confirm)
        t.state_says(one, "offen – noch nichts eingetragen")
        expect(one.locator(".messages")).to_have_count(0)
        expect(one.locator(".earlier")).to_contain_text("6 Platzpunkte")
        t.look(one, shots, "phone-details-next-pass-390")
        one.set_viewport_size(t.LAPTOP)
        h.shoot(one, shots, "phone-details-next-pass-1280")


def with_confirmation(rec: TournamentRecord, fact: TableConfirmed) -> None:
    """Store a player's "Stimmt" as the table page does (the pages hear of it live)."""

    def change(tour: Tournament) -> int:
        return record(group_state(tour), fact, at=now(), by=fact.by).n

    append(rec.pk, change, log=lambda n: Logged(msg("Result confirmed"), fact=n, by=fact.by))


def test_the_full_disk_page_on_a_phone_names_the_players(
    browser: Browser, live_server_url: str, shots: Path
) -> None:
    _rec, (link,), seated = drawn_group(live_server_url)
    with t.phone(browser) as one:
        at_table(one, link, seated[0])
        fill(one, {f"Augen {n}": str(v) for n, v in zip(seated, (30, 40, 10, 20), strict=True)})
        storage.failed(storage.FULL)
        try:
            save(one)
            expect(one.locator("table.typed")).to_contain_text(f"Augen von {seated[0]}")
            expect(one.locator("table.typed")).not_to_contain_text("pips-")
            t.look(one, shots, "phone-details-full-disk-390")
            one.set_viewport_size(t.LAPTOP)
            h.shoot(one, shots, "phone-details-full-disk-1280")
        finally:
            storage.watch(None)
