#!/usr/bin/env python3
"""Set up Tafelrunde in ./.venv and run it or its tests: `python3 make.py run|test|bench`.

`python3 make.py test` also provides what the web tests need: Debian's Chromium for the
browser tests (tests/e2e) and PostgreSQL 15, installed with apt-get when missing (as root).
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import venv
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"
CHROMIUM = Path("/usr/bin/chromium")  # Debian's Chromium; never `playwright install`
PYTEST = (PY, "-m", "pytest", "-q", "-p", "no:cacheprovider")


def run(*args: str | Path, check: bool = True, env: dict[str, str] | None = None) -> int:
    """Run a command in the project folder, echo it first."""
    print("+", " ".join(str(a) for a in args), flush=True)
    return subprocess.run([str(a) for a in args], cwd=ROOT, check=check, env=env).returncode


def setup() -> None:
    """Create the virtual environment and install the project with its dev tools."""
    if sys.version_info[:2] != (3, 11):
        sys.exit("Tafelrunde braucht Python 3.11 / Tafelrunde needs Python 3.11")
    if not PY.exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / ".installed"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        return
    run(PY, "-m", "pip", "install", "--quiet", "-e", ".[dev]")
    stamp.write_text(digest)


def compile_messages() -> None:
    """Compile the gettext catalogues (.po to .mo) that changed since the last time."""
    run(PY, "-c", "from tafelrunde.catalogue import compile_all; compile_all(only_stale=True)")


def update_messages() -> int:
    """Bring every catalogue up to the code (new ids in, gone ones out); translate, then test."""
    code = "from tafelrunde.catalogue import update_everything; update_everything()"
    return run(PY, "-c", code, check=False)


def is_root() -> bool:
    """Tell whether we run as root (and may use apt-get)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


def apt_install(package: str) -> None:
    """Install a Debian package with apt-get; refresh the package lists only if needed."""
    if not is_root():
        sys.exit(
            f"{package} fehlt; als root starten oder `apt-get install {package}` /"
            f" {package} is missing; run as root or `apt-get install {package}`"
        )
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    known = subprocess.run(["apt-cache", "show", package], capture_output=True).returncode == 0
    if not known:
        run("apt-get", "update", env=env)
    install = ("apt-get", "install", "-y", "--no-install-recommends", package)
    if run(*install, check=False, env=env) != 0:  # stale package lists: refresh, try again
        run("apt-get", "update", env=env)
        run(*install, env=env)


def postgres_bin() -> Path | None:
    """Return the newest PostgreSQL server folder with initdb and pg_ctl, if any."""
    found = [
        Path(p).parent
        for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")
        if (Path(p).parent / "pg_ctl").exists()
    ]
    return max(
        found, key=lambda b: [int(x) for x in b.parent.name.split(".") if x.isdigit()], default=None
    )


def ensure_postgres() -> Path:
    """Return PostgreSQL's server binaries, installing Debian's postgresql if missing."""
    if postgres_bin() is None:
        apt_install("postgresql")
    found = postgres_bin()
    if found is None:
        sys.exit("PostgreSQL fehlt nach apt-get / PostgreSQL still missing after apt-get")
    return found


def ensure_chromium() -> None:
    """Install Debian's Chromium for the browser tests if /usr/bin/chromium is missing."""
    if not CHROMIUM.exists():
        apt_install("chromium")


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that is free right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def as_owner(folder: Path, *args: str | Path) -> None:
    """Run a PostgreSQL tool as the cluster's owner (root: the `postgres` user)."""
    prefix = ("runuser", "-u", "postgres", "--") if is_root() else ()
    cmd = [str(a) for a in (*prefix, *args)]
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=folder, check=True)


