"""Browser tests: Debian's Chromium, driven by Playwright, against the app served by uvicorn.

`python3 make.py test` installs /usr/bin/chromium with apt-get when it is missing; we never
run `playwright install`. The app is the real ASGI application under uvicorn in a thread
of this process, on the SQLite test database (a file, see `tafelrunde.web.core.database`):
`live_server_url` asks for `transactional_db`, so what a test writes is committed and the
server thread sees it; the tables are emptied after each test.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, sync_playwright

# Playwright's sync API keeps an asyncio event loop running in the main thread (in a
# greenlet) while the browser is open, i.e. for the rest of the session. Django sees that
# loop and refuses every ORM call in the main thread with SynchronousOnlyOperation, even
# in later non-browser tests. The tests' ORM calls are plain synchronous code that never
# runs inside that loop, so allowing them is safe here.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",  # we run as root in CI; Chromium's sandbox refuses root
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = Path(__file__).resolve().parents[2] / "artefacts" / "screenshots"


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, for the whole session."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} fehlt: `python3 make.py test` installiert es /"
            f" {CHROMIUM} is missing: `python3 make.py test` installs it"
        )
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser, live_server_url: str) -> Iterator[Page]:
    """A fresh page in a fresh German browser context, closed after the test while the
    server still answers (before the test's database goes)."""
    from e2ehelpers import shut

    context = browser.new_context(locale="de-DE")
    try:
        yield context.new_page()
    finally:
        shut(context)


@pytest.fixture(scope="session")
def app_server(django_db_setup: None) -> Iterator[str]:
    """Serve the ASGI application with uvicorn in a thread; yield its base URL."""
    from tafelrunde.web.asgi import application
    from tafelrunde.web.core.guard import options

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))  # a free port, held until uvicorn takes the socket
    port = sock.getsockname()[1]
    config = uvicorn.Config(application, host="127.0.0.1", port=port, **options())
    server = uvicorn.Server(config)
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [sock]}, name="uvicorn", daemon=True
    )
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("uvicorn ist nicht gestartet / uvicorn did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture
def live_server_url(app_server: str, transactional_db: None) -> str:
    """The base URL of the running app; the test's database writes are visible to it."""
    return app_server


@pytest.fixture(scope="session")
def shots() -> Path:
    """The folder for screenshots: artefacts/screenshots/ in the repository."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS
