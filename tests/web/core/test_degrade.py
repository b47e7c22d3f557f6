"""The server on a bad day, as a real process: a full disk, a read-only data folder, two
starts at once, the network with a published password; and its backups and restores."""

from __future__ import annotations

import contextlib
import os
import re
import resource
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from loadclient import Browser, free_port

from tafelrunde.web.core.backup import BackupTimer, backup_sqlite

pytestmark = [pytest.mark.integration]

DEMO = ("orga", "tafelrunde")
PAGES = ("/", "/turniere/1/", "/turniere/1/stand/", "/turniere/1/tische/", "/turniere/1/protokoll/",
         "/turniere/4/ko-tische/")  # fmt: skip


def env_for(url: str = "") -> dict[str, str]:
    """The environment of a command: SQLite in its data folder, or the given PostgreSQL."""
    env = {k: v for k, v in os.environ.items() if k not in ("TAFELRUNDE_DATABASE_URL",
                                                          "DJANGO_SETTINGS_MODULE")}  # fmt: skip
    return env | ({"TAFELRUNDE_DATABASE_URL": url} if url else {})


def tafelrunde(*args: str | Path, url: str = "") -> subprocess.CompletedProcess[str]:
    """Run a command to its end."""
    cmd = [sys.executable, "-m", "tafelrunde.cli", *map(str, args)]
    return subprocess.run(cmd, capture_output=True, text=True, env=env_for(url), timeout=180)


@dataclass
class Served:
    """A `tafelrunde serve` process, what it printed, and its port."""

    proc: subprocess.Popen[str]
    port: int
    said: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def get(self, path: str, host: str = "localhost") -> tuple[int, str]:
        """GET a page anonymously."""
        import http.client

        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            conn.request("GET", path, headers={"Host": host})
            response = conn.getresponse()
            return response.status, response.read().decode()
        finally:
            conn.close()

    def stop(self) -> None:
        """End the server (Ctrl+C to its whole process group: also through runuser)."""
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGINT)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


def serve(data: Path, *extra: str, url: str = "", user: str | None = None,
          preexec: Any = None) -> Served:  # fmt: skip
    """Start `tafelrunde serve` and wait until it says where it runs (or has ended)."""
    port = free_port()
    cmd = [sys.executable, "-m", "tafelrunde.cli", "serve", "--data", str(data), "--port",
           str(port), *extra]  # fmt: skip
    if user is not None:
        cmd = ["runuser", "-u", user, "--", *cmd]
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env_for(url),
        preexec_fn=preexec, start_new_session=True,  # Ctrl+C reaches it also through runuser
    )  # fmt: skip
    served = Served(proc, port)
    assert proc.stdout is not None
    while "läuft unter" not in served.said:
        line = proc.stdout.readline()
        if not line:
            proc.wait(timeout=30)
            return served
        served.said += line
    for _ in range(150):
        with contextlib.suppress(OSError):
            if served.get("/anmelden/")[0] == 200:
                return served
        time.sleep(0.2)
    raise AssertionError(f"the server does not answer:\n{served.said}")


@contextlib.contextmanager
def running(data: Path, *extra: str, **kw: Any) -> Iterator[Served]:
    """A server for the duration of a block."""
    served = serve(data, *extra, **kw)
    try:
        assert served.proc.poll() is None, served.said
        yield served
    finally:
        served.stop()


def post_event(browser: Browser, name: str) -> tuple[int, str]:
    """Create a club event through its form."""
    return browser.post("/termine/neu/", {"name": name, "date": ""})


def banner(page: str) -> str:
    """The read-only banner of a page (empty when there is none)."""
    found = re.search(r'<p class="banner"[^>]*>(.*?)</p>', page, re.S)
    return re.sub(r"<[^>]+>", "", found.group(1)) if found else ""


# -- a full disk ---------------------------------------------------------------------------


