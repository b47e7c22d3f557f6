"""Random sequences of sign-ups, cancellations, check-ins, no-shows removed and changes of the
places, taken by the application's own functions on the database, against a model a person
can check by hand: the first sign-ups take the places, the next wait in the order they came
(as many as the waiting list holds), a freed place goes to the first who waits (after the
no-shows: the first who waits and is here), fewer places take nobody out."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from factories import morning, organiser_user
from tafelrunde.engine.errors import RuleError
from tafelrunde.presets import load_rules
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.domain.store import save_new
from tafelrunde.web.player import signups
from tafelrunde.web.player.arrival import arrive
from tafelrunde.web.player.models import SignUp

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

ENTERED = 3  # players typed in by the organisers: they take places first


@dataclass
class Model:
    """Who plays and who waits, kept as a person would on paper."""

    capacity: int | None
    room: int | None  # None: as many as the places
    playing: list[str] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)
    here: set[str] = field(default_factory=set)

    def places(self) -> int | None:
        """The places left for online sign-ups."""
        return None if self.capacity is None else max(0, self.capacity - ENTERED)

    def free(self) -> bool:
        """Say whether a place is free."""
        places = self.places()
        return places is None or len(self.playing) < places

    def bound(self) -> int | None:
        """How many may wait."""
        if self.capacity is None:
            return None
        return self.capacity if self.room is None else self.room

    def sign_up(self, name: str) -> bool:
        """A sign-up: plays, waits, or is refused (False)."""
        if self.free():
            self.playing.append(name)
        elif self.bound() is None or len(self.waiting) < (self.bound() or 0):
            self.waiting.append(name)
        else:
            return False
        return True

    def fill(self, *, here_only: bool = False) -> None:
        """Who waits moves up into free places, in the order they came."""
        for name in list(self.waiting):
            if not self.free():
                return
            if here_only and name not in self.here:
                continue
            self.waiting.remove(name)
            self.playing.append(name)

    def cancel(self, name: str) -> None:
        """A cancellation; the freed place goes to the first who waits."""
        (self.playing if name in self.playing else self.waiting).remove(name)
        self.here.discard(name)
        self.fill()

    def no_shows(self) -> None:
        """Who plays and is not here goes; who waits and is here moves up."""
        self.playing = [p for p in self.playing if p in self.here]
        self.fill(here_only=True)

    def change(self, capacity: int | None, room: int | None) -> None:
        """Other places: who waits moves up into places added; nobody is taken out."""
        self.capacity, self.room = capacity, room
        self.fill()


capacities = st.one_of(st.none(), st.integers(ENTERED, ENTERED + 4))
rooms = st.one_of(st.none(), st.integers(0, 3))


class SignUps(RuleBasedStateMachine):
    """The sign-up of one tournament, driven at random and checked after every step."""

    def __init__(self) -> None:
        """A tournament with its players typed in; its sign-up opened first."""
        super().__init__()
        names = "\n".join(f"Eingetragen {k}" for k in range(1, ENTERED + 1))
        tour = new_tournament("Modell", load_rules("gruppenmodus"), names, day=None,
                              at=morning(), by="Modell")  # fmt: skip
        self.rec = save_new(tour)
        self.model = Model(None, None)
        self.count = 0

    @initialize(capacity=capacities, room=rooms)
    def open_it(self, capacity: int | None, room: int | None) -> None:
        """The organisers open the sign-up."""
        signups.set_desk(self.rec, open_=True, capacity=capacity, room=room, code="")
        self.model = Model(capacity, room)

    @rule(people=st.integers(1, 3))
    def sign_up(self, people: int) -> None:
        """Somebody new signs up (one after another)."""
        for _ in range(people):
            self.count += 1
            name = f"Person {self.count:03d}"
            try:
                signups.sign_up(self.rec, name, "", "", "")
                taken = True
            except RuleError as err:
                assert err.msg.text("de").startswith("Alle Plätze sind vergeben")
                taken = False
            assert taken == self.model.sign_up(name)

    @precondition(lambda self: self._present())
    @rule(data=st.data())
    def cancel(self, data: st.DataObject) -> None:
        """Somebody who plays or waits cancels."""
        name = data.draw(st.sampled_from(self._present()))
        signups.cancel(SignUp.objects.get(tournament=self.rec, name=name))
        self.model.cancel(name)

    @precondition(lambda self: self._present())
    @rule(data=st.data())
    def arrives(self, data: st.DataObject) -> None:
        """Somebody who plays or waits says "Ich bin da"."""
        name = data.draw(st.sampled_from(self._present()))
        made = SignUp.objects.get(tournament=self.rec, name=name)
        mark = made.player or signups.waiting_id(made)
        arrive(self.rec, mark, desk=False, user=None, by=name)
        self.model.here.add(name)

    @rule()
    def no_shows(self) -> None:
        """The organisers take out the no-shows."""
        signups.remove_no_shows(self.rec, organiser_user())
        self.model.no_shows()

    @rule(capacity=capacities, room=rooms)
    def places(self, capacity: int | None, room: int | None) -> None:
        """The organisers change the places."""
        signups.set_desk(self.rec, open_=True, capacity=capacity, room=room, code="")
        self.model.change(capacity, room)

    def _present(self) -> list[str]:
        """Who plays or waits now, as the model says."""
        return [*self.model.playing, *self.model.waiting]

    @invariant()
    def as_the_model_says(self) -> None:
        """Who plays and who waits, in order, is what the model says."""
        rows = SignUp.objects.filter(tournament=self.rec).order_by("pk")
        playing = [s.name for s in rows if s.status == SignUp.PLAYING]
        waiting = [s.name for s in rows if s.status == SignUp.WAITING]
        assert (sorted(playing), waiting) == (sorted(self.model.playing), self.model.waiting)
        wl = signups.waitlist_of(self.rec)
        assert [int(pk) for pk in wl.waiting] == [s.pk for s in rows if s.name in waiting]


SignUps.TestCase.settings = settings(max_examples=40, stateful_step_count=25, deadline=None)
test_sign_ups_follow_the_model = SignUps.TestCase
