"""A plan computed in a process of its own, so that the server's requests never wait for its
CPU work (nor its interpreter lock), and ended when it overruns its time.

The process is a fresh interpreter (`python -m` this module: none of the server's threads,
connections or memory) that runs the simulator only (no Django, no database). It reads its
settings from its standard input, writes its progress and then its result (or why there is
none) as lines on its standard output, and ends by itself as soon as its input closes: when
the server that started it stops waiting or is gone.
"""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import select
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.log import message_data
from tafelrunde.sim.planning import plan

NICE = 10  # the hall's pages come first when the cores are busy
EVERY = 0.25  # seconds between two progress lines
DONE, REFUSED, FAILED, OVERRUN = "done", "refused", "failed", "overrun"


@dataclass(frozen=True)
class Outcome:
    """How a plan's process ended: its result (done), its refusal (a message's data), or
    what went wrong; the process's number."""

    how: str
    pid: int
    result: dict[str, Any] | None = None
    refusal: dict[str, Any] | None = None
    trace: str = ""


class Counter:
    """Places decided so far, as the plan's process last said."""

    def __init__(self) -> None:
        """Start at zero."""
        self.value = 0

    def __call__(self) -> int:
        """The count now."""
        return self.value


def computed(given: dict[str, Any], *, limit: float, counter: Counter) -> Outcome:
    """`plan(**given)` in a process of its own; ended after `limit` seconds (OVERRUN)."""
    child = subprocess.Popen(
        [sys.executable, "-m", __name__], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert child.stdin is not None and child.stdout is not None
    deadline = time.monotonic() + limit
    try:
        child.stdin.write(pickle.dumps(given))
        child.stdin.flush()  # stays open: its end tells the process to stop
        for line in _lines(child.stdout, deadline):
            kind, _, data = line.partition(b" ")
            if kind == b"p":
                counter.value = int(data)
            elif kind in (b"r", b"e", b"f"):
                return _outcome(kind, json.loads(data), child.pid)
        if time.monotonic() >= deadline:
            return Outcome(OVERRUN, child.pid)
        return Outcome(FAILED, child.pid, trace=f"ended with {child.wait(5)} before its answer")
    except (OSError, ValueError) as err:
        return Outcome(FAILED, child.pid, trace=repr(err))
    finally:
        with contextlib.suppress(OSError):
            child.stdin.close()
        try:
            child.wait(5)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        child.stdout.close()


def _outcome(kind: bytes, data: Any, pid: int) -> Outcome:
    """The outcome a process's last line tells."""
    if kind == b"r":
        return Outcome(DONE, pid, result=data)
    if kind == b"e":
        return Outcome(REFUSED, pid, refusal=data)
    return Outcome(FAILED, pid, trace=str(data))


def _lines(stream: IO[bytes], deadline: float) -> Iterator[bytes]:
    """The lines a process writes, until it ends or the deadline passes."""
    fd, rest = stream.fileno(), b""
    while (left := deadline - time.monotonic()) > 0:
        if not select.select([fd], [], [], left)[0]:
            return
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return
        *lines, rest = (rest + chunk).split(b"\n")
        yield from lines


def main() -> None:
    """In the plan's process: read the settings, compute, write the progress and the end."""
    given = pickle.load(sys.stdin.buffer)
    threading.Thread(target=_watch, daemon=True).start()
    with contextlib.suppress(OSError):
        os.nice(NICE)
    out, done, said = sys.stdout, [0], [time.monotonic()]

    def count(places: int) -> None:
        done[0] += places
        if time.monotonic() - said[0] >= EVERY:
            out.write(f"p {done[0]}\n")
            out.flush()
            said[0] = time.monotonic()

    try:
        line = "r " + json.dumps(plan(**given, progress=count))
    except RuleError as err:
        line = "e " + json.dumps(message_data(err.msg))
    except Exception:
        line = "f " + json.dumps(traceback.format_exc())
    out.write(line + "\n")
    out.flush()


def _watch() -> None:
    """End this process as soon as its input closes (the server stopped waiting, or is gone)."""
    with contextlib.suppress(OSError, ValueError):
        sys.stdin.buffer.read()
    os._exit(1)


if __name__ == "__main__":
    main()
