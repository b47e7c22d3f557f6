"""The cycle collector paused while large work runs: in any thread, restored as it was."""

from __future__ import annotations

import gc
import threading

import pytest

from tafelrunde.engine.collector import paused


def test_pauses_in_two_threads_leave_the_cycle_collector_as_it_was() -> None:
    assert gc.isenabled()
    inside, leave = threading.Event(), threading.Event()

    def work_slowly() -> None:
        with paused():
            inside.set()
            leave.wait(5)

    other = threading.Thread(target=work_slowly)
    other.start()
    assert inside.wait(5)
    with paused():
        assert not gc.isenabled()
    assert not gc.isenabled()  # the other work still runs
    leave.set()
    other.join(5)
    assert gc.isenabled()


def test_a_pause_ends_when_its_work_fails_and_keeps_a_collector_that_was_off() -> None:
    with pytest.raises(ZeroDivisionError), paused():
        assert not gc.isenabled()
        _ = 1 / 0
    assert gc.isenabled()
    gc.disable()
    try:
        with paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
