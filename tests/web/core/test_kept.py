"""What the web layer keeps in its process goes through one helper on a cachetools LRU cache."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

from tafelrunde.web.core.domain.kept import Kept

pytestmark = pytest.mark.unit

WEB = Path(__file__).resolve().parents[3] / "src" / "tafelrunde" / "web"
HAND_MADE = re.compile(r"OrderedDict|popitem\(|move_to_end\(|lru_cache")


def test_no_module_of_the_web_layer_keeps_values_in_a_hand_made_cache() -> None:
    found = [
        f"{path.relative_to(WEB)}: {m.group(0)}"
        for path in sorted(WEB.rglob("*.py"))
        for m in HAND_MADE.finditer(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_value_used_longest_ago_goes_first() -> None:
    kept: Kept[str, int] = Kept(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.peek("a") == 1  # now b is the one used longest ago
    kept.put("c", 3)
    assert (kept.peek("a"), kept.peek("b"), kept.peek("c")) == (1, None, 3)
    assert kept.get("b", lambda: 20) == 20
    assert kept.peek("a") is None


def test_a_value_is_taken_out_or_forgotten_by_its_key() -> None:
    kept: Kept[tuple[int, str], str] = Kept(8)
    for pk in (1, 2):
        for what in ("x", "y"):
            kept.put((pk, what), f"{pk}{what}")
    assert kept.pop((2, "x")) == "2x"
    assert kept.pop((2, "x")) is None
    kept.forget(lambda key: key[0] == 1)
    assert [kept.peek(k) for k in [(1, "x"), (1, "y"), (2, "y")]] == [None, None, "2y"]
    kept.clear()
    assert kept.peek((2, "y")) is None


def test_alone_a_crowd_asking_at_once_makes_the_value_once() -> None:
    kept: Kept[str, int] = Kept(4)
    started, release = threading.Event(), threading.Event()
    made: list[int] = []

    def make() -> int:
        made.append(1)
        started.set()
        assert release.wait(10)
        return 42

    got: list[int] = []
    first = threading.Thread(target=lambda: got.append(kept.get("k", make, alone=True)))
    first.start()
    assert started.wait(10)
    others = [
        threading.Thread(target=lambda: got.append(kept.get("k", make, alone=True)))
        for _ in range(8)
    ]
    for t in others:
        t.start()
    release.set()
    for t in [first, *others]:
        t.join(10)
    assert got == [42] * 9
    assert made == [1]


def test_a_fingerprint_tells_apart_what_shows_differently() -> None:
    from fractions import Fraction

    from django.utils.safestring import mark_safe

    from tafelrunde.i18n import msg
    from tafelrunde.web.core.domain.kept import fingerprint

    rows = [{"name": "Anna", "table": 3, "seat": 1, "start": True}]
    assert fingerprint("k", rows) == fingerprint("k", [dict(r) for r in rows])  # equal content
    shown = [1, True, 1.0, "1", (1,), [1], None, b"1", Fraction(1), mark_safe("1"), msg("1")]
    assert len({fingerprint(x) for x in shown}) == len(shown)
    assert fingerprint(msg("{n}", n=1)) != fingerprint(msg("{n}", n=2))  # not plain: its text
    assert fingerprint(Fraction(1, 2)) == fingerprint(Fraction(2, 4))
    assert fingerprint({"a": 1, "b": 2}) != fingerprint({"b": 2, "a": 1})  # shown in order
