"""Copies shared by the app processes of one database (`live.shelf`): a page made by one
process serves the live pages of another that ask for that change, never one that asks for
a later change; one process at a time makes a page."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.db import connections
from hallclient import page_revision, page_version
from loadclient import Browser, draw, fetch, prepared, server_env, two_processes

from tafelrunde.web.live import shelf

pytestmark = [pytest.mark.integration]

USER, PASSWORD = "leitung", "regal-passwort"


def test_a_page_made_by_one_process_serves_the_live_pages_of_another(tmp_path: Path) -> None:
    """Two processes on one SQLite file: the overview and the final ranking that A made for a
    change are B's copies for a live page naming that change (Age, A's bytes), without B
    making them; a page naming a later change is made by B (no Age) and shows that change."""
    env = server_env(tmp_path)
    made = prepared(env, 12, USER, PASSWORD)
    pk = made["pk"]
    with two_processes(tmp_path, env) as (port_a, port_b):
        organiser = Browser(port_a, USER, PASSWORD)
        assert draw(organiser, pk, made["seed"])
        assert organiser.post(f"/turniere/{pk}/ergebnis/", made["forms"][0])[0] == 302
        for page in (f"/turniere/{pk}/", f"/turniere/{pk}/endstand/"):
            _, _, body = fetch(port_a, page)
            told = {"X-Tafelrunde-Revision": f"{page_revision(body)} {page_version(body)}"}
            _, _, made_by_a = fetch(port_a, page, told)
            status, head_b, from_a = fetch(port_b, page, told)
            assert status == 200 and "age" in head_b and from_a == made_by_a
        assert organiser.post(f"/turniere/{pk}/ergebnis/", made["forms"][1])[0] == 302
        page = f"/turniere/{pk}/endstand/"
        _, _, now = fetch(port_a, f"/turniere/{pk}/")  # not the ranking: A keeps the old one
        later = {"X-Tafelrunde-Revision": f"{page_revision(now)} {page_version(now)}"}
        status, head, body = fetch(port_b, page, later)
        assert status == 200 and "age" not in head
        assert (page_revision(body), page_version(body)) == (page_revision(now), page_version(now))
        organiser.close()


def test_one_process_at_a_time_makes_a_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:  # fmt: skip
    """While one holds a page's lock file, the page is busy for every other holder; once let
    go, another may take it; a page with a query has no file and is never busy."""
    monkeypatch.setenv("TAFELRUNDE_DATA", str(tmp_path))
    key = ("/turniere/3/", b"", "de")
    first, second = shelf.Making(key), shelf.Making(key)
    assert not shelf.busy(key) and first.take()
    assert shelf.busy(key) and not second.take()
    first.release()
    assert not shelf.busy(key) and second.take()
    second.release()
    queried = ("/turniere/3/", b"seite=2", "de")
    assert shelf.Making(queried).take() and not shelf.busy(queried)
    assert shelf.get(queried) is None


def test_a_file_of_another_kind_is_no_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:  # fmt: skip
    """A copy written is read back whole; a damaged or foreign file is none; clearing at the
    start leaves none."""
    monkeypatch.setenv("TAFELRUNDE_DATA", str(tmp_path))
    key = ("/turniere/3/", b"", "en")
    copy = shelf.Shelved(3, "ab12", 7, 12.5, ((b"content-type", b"text/html"),), b"<p>", b"",
                         b"0" * 32)  # fmt: skip
    shelf.put(key, copy)
    assert shelf.get(key) == copy
    (path,) = [p for p in shelf.folder().iterdir() if not p.name.endswith(".lock")]
    for junk in (b"", b"\x00garbage", b"\xe9" * 100):
        path.write_bytes(junk)
        assert shelf.get(key) is None
    shelf.put(key, copy)
    shelf.clear()
    assert shelf.get(key) is None


def test_the_copies_of_another_database_are_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two databases served from one data folder (as the test runs' workers are) keep their
    copies apart: the same page of a tournament with the same number is another's."""
    monkeypatch.setenv("TAFELRUNDE_DATA", str(tmp_path))
    key = ("/turniere/1/", b"", "de")
    copy = shelf.Shelved(1, "ab12", 20, 12.5, (), b"<p>", b"", b"0" * 32)
    shelf.put(key, copy)
    assert shelf.get(key) == copy
    monkeypatch.setitem(connections["default"].settings_dict, "NAME", str(tmp_path / "other"))
    assert shelf.get(key) is None and not shelf.busy(key)


def test_a_folder_that_cannot_be_made_keeps_nothing_and_stops_nobody(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the copies' folder cannot be made (here a file stands in its way, as a read-only
    data folder does), nothing is kept as a file, no page is busy and every process makes
    its own pages."""
    monkeypatch.setenv("TAFELRUNDE_DATA", str(tmp_path))
    (tmp_path / "copies").write_text("in the way")
    key = ("/turniere/3/", b"", "de")
    copy = shelf.Shelved(3, "ab12", 7, 12.5, (), b"<p>", b"", b"d")
    shelf.put(key, copy)
    making = shelf.Making(key)
    assert making.take() and not shelf.busy(key) and shelf.get(key) is None
    making.release()


def test_a_folder_removed_while_serving_is_made_anew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The copies' folder removed under a running process (its path is kept, not looked at
    for each request): the next copy and lock file make it anew, and nothing is busy."""
    monkeypatch.setenv("TAFELRUNDE_DATA", str(tmp_path))
    key = ("/turniere/5/", b"", "de")
    copy = shelf.Shelved(5, "ab12", 7, 12.5, (), b"<p>", b"", b"d")
    shelf.put(key, copy)
    shutil.rmtree(shelf.folder())
    assert shelf.get(key) is None and not shelf.busy(key)
    making = shelf.Making(key)
    assert making.take() and shelf.busy(key)
    making.release()
    shutil.rmtree(shelf.folder())
    shelf.put(key, copy)
    assert shelf.get(key) == copy
