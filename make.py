#!/usr/bin/env python3
"""Set up Tafelrunde in ./.venv and run it or its tests: `python3 make.py run|test|bench`."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"


def run(*args: str | Path, check: bool = True) -> int:
    """Run a command in the project folder, echo it first."""
    print("+", " ".join(str(a) for a in args), flush=True)
    return subprocess.run([str(a) for a in args], cwd=ROOT, check=check).returncode


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


def test() -> int:
    """Lint, type-check, check the layer contract and run the whole test suite."""
    run(BIN / "ruff", "check", "src", "tests", "bench", "make.py")
    run(BIN / "ruff", "format", "--check", "src", "tests", "bench", "make.py")
    run(BIN / "mypy")
    run(BIN / "lint-imports")
    with tempfile.TemporaryDirectory(prefix="tafelrunde-test-") as data:
        os.environ["TAFELRUNDE_DATA"] = data  # the web tests' SQLite files and secret key
        return run(PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", *sys.argv[2:], check=False)


def main() -> int:
    """Dispatch the sub-command."""
    job = sys.argv[1] if len(sys.argv) > 1 else "run"
    setup()
    if job == "test":
        return test()
    if job == "bench":
        run(PY, "-m", "pip", "install", "--quiet", "-e", ".[dev,bench]")  # the peer engines
        return run(PY, "bench/run_all.py", check=False)
    if job == "run":
        return run(BIN / "tafelrunde", "demo", *sys.argv[2:], check=False)
    if job == "setup":
        return 0
    sys.exit(f"unbekannt / unknown: {job} (run | test | bench | setup)")


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as err:
        sys.exit(err.returncode)
