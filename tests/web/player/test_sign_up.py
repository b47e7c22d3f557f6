"""Online sign-up: places and a waiting list that moves up by itself, the registrant's pass at
once (place or waiting position, cancel), the desk's no-shows, and what the form refuses."""

from __future__ import annotations

import re
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes
from email.policy import default
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from django.test import Client, override_settings
from hypothesis import given, settings
from hypothesis import strategies as st
from signuphelpers import opened
from webhelpers import preview_seed, release, text

from tafelrunde.web.core import mailer
from tafelrunde.web.core.models import OutgoingMail, TournamentRecord
from tafelrunde.web.player import signups
from tafelrunde.web.player.models import Arrival, SignUp
from tafelrunde.web.player.waitlist import Waitlist

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]

PASS = re.compile(r"^/pass/([A-Za-z0-9_-]{24})/$")
SMTP = "django.core.mail.backends.smtp.EmailBackend"


@pytest.fixture(autouse=True)
def _mail_sent() -> Iterator[None]:
    """Every test ends with no mail being sent."""
    yield
    assert mailer.wait_idle(60)


def sign_up(pk: int, name: str, **more: str) -> Any:
    """A visitor sends the form (their own browser, as a phone would)."""
    data = {"name": name, "email": "", "note": "", "code": "", "website": ""} | more
    return Client().post(f"/turniere/{pk}/mitspielen/", data)


def players(pk: int) -> list[str]:
    """The tournament's players' names."""
    return [p["name"] for p in TournamentRecord.objects.get(pk=pk).players]


def test_places_then_the_waiting_list_and_a_cancellation_moves_the_first_up() -> None:
    client, rec = opened("6")  # 4 entered by the organisers, 2 places online
    passes = {}
    for name in ("Emil", "Frieda", "Günter"):
        answer = sign_up(rec.pk, name, email=f"{name.lower().replace('ü', 'ue')}@example.org")
        assert answer.status_code == 302
        passes[name] = answer["Location"]
        assert PASS.match(passes[name])
    assert players(rec.pk)[-2:] == ["Emil", "Frieda"] and "Günter" not in players(rec.pk)
    waiting = Client().get(passes["Günter"])
    assert "Warteliste" in text(waiting) and "Platz 1" in text(waiting)
    shown = text(Client().get(passes["Emil"]))
    assert "<h1>Emil</h1>" in shown and 'value="cancel"' in shown
    page = text(Client().get(f"/turniere/{rec.pk}/mitspielen/"))
    assert "Alle Plätze sind vergeben" in page
    mine = Client()
    mine.get(passes["Emil"])
    cancelled = mine.post(passes["Emil"], {"action": "cancel"})
    assert cancelled.status_code == 302
    assert "Emil" not in players(rec.pk) and players(rec.pk)[-1] == "Günter"  # moved up
    assert Client().get(passes["Emil"]).status_code == 404
    now = text(Client().get(passes["Günter"]))
    assert "<h1>Günter</h1>" in now and "Wo ich jetzt sitze" in now  # a player's pass now
    desk = text(client.get(f"/turniere/{rec.pk}/online-anmeldung/"))
    assert "guenter@example.org" in desk and "emil@example.org" in desk  # organisers only
    for public in (f"/turniere/{rec.pk}/", f"/turniere/{rec.pk}/spieler/", "/api/v1/tournaments"):
        assert "example.org" not in Client().get(public).content.decode()


def test_the_form_refuses_what_it_cannot_take_and_stores_nothing() -> None:
    _client, rec = opened("10", code="Würfel")
    assert sign_up(rec.pk, "Xenia", code="Würfel").status_code == 302
    before = (SignUp.objects.count(), players(rec.pk))
    for name, more, said in (
        ("xenia", {"code": "Würfel"}, "schon angemeldet"),
        ("  XENIA  ", {"code": "Würfel"}, "schon angemeldet"),
        ("anna", {"code": "Würfel"}, "schon angemeldet"),  # a player entered by hand
        ("Yorick\x00", {"code": "Würfel"}, "Null"),
        ("Yorick\x07", {"code": "Würfel"}, "U+0007"),
        ("B" * 101, {"code": "Würfel"}, "100"),
        ("", {"code": "Würfel"}, "Bitte deinen Namen eintragen."),
        ("Yorick", {"code": "falsch"}, "Vereinscode stimmt nicht"),
        ("Yorick", {"code": "Würfel", "email": "kein-mail"}, "E-Mail"),
    ):
        answer = sign_up(rec.pk, name, **more)
        assert answer.status_code == 200, name
        assert said in text(answer), (name, text(answer)[-2000:])
    robot = sign_up(rec.pk, "Robo", code="Würfel", website="http://spam.example")
    assert robot.status_code == 200
    assert (SignUp.objects.count(), players(rec.pk)) == before


