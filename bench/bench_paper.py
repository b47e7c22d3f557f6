"""Paper figures: table cards with QR codes for 150 tables (600 players): the server time of
the print page (first, when the links are made and the QR codes drawn; then again), and
Chromium's time to print it to PDF (pages, size). Also the page that prints everything for
the current game. Prints figures; asserts nothing timed.
"""

from __future__ import annotations

import os
import socket
import statistics
import tempfile
import threading
import time
from typing import Any

PLAYERS = 600
PASSWORD = "bench-geheim-7"


def setup() -> None:
    """Django on a fresh SQLite database in a temporary folder; an organiser's login."""
    os.environ["TAFELRUNDE_DATA"] = tempfile.mkdtemp(prefix="tafelrunde-bench-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tafelrunde.web.core.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user("leitung", password=PASSWORD)


def drawn(count: int) -> int:
    """Format A of `count` players with the first game drawn; its pk."""
    from tafelrunde.engine.groups.actions import next_draw, record
    from tafelrunde.engine.groups.facts import Tournament
    from tafelrunde.engine.groups.tournament_state import TournamentState
    from tafelrunde.engine.players import Player
    from tafelrunde.presets import load_ruleset
    from tafelrunde.web.core.domain.store import save_new

    people = [Player(f"p{i:04d}", f"Spielerin {i:04d}") for i in range(1, count + 1)]
    tour = Tournament("Bench", load_ruleset("gruppenmodus"), people, seed=1)
    state = TournamentState(tour)
    record(state, next_draw(state, seed=1))
    return int(save_new(tour).pk)


def server_times(pk: int, address: str) -> tuple[float, list[float], int]:
    """The first request (links made, QR codes drawn), five more, and the page's size."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from tafelrunde.web.core.qr import qr_svg

    client = Client(HTTP_HOST="localhost")
    client.force_login(get_user_model().objects.get(username="leitung"))
    qr_svg.cache_clear()
    start = time.perf_counter()
    response = client.get(address)
    first = time.perf_counter() - start
    assert response.status_code == 200, response.status_code
    again = []
    for _ in range(5):
        start = time.perf_counter()
        response = client.get(address)
        again.append(time.perf_counter() - start)
    return first, again, len(response.content)


def serve() -> tuple[str, Any]:
    """The application under uvicorn in a thread; its address and server."""
    import uvicorn

    from tafelrunde.web.asgi import application

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(application, host="127.0.0.1", port=port, lifespan="off",
                            log_level="warning")  # fmt: skip
    server = uvicorn.Server(config)
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


def pdf_times(base: str, addresses: list[tuple[str, str]]) -> None:
    """Chromium (Debian's) prints each page to PDF: load time, PDF time, pages, size."""
    import pypdfium2 as pdfium
    from playwright.sync_api import sync_playwright

    with sync_playwright() as play:
        browser = play.chromium.launch(executable_path="/usr/bin/chromium",
                                       args=["--no-sandbox", "--disable-gpu"])  # fmt: skip
        page = browser.new_page(locale="de-DE")
        page.goto(base + "/anmelden/")
        page.fill("#id_username", "leitung")
        page.fill("#id_password", PASSWORD)
        with page.expect_navigation():
            page.click("main form button")
        for label, address in addresses:
            start = time.perf_counter()
            page.goto(base + address)
            loaded = time.perf_counter() - start
            start = time.perf_counter()
            data = page.pdf(format="A4", prefer_css_page_size=True)
            made = time.perf_counter() - start
            pages = len(pdfium.PdfDocument(data))
            print(f"  {label:34} load {loaded * 1000:6.0f} ms, PDF {made:5.1f} s, "
                  f"{pages:4} pages, {len(data) / 1024 / 1024:5.1f} MiB")  # fmt: skip
        browser.close()


def main() -> None:
    """Print every figure."""
    setup()
    pk = drawn(PLAYERS)
    cards = f"/turniere/{pk}/drucken/tischkarten/"
    everything = f"/turniere/{pk}/drucken/alles/"
    print(
        f"table cards, format A, {PLAYERS} players at 150 tables (target: server < 2 s, "
        "PDF < 30 s):"
    )
    for label, address in (("table cards (one per page)", cards),
                           ("table cards (two A5 per page)", cards + "?karten=a5"),
                           ("everything for the game", everything)):  # fmt: skip
        first, again, size = server_times(pk, address)
        print(f"  server, {label:30} first {first * 1000:5.0f} ms, again median "
              f"{statistics.median(again) * 1000:5.0f} ms, {size / 1024:6.0f} KiB")  # fmt: skip
    base, server = serve()
    try:
        pdf_times(base, [("table cards (one per page)", cards),
                         ("table cards (two A5 per page)", cards + "?karten=a5"),
                         ("everything for the game", everything)])  # fmt: skip
    finally:
        server.should_exit = True


if __name__ == "__main__":
    main()
