"""A club homepage on another origin embeds a tournament's live standings in an iframe: the
frame shows (its origin is listed), a result entered meanwhile arrives in it by itself; the
same page on an origin not listed is refused by the browser."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from django.test import override_settings
from django.utils import timezone
from e2ehelpers import shoot
from playwright.sync_api import Page, expect
from projectorpages import drawn_group

from tafelrunde.engine.groups.actions import record
from tafelrunde.i18n import msg
from tafelrunde.sim.autoplay import random_result
from tafelrunde.web.core.domain.store import Logged, append, group_state
from tafelrunde.web.core.embedding import save
from tafelrunde.web.core.models import Event

pytestmark = [pytest.mark.e2e]


@contextmanager
def homepage(frame: str, dates: str = "") -> Iterator[str]:
    """The club's homepage, served from another origin (another port) with the embeds."""
    more = f'<iframe id="termine" src="{dates}" width="400" height="300"></iframe>' if dates else ""
    body = (
        "<!doctype html><html><head><meta charset='utf-8'></head><body><h1>Würfelfreunde</h1>"
        f'<iframe id="stand" src="{frame}" width="900" height="500"></iframe>{more}</body></html>'
    ).encode()

    class Page(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            """The homepage, whatever the path."""
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            """Quiet."""

    server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


def enter_a_result(pk: int) -> None:
    """The organisers enter one result of the first game (as the result form does)."""

    def change(tour: object) -> None:
        state = group_state(tour)
        st = state.current
        assert st is not None
        game, table = st.missing_results()[0]
        record(state, random_result(state, game, table, random.Random(4)))

    said = msg("Result entered: {word} {game}, table {table}", word="Durchgang", game=1, table=1)
    append(pk, change, log=lambda _done: Logged(said))


@override_settings(EMBED_POLL=2)  # the dates ask every 2 s here (60 s in use)
def test_the_standings_embedded_on_the_club_homepage_update_by_themselves(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(12)
    frame_url = f"{live_server_url}/einbetten/turniere/{pk}/stand/"
    with (
        homepage(frame_url, f"{live_server_url}/einbetten/termine/") as club,
        homepage(frame_url) as stranger,
    ):
        save(club)
        page.goto(f"{club}/verein/")
        frame = page.frame_locator("#stand")
        expect(frame.locator("main")).to_contain_text("Noch keine Ergebnisse")
        enter_a_result(pk)
        expect(frame.locator("main table")).to_be_visible(timeout=10_000)  # the result, live
        expect(frame.locator("main")).not_to_contain_text("Noch keine Ergebnisse")
        dates = page.frame_locator("#termine").locator("main")
        expect(dates).to_contain_text("Noch keine Termine")
        Event.objects.create(name="Schockabend", date=timezone.localdate() + timedelta(days=2))
        expect(dates).to_contain_text("Schockabend", timeout=10_000)  # in place, no reload
        shoot(page, shots, "embed-standings-on-homepage")
        page.goto(f"{stranger}/verein/", wait_until="load")  # an origin not listed
        assert "Würfelfreunde" in page.locator("h1").inner_text()
        expect(page.frame_locator("#stand").locator("main")).to_have_count(0)  # refused