@contextlib.contextmanager
def postgres_cluster(bindir: Path) -> Iterator[str]:
    """Start a private throw-away cluster (127.0.0.1, free port, trust); yield its URL."""
    folder = Path(tempfile.mkdtemp(prefix="tafelrunde-pg-"))
    data, port = folder / "data", free_port()
    try:
        if is_root():
            shutil.chown(folder, "postgres")  # initdb and pg_ctl refuse root
        initdb = ("-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale")
        as_owner(folder, bindir / "initdb", *initdb, "--no-sync", "--no-instructions")
        with (data / "postgresql.conf").open("a", encoding="utf-8") as conf:
            conf.write(
                f"listen_addresses = '127.0.0.1'\nport = {port}\n"
                f"unix_socket_directories = '{folder}'\n"
                "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n"
            )
        as_owner(folder, bindir / "pg_ctl", "-D", data, "-l", folder / "log", "-w", "start")
        run(bindir / "createdb", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "tafelrunde")
        yield f"postgresql://postgres@127.0.0.1:{port}/tafelrunde"
    finally:
        if (data / "postmaster.pid").exists():
            with contextlib.suppress(subprocess.CalledProcessError):
                as_owner(folder, bindir / "pg_ctl", "-D", data, "-m", "immediate", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


def pytest_paths(args: list[str]) -> list[Path]:
    """Return the existing paths among the pytest arguments (test ids cut off at `::`)."""
    paths = [(ROOT / a.split("::")[0]).resolve() for a in args if not a.startswith("-")]
    return [p for p in paths if p.exists()]


def inside(path: Path, folder: Path) -> bool:
    """Tell whether the path is the folder or lies in it."""
    return path == folder or folder in path.parents


def workers() -> list[str]:
    """pytest-xdist's options: one worker per core (at most 4; TAFELRUNDE_TEST_WORKERS sets it)."""
    wanted = os.environ.get("TAFELRUNDE_TEST_WORKERS", "")
    count = int(wanted) if wanted.isdigit() else min(os.cpu_count() or 1, 4)
    return ["-n", str(count), "--dist", "worksteal"] if count > 1 else ["-p", "no:xdist"]


class Budget:
    """The time of each phase of the test command and the slowest tests of its pytest runs."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.phases: list[tuple[str, float, int]] = []
        self.reports: list[tuple[str, Path]] = []

    def phase(self, name: str, *args: str | Path, env: dict[str, str] | None = None) -> int:
        """Run one phase (a command), note its time and exit code; return the code."""
        start = time.monotonic()
        code = run(*args, check=False, env=env)
        self.phases.append((name, time.monotonic() - start, code))
        return code

    def pytest(self, name: str, args: list[str], env: dict[str, str] | None = None) -> int:
        """Run pytest as one phase with a JUnit report of its own; no test selected is no fault."""
        report = self.folder / f"{len(self.reports)}.xml"
        self.reports.append((name, report))
        code = self.phase(name, *PYTEST, *args, f"--junitxml={report}", env=env)
        return 0 if code == 5 else code  # 5: the selection holds no test (e.g. of one file)

    def slowest(self, count: int = 15) -> list[tuple[float, str, str]]:
        """The slowest tests of every run: (seconds, run, test id)."""
        found = []
        for name, report in self.reports:
            if report.exists():
                for case in ElementTree.parse(report).iter("testcase"):
                    test_id = f"{case.get('classname', '')}::{case.get('name', '')}"
                    found.append((float(case.get("time") or 0), name, test_id))
        return sorted(found, reverse=True)[:count]

    def outcome(self) -> tuple[int, int, int]:
        """How many tests of every run passed, failed (or erred) and were skipped."""
        passed = failed = skipped = 0
        for _, report in self.reports:
            if report.exists():
                for case in ElementTree.parse(report).iter("testcase"):
                    if case.find("failure") is not None or case.find("error") is not None:
                        failed += 1
                    elif case.find("skipped") is not None:
                        skipped += 1
                    else:
                        passed += 1
        return passed, failed, skipped

    def print(self) -> None:
        """Print the phases' times and the slowest tests, so the next person sees the budget."""
        print("\n== Zeit je Phase / time per phase ==", flush=True)
        for name, seconds, code in self.phases:
            print(f"{seconds:8.1f} s  {name}{'' if code in (0, 5) else f'  (exit {code})'}")
        print(f"{sum(s for _, s, _ in self.phases):8.1f} s  total")
        print("\n== Die 15 langsamsten Tests / the 15 slowest tests ==")
        for seconds, name, test_id in self.slowest():
            print(f"{seconds:8.1f} s  [{name}] {test_id}")
        passed, failed, skipped = self.outcome()
        print(f"\nGesamt: {passed} passed, {failed} failed, {skipped} skipped", flush=True)


def test() -> int:
    """Lint, type-check, check the layers; pytest on SQLite, the browser tests, then the tests
    marked `both_databases` on PostgreSQL; print each phase's time and the slowest tests.

    Arguments after `test` go to one pytest run on SQLite instead of the two SQLite phases
    (`python3 make.py test tests/engine -x`); the PostgreSQL run then follows only if one of
    them names tests/web (or a path in it), with the same arguments. Chromium is checked only
    when tests/e2e may run. The exit code is non-zero if any phase fails.
    """
    with tempfile.TemporaryDirectory(prefix="tafelrunde-test-") as data:
        budget = Budget(Path(data))
        try:
            return checks_and_tests(budget, Path(data))
        finally:
            budget.print()


def checks_and_tests(budget: Budget, data: Path) -> int:
    """The phases of `test`, in order; return the first non-zero exit code (or 0)."""
    codes = [
        budget.phase("lint (ruff)", BIN / "ruff", "check", "src", "tests", "bench", "make.py"),
        budget.phase(
            "format (ruff)", BIN / "ruff", "format", "--check", "src", "tests", "bench", "make.py"
        ),
        budget.phase("types (mypy --strict)", BIN / "mypy"),
        budget.phase(
            "types of the web layer (mypy, django-stubs)",
            BIN / "mypy",
            "--config-file",
            "mypy-web.toml",
            env=web_types_env(data),
        ),
        budget.phase("import contracts", BIN / "lint-imports"),
    ]
    args = sys.argv[2:]
    paths, e2e, web = pytest_paths(args), ROOT / "tests" / "e2e", ROOT / "tests" / "web"
    if not paths or any(inside(p, e2e) or inside(e2e, p) for p in paths):
        ensure_chromium()
    bindir = ensure_postgres() if not args or any(inside(p, web) for p in paths) else None
    os.environ["TAFELRUNDE_DATA"] = str(data)  # the web tests' SQLite files and secret key
    os.environ.pop("TAFELRUNDE_DATABASE_URL", None)  # SQLite first
    if args:
        codes.append(budget.pytest("SQLite", [*workers(), *args]))
    else:
        codes.append(budget.pytest("SQLite", [*workers(), "--ignore", "tests/e2e"]))
        codes.append(budget.pytest("browser tests", [*workers(), "tests/e2e"]))
    if bindir is not None:
        with postgres_cluster(bindir) as url:
            env = {**os.environ, "TAFELRUNDE_TEST_PG_URL": url, "TAFELRUNDE_DATABASE_URL": url}
            print(f"PostgreSQL: {url}", flush=True)
            chosen = [*workers(), "-m", "both_databases", *(args or ["tests/web"])]
            codes.append(budget.pytest("PostgreSQL", chosen, env=env))
    return next((code for code in codes if code), 0)


def web_types_env(data: Path) -> dict[str, str]:
    """The environment of mypy over the web layer: django-stubs reads the settings, which
    need a data folder and a key (this run's, never the server's)."""
    return {
        **os.environ,
        "PYTHONPATH": str(ROOT / "src"),
        "TAFELRUNDE_DATA": str(data / "types"),
        "TAFELRUNDE_SECRET_KEY": "only-for-reading-the-types",
    }


def bench() -> int:
    """Run every benchmark; the web figures also on a private PostgreSQL server."""
    run(PY, "-m", "pip", "install", "--quiet", "-e", ".[dev,bench]")  # the peer engines
    with postgres_cluster(ensure_postgres()) as url:
        env = {**os.environ, "TAFELRUNDE_BENCH_PG_URL": url}
        env.pop("TAFELRUNDE_DATABASE_URL", None)
        return run(PY, "bench/run_all.py", *sys.argv[2:], check=False, env=env)


def main() -> int:
    """Dispatch the sub-command."""
    job = sys.argv[1] if len(sys.argv) > 1 else "run"
    setup()
    compile_messages()
    if job == "messages":
        return update_messages()
    if job == "test":
        return test()
    if job == "bench":
        return bench()
    if job == "run":  # the web application with the demo club evening
        return run(BIN / "tafelrunde", "serve", "--demo", *sys.argv[2:], check=False)
    if job == "setup":
        return 0
    sys.exit(f"unbekannt / unknown: {job} (run | test | bench | setup | messages)")


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as err:
        sys.exit(err.returncode)