def test_a_closed_form_and_a_drawn_tournament_take_no_sign_up() -> None:
    client, rec = opened("", n=6)  # with the one signing up: tables of 3 and 4
    assert 'id="sign-up-call"' in text(Client().get(f"/turniere/{rec.pk}/"))  # the link
    client.post(f"/turniere/{rec.pk}/online-anmeldung/", {"capacity": ""})  # closed again
    assert 'id="sign-up-call"' not in text(Client().get(f"/turniere/{rec.pk}/"))
    assert "geschlossen" in text(Client().get(f"/turniere/{rec.pk}/mitspielen/"))
    assert sign_up(rec.pk, "Xenia").status_code == 200 and not SignUp.objects.exists()
    client.post(f"/turniere/{rec.pk}/online-anmeldung/", {"open": "on", "capacity": ""})
    assert sign_up(rec.pk, "Xenia").status_code == 302
    seed, _ = preview_seed(client, rec.pk, 7)
    release(client, rec.pk, seed)
    assert "geschlossen" in text(Client().get(f"/turniere/{rec.pk}/mitspielen/"))
    assert sign_up(rec.pk, "Yorick").status_code == 200 and SignUp.objects.count() == 1


def test_a_cancel_on_a_pass_after_the_first_draw_is_refused_in_words() -> None:
    client, rec = opened("", n=6)  # with Xenia: tables of 3 and 4
    answer = sign_up(rec.pk, "Xenia")
    seed, _ = preview_seed(client, rec.pk, 7)
    release(client, rec.pk, seed)
    mine = Client()
    mine.get(answer["Location"])
    refused = mine.post(answer["Location"], {"action": "cancel"}, follow=True)
    assert refused.status_code == 200  # (a server error before)
    assert "nur noch die Turnierleitung abmelden" in text(refused)
    assert "Xenia" in players(rec.pk) and SignUp.objects.get(name="Xenia").status == "playing"


def test_the_waiting_list_holds_as_many_as_the_organisers_set_and_says_when_full() -> None:
    client, rec = opened("5")  # 4 entered: 1 place online
    desk = f"/turniere/{rec.pk}/online-anmeldung/"
    client.post(desk, {"open": "on", "capacity": "5", "waiting": "2"})
    assert [sign_up(rec.pk, n).status_code for n in ("Emil", "Frieda", "Günter")] == [302] * 3
    full = sign_up(rec.pk, "Hanne")
    assert full.status_code == 200 and SignUp.objects.count() == 3
    assert "die Warteliste ist voll (2 Plätze)" in text(full)
    assert 'id="sign-up-form"' not in text(Client().get(f"/turniere/{rec.pk}/mitspielen/"))
    assert "2 Plätze auf der Warteliste" in text(client.get(desk))
    bad = client.post(desk, {"open": "on", "capacity": "5", "waiting": "-1"})
    assert bad.status_code == 200 and 'id="waiting-error"' in text(bad)
    client.post(desk, {"open": "on", "capacity": "5", "waiting": ""})  # as many as places
    assert sign_up(rec.pk, "Hanne").status_code == 302
    assert [s.status for s in SignUp.objects.order_by("pk")] == ["playing"] + ["waiting"] * 3


