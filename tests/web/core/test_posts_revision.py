"""Every POST of the organisers' apps (and of the players' pass and sign-up) that changes what
a public page shows moves the tournament's revision: the live streams hear it (NOTIFY on
PostgreSQL), and the copies of pages kept in each process are made anew. A POST about no
tournament (an event, a season, a person) moves the site's mark the copies check instead.

The addresses that take a POST are found in the URLconf (`postwalk.writers`), so a new one
has no case (in `postcases`) and fails the first test. Each case posts a valid form that changes
something, on a tournament in a state where it applies; then every public page is rendered
for an anonymous visitor, as served (through the kept copies) and fresh (everything kept
forgotten), and compared with the pages before.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from postcases import (
    ALL,
    Case,
    before_the_draw,
    club_world,
    in_play,
    knockout,
    late_tournament,
    the_club,
)
from postwalk import (
    World,
    forget_kept,
    public_pages,
    render,
    revisions,
    site_mark,
    stored_rows,
    writers,
)

from factories import (
    dated_tournament,
    group_tournament,
    knockout_tournament,
    logged_in,
    organiser_user,
    rolloff_open,
    stored,
)
from tafelrunde.web.club.models import Person
from tafelrunde.web.core.domain import planning

pytestmark = [pytest.mark.integration]


@pytest.fixture(autouse=True)
def _watched(settings: Any) -> Iterator[None]:
    """Note which views read a posted form; forget what earlier tests kept."""
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, "postwalk.PostWatch"]
    forget_kept()
    yield
    assert planning.wait_idle(120)


# -- the walk -------------------------------------------------------------------------


def walk(world: World, cases: list[Case]) -> list[str]:
    """Post every case in order; return what went wrong (a page shown anew without the
    revision or the site's mark moving, or a copy older than the page made fresh)."""
    organiser, phone = logged_in(), Client()
    pages = public_pages(Client(), world)
    before, world.extra["rows"] = render(pages, fresh=True), stored_rows()
    wrong: list[str] = []
    for case in cases:
        path, data = case.form(organiser, world)
        rows = stored_rows()
        if rows != world.extra.get("rows"):
            before = render(pages, fresh=True)  # reading the forms wrote (e.g. a pass made)
        marks, site = revisions(), site_mark()
        response = (phone if case.poster == "phone" else organiser).post(path, data)
        assert response.status_code in (200, 302), (case.name, response.status_code)
        world.extra["rows"] = stored_rows()
        if case.writes and world.extra["rows"] == rows:
            wrong.append(f"{case.name} ({path}): the form changed nothing: {data}")
        served = render(pages, fresh=False)
        after = render(pages, fresh=True)
        wrong += judged(case, data, world, (before, served, after), marks, site)
        before = after
    return wrong


def judged(
    case: Case,
    data: dict[str, Any],
    world: World,
    shown: tuple[dict[str, bytes], dict[str, bytes], dict[str, bytes]],
    marks: dict[int, str],
    site: int,
) -> list[str]:
    """What a case did wrong to the pages (`shown`: before, served after, fresh after)."""
    before, served, after = shown
    moved = {pk for pk, rev in marks.items() if revisions().get(pk) != rev}
    name = " ".join([case.name, str(data.get("action", ""))]).strip()
    wrong = []
    for path in after:
        if served[path] != after[path]:
            wrong.append(f"{name}: {path} is served from an older copy")
        if before[path] == after[path]:
            continue
        owner = owner_of(path, world)
        if owner is not None and owner not in moved:
            if case.about is not None or site_mark() == site:
                wrong.append(f"{name}: {path} changed, its revision did not")
        elif owner is None and case.about is None and site_mark() == site:
            wrong.append(f"{name}: {path} changed, the site's mark did not")
    return wrong


def owner_of(path: str, world: World) -> int | None:
    """The tournament a public page is of (None: the club's)."""
    found = re.match(r"/(?:turniere|einbetten/turniere|api/v1/tournaments)/(\d+)(?:/|$)", path)
    pk = int(found.group(1)) if found else None
    return pk if pk in world.tournaments.values() else None


# -- the tests ----------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_every_address_that_takes_a_post_has_a_case() -> None:
    found = writers(logged_in(), club_world())
    walked = {case.name for cases in ALL for case in cases()}
    assert set(found) - walked == set(), "a POST without a case in this walk"
    assert walked - set(found) == set(), "a case of an address that takes no POST"


@pytest.mark.django_db
def test_before_the_first_draw_every_change_moves_the_revision() -> None:
    world = club_world()
    world.tournaments = {"open": world.tournaments["open"]}
    wrong = walk(world, before_the_draw())
    assert not wrong, "\n".join(wrong)


@pytest.mark.django_db
def test_in_play_every_change_moves_the_revision() -> None:
    organiser_user()
    a = stored(group_tournament("gruppenmodus", 12, 1, rolloff_open(10)))
    world = World({"late": late_tournament().pk, "A": a.pk})
    wrong = walk(world, in_play())
    assert not wrong, "\n".join(wrong)


@pytest.mark.django_db
def test_format_d_every_change_moves_the_revision() -> None:
    organiser_user()
    world = World({"D": stored(knockout_tournament(11)).pk})
    wrong = walk(world, knockout())
    assert not wrong, "\n".join(wrong)


@pytest.mark.django_db(transaction=True)
def test_the_clubs_changes_move_the_sites_mark() -> None:
    world = club_world()
    played = dated_tournament("B", 8, timezone.localdate(), None)
    Person.objects.create(name="Spieler 01", member=True)
    world.tournaments = {"played": played.pk, "open": world.tournaments["open"]}
    wrong = walk(world, the_club())
    assert not wrong, "\n".join(wrong)
