"""The door before Django: a few requests inside at once, the players' phones first."""

from __future__ import annotations

import asyncio

import pytest

from tafelrunde.web.core.asgi import Gate

pytestmark = [pytest.mark.unit]


def test_one_slot_stays_free_for_phones_and_a_freed_slot_goes_to_a_phone_first() -> None:
    """Three slots: others take two at most, so a phone enters at once; when every slot is
    taken, a phone that came last gets the next freed slot before the others in line."""

    async def settle() -> None:
        for _ in range(5):  # a woken task runs, ends and calls back over a few turns
            await asyncio.sleep(0)

    async def run() -> list[str]:
        gate = Gate(3)
        order: list[str] = []
        first = await gate.enter()
        second = await gate.enter()
        third = asyncio.ensure_future(gate.enter())  # an other: the last slot is the phones'
        await settle()
        assert not third.done()
        phone = await gate.enter(phone=True)  # at once
        waiting = [asyncio.ensure_future(gate.enter()) for _ in range(2)]
        late_phone = asyncio.ensure_future(gate.enter(phone=True))
        await settle()
        for name, task in (("other", third), *(("other", t) for t in waiting),
                           ("phone", late_phone)):  # fmt: skip
            task.add_done_callback(lambda _, n=name: order.append(n))
        gate.leave(phone, phone=True)  # the phones' slot: to the phone in line
        await settle()
        assert order == ["phone"] and not third.done()
        gate.leave(first)  # an other's slot: the first other in line
        await settle()
        assert order == ["phone", "other"] and third.done()
        gate.leave(late_phone.result(), phone=True)
        gate.leave(second)
        gate.leave(third.result())
        await asyncio.gather(*waiting)
        assert len({t.result() for t in waiting}) == 2 and len(order) == 4
        return order

    assert asyncio.run(run()) == ["phone", "other", "other", "other"]