def test_the_desk_removes_the_no_shows_and_who_waits_and_is_here_moves_up() -> None:
    client, rec = opened("6")
    answers = {name: sign_up(rec.pk, name) for name in ("Emil", "Frieda", "Günter", "Hanne")}
    emil = SignUp.objects.get(name="Emil")
    Arrival.objects.create(tournament=rec, player=emil.player)
    hanne = Client()  # waits (place 2) and says on her pass that she is here
    assert "Ich bin da" in text(hanne.get(answers["Hanne"]["Location"]))
    hanne.post(answers["Hanne"]["Location"], {"action": "here"})
    answer = client.post(f"/turniere/{rec.pk}/online-anmeldung/", {"action": "no-shows"})
    assert answer.status_code == 302
    assert players(rec.pk)[-2:] == ["Emil", "Hanne"]  # Frieda did not come; Hanne is here
    assert SignUp.objects.get(name="Frieda").status == SignUp.NO_SHOW
    log = text(client.get(f"/turniere/{rec.pk}/protokoll/"))
    assert "Nicht erschienen, vor der ersten Auslosung entfernt: Frieda" in log
    passes_page = text(client.get(f"/turniere/{rec.pk}/paesse/"))
    assert "2 von 6 Spielern sind da" in passes_page  # Emil and Hanne; nobody gone counted
    assert SignUp.objects.get(name="Günter").status == SignUp.WAITING  # not here: still waits
    hanne_now = SignUp.objects.get(name="Hanne")
    assert Arrival.objects.filter(tournament=rec, player=hanne_now.player).exists()


@override_settings(SIGN_UP_RATE="3/h")
def test_sign_ups_are_limited_per_address() -> None:
    _client, rec = opened("")
    typos = [sign_up(rec.pk, "").status_code for _ in range(5)]  # mistakes in a field
    assert typos == [200] * 5 and "zu viele" not in text(sign_up(rec.pk, ""))  # cost no try
    answers = [sign_up(rec.pk, f"Spieler {k}").status_code for k in range(5)]
    assert answers[:3] == [302, 302, 302] and answers[3] == 200
    assert "zu viele Anmeldungen" in text(sign_up(rec.pk, "Spieler 9"))
    assert SignUp.objects.count() == 3


actions = st.lists(st.tuples(st.sampled_from(["up", "cancel", "check-in"]), st.integers(0, 30)),
                   max_size=60)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(capacity=st.one_of(st.none(), st.integers(0, 6)), steps=actions)
def test_the_waiting_list_loses_nobody_keeps_the_order_and_the_capacity(
    capacity: int | None, steps: list[tuple[str, int]]
) -> None:
    wl = Waitlist(capacity)
    came: list[str] = []  # everybody who signed up and did not cancel, in order
    for action, k in steps:
        who = f"s{k}"
        if action == "up" and who not in came:
            wl.sign_up(who)
            came.append(who)
        elif action == "cancel" and who in came:
            wl.cancel(who)
            came.remove(who)
        # "check-in" changes nothing of the order
        assert capacity is None or len(wl.playing) <= capacity  # capacity never exceeded
        assert sorted(wl.playing + wl.waiting) == sorted(came)  # nobody lost, nobody twice
        assert wl.waiting == [c for c in came if c in wl.waiting]  # waiting: in order came
        assert not wl.waiting or wl.full()  # nobody waits while a place is free


def test_a_format_d_sign_up_is_a_registration_and_a_cancellation_withdraws_it() -> None:
    from dataclasses import replace  # noqa: F401  (the preset as it is)
    from datetime import timedelta

    from django.utils import timezone

    from factories import USER, morning, names, organiser_user, stored
    from tafelrunde.presets import load_rules
    from tafelrunde.web.core.domain.setup import new_tournament
    from tafelrunde.web.core.domain.store import read_only

    organiser_user()
    day = timezone.localdate() + timedelta(days=7)
    tour = new_tournament("Schocken", load_rules("schocken-ko"), "\n".join(names(8)), day=day,
                          at=morning(), by=USER)  # fmt: skip
    rec = stored(tour)
    client = Client()
    client.force_login(organiser_user())
    client.post(f"/turniere/{rec.pk}/online-anmeldung/", {"open": "on", "capacity": "9"})
    first, second = sign_up(rec.pk, "Xaver"), sign_up(rec.pk, "Yvonne")
    assert first.status_code == second.status_code == 302
    state = read_only(TournamentRecord.objects.get(pk=rec.pk))[1]
    assert [p.name for p in state.players.values()][-1] == "Xaver"  # the 9th place
    mine = Client()
    mine.post(first["Location"], {"action": "cancel"})
    state = read_only(TournamentRecord.objects.get(pk=rec.pk))[1]
    by_name = {p.name: p for p in state.players.values()}
    assert by_name["Xaver"].status.value == "withdrawn" and "Yvonne" in by_name  # moved up


