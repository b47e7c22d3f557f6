"""An action a phone kept while the hall's Wi-Fi was away comes with a key of its own: the
server takes each key once (the same key again is answered as the first time and stores
nothing), refuses a kept action in words when the table moved on meanwhile, and refuses a
broken key clearly, storing nothing."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from linkhelpers import basis, csrf_post, phone, tap
from rolloffhelpers import rolloff_form, send
from webhelpers import text

from factories import group_tournament, knockout_tournament, stored
from tafelrunde.web.core import ko_board
from tafelrunde.web.core.domain.store import read_only
from tafelrunde.web.core.models import FactRecord
from tafelrunde.web.core.seat import where_of
from tafelrunde.web.player.passes import tokens_for as pass_tokens
from tafelrunde.web.table.links import tokens_for
from tafelrunde.web.table.models import SentKey

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

KEY, OTHER = "k" * 32, "0123456789abcdef0123456789abcdef"
BROKEN = "ungültigen Schlüssel an; nichts wurde gespeichert"


def drawn_table() -> tuple[int, str, tuple[str, ...]]:
    """Game 1 of a group tournament drawn; table 1's link and its players."""
    rec = stored(group_tournament("gruppenmodus", 12, 1, lambda s: s.current is not None))
    st = read_only(rec)[1].current
    where = where_of(st, 1, 1)
    return rec.pk, tokens_for(rec, [where])[where], st.seated(1, 1)


