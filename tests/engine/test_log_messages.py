"""A log line's message survives the file and the database: same text in every language."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import MAX_SEED
from tafelrunde.engine.log import message_data, message_from_data
from tafelrunde.i18n import Message, msg, msg_n

pytestmark = pytest.mark.unit

IDS = [
    "Result entered: game {game}, table {table}",
    "{n} player",
    "Rules changed",
    "{undo}: {target}",
]
values = st.one_of(
    st.integers(0, 10**6),
    st.integers(0, MAX_SEED),  # a draw's seed is told in its log line
    st.text(st.characters(categories=("L", "N", "P", "Zs")), max_size=30),
)


@st.composite
def messages(draw: Any, depth: int = 0) -> Message:
    """A message with whole-number or text parameters, sometimes nested or plural."""
    if draw(st.booleans()):
        count = draw(st.integers(0, 5))
        return msg_n("{n} player", "{n} players", count, who=draw(values))
    inner = messages(depth + 1) if depth < 2 else values
    params = draw(st.dictionaries(st.sampled_from(["game", "table", "undo", "target"]),
                                  st.one_of(values, inner), max_size=4))  # fmt: skip
    text = " ".join(f"{{{k}}}" for k in params) or draw(st.sampled_from(IDS[2:3]))
    return msg(text, **params)


@given(messages())
def test_a_message_as_data_reads_back_the_same(m: Message) -> None:
    data = json.loads(json.dumps(message_data(m)))
    back = message_from_data(data, "log")
    assert back.text("de") == m.text("de") and back.text("en") == m.text("en")
    assert message_data(back) == message_data(m)


@pytest.mark.parametrize(
    "raw",
    [
        {"id": "{missing} {a}", "params": {"a": 1}},
        {"id": "x", "params": {"a b": 1}},
        {"id": "x", "params": [1]},
        {"id": "{n}", "params": {}, "plural": 5, "count": 1},
        {
            "id": "x",
            "params": {
                "a": {
                    "id": "y",
                    "params": {
                        "b": {"id": "z", "params": {"c": {"id": "w", "params": {"d": {"id": "v"}}}}}
                    },
                }
            },
        },
        "text",
    ],
)
def test_a_broken_message_in_a_file_is_refused(raw: Any) -> None:
    with pytest.raises(RuleError):
        message_from_data(raw, "log")