@dataclass
class Disk:
    """A small disk that can be filled and freed again (tmpfs, else a file-size limit)."""

    folder: Path
    tmpfs: bool
    server: int = 0  # the pid whose file-size limit stands for the full disk (no tmpfs)

    def fill(self) -> None:
        """Use up every byte."""
        if not self.tmpfs:
            resource.prlimit(self.server, resource.RLIMIT_FSIZE, (1, resource.RLIM_INFINITY))
            return
        with contextlib.suppress(OSError), (self.folder / "füllung").open("wb") as out:
            while True:
                out.write(b"\0" * 65536)
                out.flush()

    def free(self) -> None:
        """Give the space back."""
        if not self.tmpfs:
            unlimited = (resource.RLIM_INFINITY, resource.RLIM_INFINITY)
            resource.prlimit(self.server, resource.RLIMIT_FSIZE, unlimited)
            return
        (self.folder / "füllung").unlink(missing_ok=True)


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Disk]:
    """An 8 MB disk: tmpfs when this machine lets us mount one, else a per-process limit."""
    folder = tmp_path / "disk"
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(folder)],
                             capture_output=True, check=False).returncode == 0  # fmt: skip
    try:
        yield Disk(folder, mounted)
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], check=False)


def no_core_on_big_files() -> None:
    """In the server: a write over the file-size limit fails instead of ending the process."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def test_a_full_disk_leaves_every_page_readable_and_recovers_by_itself(disk: Disk) -> None:
    data = disk.folder / "daten"
    with running(data, "--demo", preexec=no_core_on_big_files) as server:
        disk.server = server.proc.pid
        browser = Browser(server.port, *DEMO)
        assert post_event(browser, "Vor dem vollen Datenträger")[0] == 302
        disk.fill()
        status, page = post_event(browser, "Sommerfest")
        assert status == 503, page
        assert "Nicht gespeichert" in page and "Sommerfest" in page  # typed, to enter later
        for path in PAGES:
            status, page = server.get(path)
            assert status == 200 and "Nur lesen" in banner(page), path
        disk.free()
        deadline = time.monotonic() + 20  # the data folder is probed again every few seconds
        while (status := post_event(browser, "Sommerfest")[0]) == 503:
            assert time.monotonic() < deadline, "still refused after the disk was freed"
            time.sleep(0.2)
        assert status == 302
        assert banner(server.get("/")[1]) == ""
    names = [r[0] for r in sqlite3.connect(data / "tafelrunde.sqlite3").execute(
        "select name from web_event")]  # fmt: skip
    assert "Sommerfest" in names and "Vor dem vollen Datenträger" in names


def test_a_server_starts_on_a_full_disk_and_leaves_no_broken_backup(disk: Disk) -> None:
    data = disk.folder / "daten"
    with running(data, "--demo"):
        pass
    usb = disk.folder / "usb-stick"
    if disk.tmpfs:
        disk.fill()
    else:  # no disk of our own here: a backup folder that cannot be made stands in for it
        usb.write_text("a file where the folder should be")
    with running(data, "--backup-dir", str(usb)) as server:
        assert "keine Sicherung" in server.said
        for path in PAGES:
            status, page = server.get(path)
            assert status == 200, path
            assert ("Nur lesen" in banner(page)) == disk.tmpfs, path
        browser = Browser(server.port, *DEMO)  # a login writes nothing
        assert post_event(browser, "Sommerfest")[0] == (503 if disk.tmpfs else 302)
    leftovers = [p.name for p in (data / "backups").glob("*") if not p.name.endswith(".sqlite3")]
    assert leftovers == []
    for copy in (data / "backups").glob("*.sqlite3"):
        assert copy.stat().st_size > 0 and sqlite3.connect(copy).execute(
            "pragma integrity_check").fetchone() == ("ok",)  # fmt: skip


# -- a read-only data folder ---------------------------------------------------------------


def read_only_folder() -> tuple[Path, str | None]:
    """A fresh data folder that the server will not be able to write, and the user to run as."""
    base = Path(tempfile.mkdtemp(prefix="tafelrunde-nur-lesen-"))
    base.chmod(0o755)
    return base / "daten", "nobody" if os.geteuid() == 0 else None


def make_read_only(data: Path, user: str | None) -> None:
    """Root: leave the files root's own, readable by the user; else take away the write bit."""
    for path in [data, *data.iterdir()]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    if user is None:
        data.chmod(0o555)


