"""Run the command line in-process for tests: the `cli` fixture and its `Run` result."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tafelrunde.cli import main


@dataclass
class Run:
    """Exit code and what the command printed."""

    code: int
    out: str
    err: str


@pytest.fixture(autouse=True)
def _wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wide console (no wrapped messages) and the default language."""
    monkeypatch.setenv("COLUMNS", "250")
    monkeypatch.delenv("TAFELRUNDE_LANG", raising=False)


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """Return a function that runs `tafelrunde ARGS...` and captures its output."""

    def run(*args: str | Path) -> Run:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run