@pytest.mark.django_db(transaction=True)  # the mail goes out from a thread of its own
@override_settings(EMAIL_HOST="smtp.example.org",
                   EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend")  # fmt: skip
def test_with_an_smtp_server_the_pass_is_mailed_and_without_one_nothing_is_sent() -> None:
    from django.core import mail

    _client, rec = opened("")
    answer = sign_up(rec.pk, "Xaver", email="xaver@example.org")
    assert mailer.wait_idle(60)
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["xaver@example.org"]
    assert answer["Location"] in mail.outbox[0].body and "Xaver" in mail.outbox[0].body
    sign_up(rec.pk, "Yvonne")  # no address: no mail
    with override_settings(EMAIL_HOST=""):
        sign_up(rec.pk, "Zora", email="zora@example.org")
    assert mailer.wait_idle(60)
    assert len(mail.outbox) == 1


@pytest.mark.django_db(transaction=True)  # the mail goes out from a thread of its own
@override_settings(EMAIL_HOST="smtp.example.org",
                   EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend")  # fmt: skip
def test_who_moves_up_from_the_waiting_list_is_mailed_that_they_have_a_place() -> None:
    """By a cancellation, by more places and by the no-show button; with an address only."""
    from django.core import mail

    client, rec = opened("5")  # one place online
    answers = {n: sign_up(rec.pk, n, email=f"{n.lower()}@example.org")
               for n in ("Emil", "Frieda", "Gustav", "Hanne")}  # fmt: skip
    sign_up(rec.pk, "Ida")  # waits, with no address
    assert mailer.wait_idle(60)
    mail.outbox.clear()

    def had_place() -> list[tuple[str, str]]:
        """Who was mailed a place since the last look, with their mail's body."""
        assert mailer.wait_idle(60)
        got = [(m.to[0], m.body) for m in mail.outbox if m.subject.startswith("Du hast einen")]
        mail.outbox.clear()
        return got

    Client().post(answers["Emil"]["Location"], {"action": "cancel"})
    [(to, body)] = had_place()
    assert to == "frieda@example.org" and "Du hast einen Platz" in body
    assert answers["Frieda"]["Location"] in body and body.startswith("Hallo Frieda")
    desk = f"/turniere/{rec.pk}/online-anmeldung/"
    client.post(desk, {"open": "on", "capacity": "6"})
    assert [to for to, _ in had_place()] == ["gustav@example.org"]
    hanne = SignUp.objects.get(name="Hanne")
    Client().post(answers["Hanne"]["Location"], {"action": "here"})
    assert Arrival.objects.filter(player=signups.waiting_id(hanne)).exists()
    client.post(desk, {"action": "no-shows"})  # Frieda and Gustav did not come: Hanne moves up
    assert [to for to, _ in had_place()] == ["hanne@example.org"]
    client.post(desk, {"open": "on", "capacity": "10"})  # Ida moves up: no address, no mail
    assert SignUp.objects.get(name="Ida").status == SignUp.PLAYING and had_place() == []


@contextmanager
def mail_server() -> Iterator[tuple[int, list[Any]]]:
    """A real SMTP server on a free port of this machine; the messages it received."""
    received: list[Any] = []

    class Keep:
        async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
            """Keep the message."""
            received.append(message_from_bytes(envelope.content, policy=default))
            return "250 OK"

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(Keep(), hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield port, received
    finally:
        controller.stop()


def smtp_at(port: int, **more: Any) -> Any:
    """The settings of a mail server on this machine's port, without TLS."""
    return override_settings(EMAIL_BACKEND=SMTP, EMAIL_HOST="127.0.0.1", EMAIL_PORT=port,
                             EMAIL_USE_TLS=False, **more)  # fmt: skip


@pytest.mark.django_db(transaction=True)  # the mail goes out from a thread of its own
def test_the_pass_is_mailed_through_a_real_smtp_server_and_a_dead_one_loses_nothing() -> None:
    _client, rec = opened("")
    with mail_server() as (port, received), smtp_at(port, DEFAULT_FROM_EMAIL=FROM):
        answer = sign_up(rec.pk, "Xaver Öztürk", email="xaver@example.org")
        assert mailer.wait_idle(60)
    assert len(received) == 1
    mail = received[0]
    assert mail["To"] == "xaver@example.org" and mail["From"] == FROM
    assert mail["Subject"] == f"Deine Anmeldung: {rec.name}"
    body = mail.get_content()
    assert (
        body.startswith("Hallo Xaver Öztürk,") and "ist eingegangen. Du hast einen Platz." in body
    )
    assert "http://testserver" + answer["Location"] in body and "abmelden" in body
    with socket.socket() as probe:  # a port nobody listens on: the sign-up is taken anyway
        probe.bind(("127.0.0.1", 0))
        dead = probe.getsockname()[1]
    with smtp_at(dead):
        assert sign_up(rec.pk, "Yvonne", email="yvonne@example.org").status_code == 302
        assert mailer.wait_idle(60)
    assert "Yvonne" in players(rec.pk)


FROM = "turnier@wuerfelfreunde.example"


@contextmanager
def silent_mail_server() -> Iterator[tuple[int, threading.Event]]:
    """A mail server that takes a connection and never answers; the event is set once the
    client gives up on it (closes the connection)."""
    gave_up = threading.Event()
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(120)

    def serve() -> None:
        try:
            conn, _ = listener.accept()
            with conn:
                while conn.recv(1024):
                    pass
        except OSError:
            return
        gave_up.set()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1], gave_up
    finally:
        listener.close()


def desk_notice(client: Client, pk: int) -> str:
    """The organisers' sign-up page once it tells of a mail not delivered."""
    assert mailer.wait_idle(60), "the mail was never tried"
    page = text(client.get(f"/turniere/{pk}/online-anmeldung/"))
    assert "nicht zugestellt" in page, "the desk does not say that the mail was not delivered"
    return page


@pytest.mark.django_db(transaction=True)  # the mail goes out from a thread of its own
def test_a_silent_mail_server_holds_no_sign_up_and_the_desk_says_so() -> None:
    """A mail server that never answers: the sign-up is answered while the mail's attempt is
    still waiting for it; the organisers then read that the mail was not delivered, to whom,
    with the pass's link, and send it once more when the mail server works again."""
    client, rec = opened("")
    with silent_mail_server() as (port, gave_up), smtp_at(port, EMAIL_TIMEOUT=3):
        answer = sign_up(rec.pk, "Yvonne", email="yvonne@example.org")
        assert answer.status_code == 302
        assert not gave_up.is_set(), "the answer waited for the mail server"
        assert gave_up.wait(60)
        page = desk_notice(client, rec.pk)
    assert "1 Mail nicht zugestellt" in page
    notice = page[page.index('id="mails-undelivered"') :]
    notice = notice[: notice.index("</div>")]
    assert "Yvonne (yvonne@example.org)" in notice
    assert f'href="http://testserver{answer["Location"]}"' in notice
    assert "Yvonne" in players(rec.pk)
    token = PASS.fullmatch(answer["Location"]).group(1)  # type: ignore[union-attr]
    kept = OutgoingMail.objects.get()
    assert token not in kept.body + kept.base + kept.error  # a copy of the database opens no pass
    with mail_server() as (port, received), smtp_at(port):
        again = client.post(f"/turniere/{rec.pk}/online-anmeldung/", {"action": "mails-again"})
        assert again.status_code == 302
        assert mailer.wait_idle(60)
    assert [m["To"] for m in received] == ["yvonne@example.org"]
    assert f"http://testserver/pass/{token}/" in received[0].get_content()
    assert "nicht zugestellt" not in text(client.get(f"/turniere/{rec.pk}/online-anmeldung/"))