@pytest.mark.parametrize("checkpointed", [False, True], ids=["journal-left", "journal-merged"])
def test_a_read_only_data_folder_serves_every_page(checkpointed: bool) -> None:
    data, user = read_only_folder()
    try:
        with running(data, "--demo"):
            pass
        if checkpointed:  # as after a clean end: the journal is merged into the database
            db = sqlite3.connect(data / "tafelrunde.sqlite3")
            db.execute("pragma wal_checkpoint(truncate)")
            db.close()
        make_read_only(data, user)
        with running(data, user=user) as server:
            assert "schreibgeschützt" in server.said
            for path in PAGES:
                status, page = server.get(path)
                assert status == 200 and "schreibgeschützt" in banner(page), path
            browser = Browser(server.port, *DEMO)
            status, page = post_event(browser, "Sommerfest")
            assert status == 503 and "schreibgeschützt" in page
    finally:
        data.chmod(0o755)
        shutil.rmtree(data.parent, ignore_errors=True)


# -- starting: twice at once, and on the network ---------------------------------------------


@pytest.mark.both_databases  # the migrations under a lock, on either database
def test_two_servers_started_at_once_on_a_new_database_both_serve(
    tmp_path: Path, database_url: str
) -> None:
    data = tmp_path / "daten"
    servers: list[Served | None] = [None, None]

    def start(k: int) -> None:
        servers[k] = serve(data, url=database_url)

    threads = [threading.Thread(target=start, args=(k,)) for k in (0, 1)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    try:
        for served in servers:
            assert served is not None and served.proc.poll() is None, served and served.said
            assert served.get("/")[0] == 200
    finally:
        for served in servers:
            if served is not None:
                served.stop()


def test_the_network_is_refused_while_a_password_is_published(tmp_path: Path) -> None:
    data = tmp_path / "daten"
    refused = serve(data, "--public", "--demo")
    refused.proc.wait(timeout=60)
    assert refused.proc.returncode == 2
    assert "veröffentlichtes Passwort" in refused.said and "createorganiser orga" in refused.said
    changed = tafelrunde("createorganiser", "orga", "--password", "eigenes-passwort-7",
                         "--data", data)  # fmt: skip
    assert changed.returncode == 0, changed.stdout + changed.stderr
    published = tafelrunde("createorganiser", "leitung", "--password", "tafelrunde",
                           "--data", data)  # fmt: skip
    assert published.returncode == 2 and "veröffentlicht" in published.stdout + published.stderr
    with running(data, "--public") as server:
        assert "Im Netz: http://" in server.said
        assert "Handys öffnen Tafelrunde unter: http://" in server.said
        assert "▀▀▀▀▀▀" in server.said  # the QR code of the newest tournament's page
        assert server.get("/")[0] == 200  # this computer by its name
        assert server.get("/", host="boese.example")[0] == 400  # any other name: no


def test_a_given_public_address_is_printed_and_answered(tmp_path: Path) -> None:
    data = tmp_path / "daten"
    bad = serve(data, "--public-url", "turnier example")
    bad.proc.wait(timeout=60)
    assert bad.proc.returncode == 2 and "keine Webadresse" in bad.said
    with running(data, "--public-url", "https://turnier.example.org/") as server:
        assert "Handys öffnen Tafelrunde unter: https://turnier.example.org/" in server.said
        assert server.get("/", host="turnier.example.org")[0] == 200


# -- backups and restores --------------------------------------------------------------------


def test_backups_are_private_complete_and_also_go_to_a_second_folder(tmp_path: Path) -> None:
    data, usb = tmp_path / "daten", tmp_path / "usb-stick"
    with running(data, "--demo", "--backup-dir", str(usb)):
        pass
    made = tafelrunde("backup", "--data", data, "--to", usb)
    assert made.returncode == 0, made.stdout + made.stderr
    for folder in (data / "backups", usb):
        copies = sorted(folder.glob("tafelrunde-*.sqlite3"))
        assert copies, folder
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        for copy in copies:
            assert stat.S_IMODE(copy.stat().st_mode) == 0o600
            assert sqlite3.connect(copy).execute("select count(*) from web_factrecord").fetchone()
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    for name in ("secret-key", "tafelrunde.sqlite3"):
        assert stat.S_IMODE((data / name).stat().st_mode) == 0o600, name


def test_backups_follow_changes_every_few_minutes(tmp_path: Path) -> None:
    db, folder = tmp_path / "t.sqlite3", tmp_path / "backups"
    with sqlite3.connect(db) as con:
        con.execute("create table t (x)")
    said: list[str] = []
    timer = BackupTimer(db, [folder, tmp_path / "zweiter"], minutes=10, say=said.append)
    timer.once()
    assert list(folder.glob("*.sqlite3")) == []  # nothing changed since the start
    with sqlite3.connect(db) as con:
        con.execute("insert into t values ('Anna')")
    timer.once()
    timer.once()
    assert len(list(folder.glob("*.sqlite3"))) == 1 and said == []
    assert len(list((tmp_path / "zweiter").glob("*.sqlite3"))) == 1
    (tmp_path / "voll").write_text("a file where a folder should be")
    broken = BackupTimer(db, [tmp_path / "voll"], minutes=10, say=said.append)
    with sqlite3.connect(db) as con:
        con.execute("insert into t values ('Bernd')")
    broken.once()
    assert said and "voll" in said[0]  # a warning, not a crash


def test_a_backup_that_fails_leaves_nothing_behind(tmp_path: Path) -> None:
    db, folder = tmp_path / "t.sqlite3", tmp_path / "backups"
    with sqlite3.connect(db) as con:
        con.execute("create table t (x)")
        con.executemany("insert into t values (?)", [("x" * 1000,)] * 200)

    def limited() -> None:
        no_core_on_big_files()
        resource.setrlimit(resource.RLIMIT_FSIZE, (50_000, resource.RLIM_INFINITY))

    code = (f"from tafelrunde.web.core.backup import backup_sqlite; from pathlib import Path; "
            f"backup_sqlite(Path({str(db)!r}), Path({str(folder)!r}))")  # fmt: skip
    run = subprocess.run([sys.executable, "-c", code], preexec_fn=limited, capture_output=True,
                         text=True, check=False)  # fmt: skip
    assert run.returncode != 0 and "Error" in run.stderr  # the copy did not fit
    assert list(folder.iterdir()) == []  # and left no half file
    assert backup_sqlite(db, folder) is not None  # with room it works


def test_restore_takes_a_checked_backup_and_keeps_the_state_it_replaces(tmp_path: Path) -> None:
    data = tmp_path / "daten"
    with running(data, "--demo"):
        pass
    assert tafelrunde("backup", "--data", data).returncode == 0
    (copy,) = sorted((data / "backups").glob("tafelrunde-*.sqlite3"))[-1:]
    with sqlite3.connect(data / "tafelrunde.sqlite3") as con:
        con.execute("delete from web_event")
    broken = tmp_path / "kaputt.sqlite3"
    broken.write_bytes(copy.read_bytes()[: 4096 * 3])
    refused = tafelrunde("restore", broken, "--data", data)
    assert refused.returncode == 2 and "keine intakte Sicherung" in refused.stdout + refused.stderr
    events = "select count(*) from web_event"
    assert sqlite3.connect(data / "tafelrunde.sqlite3").execute(events).fetchone() == (0,)
    with running(data) as server:
        busy = tafelrunde("restore", copy, "--data", data)
        assert busy.returncode == 2 and "läuft noch" in busy.stdout + busy.stderr
        assert server.get("/")[0] == 200
    done = tafelrunde("restore", copy, "--data", data)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "bisherige Stand ist gesichert" in done.stdout
    assert sqlite3.connect(data / "tafelrunde.sqlite3").execute(events).fetchone() == (1,)
