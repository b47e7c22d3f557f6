"""Online sign-ups, cancellations, no-shows and more places at the same moment, against a real
server (SQLite: 1 process; PostgreSQL: 2): never a server error, never more players than
places, every freed place filled in the order the sign-ups came, nobody lost or twice, no
cancelled registrant left among the players, each acknowledged action stored once."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from loadclient import NO_ANSWER
from races import Answer, Rig, at_once, cancelling, rig, signing_up

pytestmark = [pytest.mark.integration, pytest.mark.both_databases]


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rig]:
    """One server for the module's races."""
    with rig(tmp_path_factory.mktemp("anmeldung")) as made:
        yield made


def sound(state: dict[str, Any], entered: int) -> tuple[list[str], list[str]]:
    """Check what holds whatever the order: places and waiting places kept, no cancelled
    registrant among the players, nobody twice, a pass for each who plays or waits; who
    plays and who waits (names, in the order they came)."""
    rows = state["rows"]
    here = [r for r in rows if r["status"] in ("playing", "waiting")]
    playing = [r["name"] for r in here if r["status"] == "playing"]
    waiting = [r["name"] for r in here if r["status"] == "waiting"]
    places = None if state["capacity"] is None else state["capacity"] - entered
    assert places is None or len(playing) <= places, "more players than places"
    assert state["room"] is None or len(waiting) <= state["room"], "waiting list over its bound"
    ids = {r["player"] for r in here if r["status"] == "playing"}
    gone = {r["player"] for r in rows if r["status"] not in ("playing", "waiting") and r["player"]}
    players = set(state["registered"] or state["players"])
    assert ids <= players and not gone & players, "a cancelled registrant still plays"
    assert len(players) == entered + len(ids), "a player who signed up nowhere"
    assert all(r["passes"] == (r in here) for r in rows), "a pass missing, or one left behind"
    assert len({r["name"] for r in rows}) == len(rows), "one sign-up stored twice"
    return playing, waiting


def holds(state: dict[str, Any], entered: int) -> tuple[list[str], list[str]]:
    """`sound`, and every place given in the order the sign-ups came (no no-shows taken out)."""
    playing, waiting = sound(state, entered)
    here = [r["name"] for r in state["rows"] if r["status"] in ("playing", "waiting")]
    places = len(here) if state["capacity"] is None else state["capacity"] - entered
    assert playing == here[:places], "a freed place went out of order"
    assert waiting == here[places:], "a place is free while some wait"
    return playing, waiting


def no_errors(answers: list[Answer], hall: Rig) -> None:
    """No server error and no request left unanswered."""
    bad = [a.status for a in answers if a.status >= 500 or a.status == NO_ANSWER]
    assert not bad, (bad, [a.page[:300] for a in answers if a.status >= 500], hall.log())


def test_ten_cancellations_at_once_fill_every_freed_place_in_order(hall: Rig) -> None:
    made = hall.call("sign_up_tournament", entered=0, capacity=20, room=20, signed=40)
    jobs = [cancelling(hall.phone(), token) for token in made["tokens"][:20:2]]  # 10 players
    answers = at_once(jobs)
    no_errors(answers, hall)
    assert all(a.status == 302 for a in answers), [a.status for a in answers]
    state = hall.call("sign_ups", pk=made["pk"])
    playing, waiting = holds(state, entered=0)
    assert len(playing) == 20 and len(waiting) == 10  # the first ten who waited moved up
    assert playing[-10:] == [f"Online {k:03d}" for k in range(21, 31)]


def test_double_taps_and_new_sign_ups_in_the_same_moment_overbook_nobody(hall: Rig) -> None:
    made = hall.call("sign_up_tournament", entered=3, capacity=9, room=6, signed=10)
    tokens = made["tokens"]  # 6 play, 4 wait
    jobs = []
    for token in (tokens[0], tokens[2], tokens[5], tokens[7]):  # 3 players and one who waits
        jobs += [
            cancelling(hall.phone(), token),
            cancelling(hall.phone(), token),
        ]  # each taps twice
    jobs += [signing_up(hall.phone(), made["pk"], f"Neu {k}") for k in range(1, 7)]
    answers = at_once(jobs)
    no_errors(answers, hall)
    state = hall.call("sign_ups", pk=made["pk"])
    playing, waiting = holds(state, entered=3)
    assert len(playing) == 6 and len(waiting) <= 6
    new = [r["name"] for r in state["rows"] if r["name"].startswith("Neu")]
    taken = [a for a in answers[8:] if a.status == 302]
    refused = [a for a in answers[8:] if a.status == 200]
    assert len(taken) == len(new) and len(taken) + len(refused) == 6
    assert all("Warteliste ist voll" in a.page for a in refused)
    cancelled = [r["name"] for r in state["rows"] if r["status"] == "cancelled"]
    assert cancelled == ["Online 001", "Online 003", "Online 006", "Online 008"]


def test_a_crowd_of_sign_ups_and_cancellations_keeps_the_order(hall: Rig) -> None:
    made = hall.call("sign_up_tournament", entered=4, capacity=14, room=None, signed=20)
    jobs = [cancelling(hall.phone(), token) for token in made["tokens"][1:20:3]]  # 7 of them
    jobs += [signing_up(hall.phone(), made["pk"], f"Spät {k:02d}") for k in range(1, 31)]
    answers = at_once(jobs)
    no_errors(answers, hall)
    assert all(a.status == 302 for a in answers[:7])
    state = hall.call("sign_ups", pk=made["pk"])
    playing, waiting = holds(state, entered=4)
    assert len(playing) == 10 and 14 - 4 <= len(waiting) <= 14  # 4 who waited may cancel last
    late = [r["name"] for r in state["rows"] if r["name"].startswith("Spät")]
    refused = [a for a in answers[7:] if a.status == 200]
    assert len(late) == 30 - len(refused) and all("Warteliste ist voll" in a.page for a in refused)
    assert not any(name.startswith("Spät") for name in playing)  # came after all who waited


def test_no_shows_more_places_and_cancellations_at_once(hall: Rig) -> None:
    made = hall.call("sign_up_tournament", entered=3, capacity=9, room=10, signed=14)
    tokens, pk, desk = made["tokens"], made["pk"], f"/turniere/{made['pk']}/online-anmeldung/"
    here = [hall.phone() for _ in range(4)]
    for phone, token in zip(here, (tokens[0], tokens[1], tokens[7], tokens[9]), strict=True):
        phone.get(f"/pass/{token}/")
        assert phone.post(f"/pass/{token}/", {"action": "here"}).status == 302
    organisers = [hall.staff() for _ in range(2)]
    for o in organisers:
        o.get(desk)
    more = {"open": "on", "capacity": "11", "waiting": "10", "club_code": ""}
    jobs = [
        lambda: organisers[0].post(desk, {"action": "no-shows"}),
        lambda: organisers[1].post(desk, more),
        cancelling(hall.phone(), tokens[3]),
        cancelling(hall.phone(), tokens[10]),
        signing_up(hall.phone(), pk, "Neu 1"),
    ]
    answers = at_once(jobs)
    no_errors(answers, hall)
    state = hall.call("sign_ups", pk=pk)
    sound(state, entered=3)
    rows = {r["name"]: r["status"] for r in state["rows"]}
    assert rows["Online 001"] == rows["Online 002"] == "playing"  # here: never taken out
    assert rows["Online 004"] in ("cancelled", "absent")  # not here: taken out, if first
    assert rows["Online 011"] == "cancelled"  # who waits is never taken out as a no-show
    assert state["capacity"] == 11 and "absent" in rows.values()