def told(client: Client, url: str) -> str:
    """The words the page shows about the last action (its messages)."""
    found = re.search(r'<ul class="messages">(.*?)</ul>', text(client.get(url)), re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip() if found else ""


def stored_now(pk: int) -> tuple[int, int]:
    """How many facts and keys the tournament has stored."""
    return FactRecord.objects.filter(tournament_id=pk).count(), SentKey.objects.count()


def seated(token: str, player: str) -> Client:
    """A phone whose player tapped their name at the table."""
    made = phone()
    tap(made, token, player)
    return made


def entry(client: Client, token: str, pips: dict[str, int], key: str) -> dict[str, str]:
    """The result form as the page has it now, with pips and a key."""
    fields = {"action": "enter", "key": key} | basis(client, token)
    return fields | {f"pips-{p}": str(v) for p, v in pips.items()}


def test_the_same_key_twice_is_stored_once_and_answered_as_the_first_time() -> None:
    pk, token, (a, b, c, d) = drawn_table()
    url = f"/tisch/{token}/"
    first, second = seated(token, a), seated(token, b)
    sent = entry(first, token, {a: 40, b: 30, c: 20, d: 10}, KEY)
    before = stored_now(pk)
    assert csrf_post(first, url, sent).status_code == 302  # type: ignore[attr-defined]
    said = told(first, url)
    assert said == "Gespeichert: eingetragen – wartet auf Bestätigung."
    assert stored_now(pk) == (before[0] + 1, before[1] + 1)
    again = csrf_post(first, url, sent)  # the answer got lost: the phone sends it again
    assert again.status_code == 302 and told(first, url) == said  # type: ignore[attr-defined]
    assert stored_now(pk) == (before[0] + 1, before[1] + 1)
    entered = FactRecord.objects.filter(tournament_id=pk).order_by("n").last()
    assert entered is not None and SentKey.objects.get(key=KEY).fact == entered.n

    confirm = {"action": "confirm", "entry": str(entered.n), "key": OTHER}
    confirm |= basis(second, token)
    assert csrf_post(second, url, confirm).status_code == 302  # type: ignore[attr-defined]
    said = told(second, url)
    assert said == "Gespeichert: Das Ergebnis ist bestätigt und zählt."
    assert csrf_post(second, url, confirm).status_code == 302  # type: ignore[attr-defined]
    assert told(second, url) == said
    csrf_post(first, url, sent)  # the entry's key once more, after the table moved on
    assert told(first, url) == "Gespeichert: eingetragen – wartet auf Bestätigung."
    assert stored_now(pk) == (before[0] + 2, before[1] + 2)


def test_a_kept_action_after_the_table_moved_on_is_refused_in_words() -> None:
    pk, token, (a, b, c, d) = drawn_table()
    url = f"/tisch/{token}/"
    first, second = seated(token, a), seated(token, b)
    kept = entry(first, token, {a: 40, b: 30, c: 20, d: 10}, KEY)  # typed while offline
    assert csrf_post(second, url, entry(second, token, {a: 1, b: 2, c: 3, d: 4}, OTHER))
    before = stored_now(pk)
    refused = csrf_post(first, url, kept)
    said = "Inzwischen wurde an diesem Tisch etwas anderes eingetragen"
    assert said in text(refused)  # type: ignore[arg-type]
    assert stored_now(pk) == before and not SentKey.objects.filter(key=KEY).exists()

    entered = FactRecord.objects.filter(tournament_id=pk).order_by("n").last()
    assert entered is not None
    third = seated(token, c)
    late = {"action": "confirm", "entry": str(entered.n), "key": "c" * 32} | basis(third, token)
    fourth = seated(token, d)
    csrf_post(fourth, url, late | {"key": "d" * 32})  # confirmed meanwhile by another phone
    before = stored_now(pk)
    csrf_post(third, url, late)
    assert "Das Ergebnis dieses Tisches gilt schon" in told(third, url)
    assert stored_now(pk) == before and not SentKey.objects.filter(key="c" * 32).exists()


def test_a_roll_off_sent_twice_with_one_key_is_stored_once() -> None:
    pk, token, (a, b, c, d) = drawn_table()
    url = f"/tisch/{token}/"
    first, second = seated(token, a), seated(token, b)
    csrf_post(first, url, entry(first, token, {a: 17, b: 17, c: 12, d: 9}, KEY))
    entered = FactRecord.objects.filter(tournament_id=pk).order_by("n").last()
    assert entered is not None
    yes = {"action": "confirm", "entry": str(entered.n), "key": OTHER} | basis(second, token)
    csrf_post(second, url, yes)  # the tie counts: a Stechen is open at the table
    form = rolloff_form(first, token)
    before = stored_now(pk)
    for _ in range(2):
        sent = send(first, token, form, winner=b, key="r" * 32)
        assert sent.status_code == 302  # type: ignore[attr-defined]
        assert told(first, url) == "Gespeichert: eingetragen – wartet auf Bestätigung."
    assert stored_now(pk) == (before[0] + 1, before[1] + 1)


@pytest.mark.parametrize(
    "key", ["x" * 65, "kurz", "a b c d e f g h i j", "ä" * 20, "\x00" * 20, "k" * 31 + "/"]
)
def test_a_broken_key_is_refused_clearly_and_stores_nothing(key: str) -> None:
    pk, token, (a, b, c, d) = drawn_table()
    url = f"/tisch/{token}/"
    first = seated(token, a)
    before = stored_now(pk)
    answer = csrf_post(first, url, entry(first, token, {a: 4, b: 3, c: 2, d: 1}, key))
    assert answer.status_code == 200 and BROKEN in text(answer)  # type: ignore[attr-defined]
    confirm = {"action": "confirm", "entry": "1", "key": key} | basis(first, token)
    assert csrf_post(first, url, confirm).status_code == 302  # type: ignore[attr-defined]
    assert BROKEN in told(first, url)
    assert stored_now(pk) == before


def test_a_knockout_loss_and_a_check_in_take_each_key_once() -> None:
    rec = stored(knockout_tournament(11))
    table = read_only(rec)[1].open_tables()[0]
    where = ko_board.where_of(table.number)
    url = f"/tisch/{tokens_for(rec, [where])[where]}/"
    first = phone()
    csrf_post(first, url, {"action": "me", "player": table.remaining[0]})
    page = text(first.get(url))
    marks = dict(re.findall(r'name="(basis|game)" value="(\d+)"', page))
    lost = {"action": "lost", "loser": table.remaining[1], "key": KEY} | marks
    before = stored_now(rec.pk)
    for _ in range(2):
        assert csrf_post(first, url, lost).status_code == 302  # type: ignore[attr-defined]
        assert told(first, url) == "Gespeichert: eingetragen – wartet auf Bestätigung."
    assert stored_now(rec.pk) == (before[0] + 1, before[1] + 1)
    csrf_post(first, url, lost | {"key": "\x00bad"})
    assert BROKEN in told(first, url) and stored_now(rec.pk) == (before[0] + 1, before[1] + 1)


def test_a_check_in_at_the_pass_takes_its_key_once() -> None:
    rec = stored(group_tournament("gruppenmodus", 8, 1, lambda s: True))
    player = rec.players[0]["id"]
    url = f"/pass/{pass_tokens(rec, [player])[player]}/"
    mine = phone()
    csrf_post(mine, url, {"action": "here", "key": "x" * 80})
    assert BROKEN in told(mine, url) and SentKey.objects.count() == 0
    for _ in range(2):
        sent = csrf_post(mine, url, {"action": "here", "key": KEY})
        assert sent.status_code == 302  # type: ignore[attr-defined]
        assert told(mine, url).endswith("ist da.")
    assert SentKey.objects.filter(tournament=rec).count() == 1
