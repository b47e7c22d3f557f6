"""hall.md, "The player's pass": a secret link per player (a member's per person), "Mein
Platz" behind it, the phone it binds, check-in, renewal, and what a pass never does."""

from __future__ import annotations

import re

import pytest
from django.test import Client, override_settings
from linkhelpers import basis, csrf_post, drawn, enter, phone, seats, status, tap, tokens
from passhelpers import PASS, pass_of
from webhelpers import create, logged, organiser, preview_seed, release, state_of, text

from tafelrunde.web.club import people
from tafelrunde.web.club.models import Person, PlayerLink
from tafelrunde.web.core.models import FactRecord, TournamentRecord
from tafelrunde.web.player import passes
from tafelrunde.web.player.models import Arrival, PlayerPass
from tafelrunde.web.table.models import PhoneBinding

pytestmark = [pytest.mark.integration, pytest.mark.django_db, pytest.mark.both_databases]

GONE = "Dieser Pass gilt nicht (mehr)"


def test_a_pass_shows_where_the_player_sits_and_binds_the_phone() -> None:
    client, pk = drawn()
    a, b, c, d = seats(pk)
    token = pass_of(client, pk, a)
    assert len(token) == 24 and not PlayerPass.objects.filter(sealed__contains=token).exists()
    assert PlayerPass.objects.get(tournament_id=pk, player=a).digest != token  # a digest only
    mine = phone()
    page = text(mine.get(f"/pass/{token}/"))
    name = state_of(pk).tournament.name_of
    assert f"<h1>{name(a)}</h1>" in page
    assert "Wo ich jetzt sitze" in page and "Tisch 1" in page and "Platz 1" in page
    assert "Nach der Partie: Trage das Ergebnis deines Tisches ein." in page
    assert 'id="to-table"' in page and "data-live-stream" in page  # live, with a lost sign
    assert 'id="live-lost"' in page
    assert f"Mit: {name(b)}, {name(c)}, {name(d)}" in page  # the table, in seat order
    assert set(PASS.findall(page)) == {token}  # no other pass, and only its own table link
    assert len(set(re.findall(r"/tisch/[A-Za-z0-9_-]{24}/", page))) == 1
    for _ in range(3):  # link previews and scanners keep no cookie: they bind nothing
        assert phone().get(f"/pass/{token}/").status_code == 200
    assert not PhoneBinding.objects.exists()  # a pass binds its phone at its first table
    table = tokens(client, pk)[0]
    shown = text(mine.get(f"/tisch/{table}/"))
    assert f"Du bist {name(a)}." in shown  # no name to tap: the pass told who
    bond = PhoneBinding.objects.get(tournament_id=pk)
    assert (bond.player, bond.by_pass) == (a, True)
    assert enter(mine, table, {a: 40, b: 30, c: 20, d: 10}).status_code == 302  # type: ignore[attr-defined]
    assert status(pk) == "entered"
    again = text(mine.get(f"/pass/{token}/"))
    assert "Ein anderer Spieler deines Tisches bestätigt es." in again


def test_a_tapped_name_binds_the_phone_and_another_name_needs_the_organisers() -> None:
    client, pk = drawn()
    a, b, _c, _d = seats(pk)
    table = tokens(client, pk)[0]
    mine = phone()
    tap(mine, table, a)
    tap(mine, table, b)  # asks to be b
    bond = PhoneBinding.objects.get(tournament_id=pk)
    assert (bond.player, bond.asked) == (a, b)
    name = state_of(pk).tournament.name_of
    board = text(client.get(f"/turniere/{pk}/ergebnistafel/"))
    assert "1 Handy möchte ein anderer Spieler sein" in board
    desk = text(client.get(f"/turniere/{pk}/paesse/"))
    assert f"Ein Handy von {name(a)} möchte {name(b)} sein." in desk
    allowed = client.post(f"/turniere/{pk}/paesse/", {"action": "allow", "binding": bond.pk})
    assert allowed.status_code == 302
    assert f"Du bist {name(b)}." in text(mine.get(f"/tisch/{table}/"))
    assert f"Das Handy gehört jetzt zu {name(b)}." in logged(TournamentRecord.objects.get(pk=pk))
    twice = client.post(f"/turniere/{pk}/paesse/", {"action": "allow", "binding": bond.pk})
    assert "Über diese Anfrage wurde schon entschieden." in text(client.get(twice["Location"]))


def test_with_identity_pass_only_passes_and_staff_enter() -> None:
    client, pk = drawn()
    a, b, c, d = seats(pk)
    saved = client.post(f"/turniere/{pk}/paesse/", {"action": "identity", "identity": "pass"})
    assert saved.status_code == 302
    assert TournamentRecord.objects.get(pk=pk).identity == "pass"
    table = tokens(client, pk)[0]
    stranger = phone()
    page = text(stranger.get(f"/tisch/{table}/"))
    assert "Hier tragen nur Spielerpässe ein und bestätigen" in page and 'value="me"' not in page
    assert "öffnet seinen Pass und trägt hier das Ergebnis ein" in page
    tap(stranger, table, a)  # a forged tap binds nothing
    assert not PhoneBinding.objects.filter(tournament_id=pk).exists()
    before = FactRecord.objects.filter(tournament_id=pk).count()
    enter(stranger, table, {a: 40, b: 30, c: 20, d: 10}, mark={"basis": "0", "game": "1"})
    assert FactRecord.objects.filter(tournament_id=pk).count() == before
    mine = phone()
    mine.get(f"/pass/{pass_of(client, pk, a)}/")
    assert enter(mine, table, {a: 40, b: 30, c: 20, d: 10}).status_code == 302  # type: ignore[attr-defined]
    assert status(pk) == "entered"
    bad = client.post(f"/turniere/{pk}/paesse/", {"action": "identity", "identity": "alle"})
    assert "passt nicht mehr" in text(client.get(bad["Location"]))
    assert TournamentRecord.objects.get(pk=pk).identity == "pass"


def test_guessed_renewed_and_foreign_passes_reveal_nothing() -> None:
    client, pk = drawn()
    a, b, _c, _d = seats(pk)
    token = pass_of(client, pk, a)
    stranger = phone()
    for wrong in ("x" * 24, token[:-1] + ("A" if token[-1] != "A" else "B"), "kurz", "ä" * 24):
        answer = stranger.get(f"/pass/{wrong}/")
        assert answer.status_code == 404 and GONE in text(answer)
    assert not PhoneBinding.objects.exists()
    assert (
        client.post(f"/turniere/{pk}/paesse/", {"action": "renew", "player": a}).status_code == 302
    )
    assert stranger.get(f"/pass/{token}/").status_code == 404
    fresh_token = pass_of(client, pk, a)
    assert fresh_token != token and stranger.get(f"/pass/{fresh_token}/").status_code == 200
    other = pass_of(client, pk, b)
    client.post(f"/turniere/{pk}/paesse/", {"action": "renew-all"})
    assert stranger.get(f"/pass/{fresh_token}/").status_code == 404
    assert stranger.get(f"/pass/{other}/").status_code == 404
    refused = Client().post(f"/turniere/{pk}/paesse/", {"action": "renew-all"})
    assert refused.status_code in (302, 403) and PlayerPass.objects.count() == 0


def test_a_members_pass_belongs_to_the_person_and_ends_with_a_merge() -> None:
    client = Client()
    organiser(client)
    first = create(client, "gruppenmodus", 12)
    second = create(client, "alhambra", 12)
    anna, twin = Person.objects.create(name="Anna Alt"), Person.objects.create(name="Anna A.")
    people.link(first, first.players[0]["id"], anna)
    people.link(second, second.players[3]["id"], anna)
    one = pass_of(client, first.pk, first.players[0]["id"])
    assert one == pass_of(client, second.pk, second.players[3]["id"])  # one pass, every evening
    page = text(phone().get(f"/pass/{one}/"))
    assert "Meine anderen Turniere" in page and f"?turnier={first.pk}" in page  # the newest
    seed, _ = preview_seed(client, first.pk, 7)
    assert release(client, first.pk, seed).status_code == 302  # the first one is played now
    page = text(phone().get(f"/pass/{one}/"))
    assert f"?turnier={second.pk}" in page and "Wo ich jetzt sitze" in page and "Tisch " in page
    people.link(first, first.players[1]["id"], twin)
    gone_token = pass_of(client, first.pk, first.players[1]["id"])
    PlayerLink.objects.filter(person=twin).delete()
    people.merge(anna, twin)  # the twin is merged into Anna: its pass stops working
    assert phone().get(f"/pass/{gone_token}/").status_code == 404
    assert phone().get(f"/pass/{one}/").status_code == 200
    anna.delete()  # a removed person's pass too
    assert phone().get(f"/pass/{one}/").status_code == 404


def test_a_removed_guests_pass_stops_working() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 12)
    player = rec.players[2]["id"]
    token = pass_of(client, rec.pk, player)
    removed = client.post(f"/turniere/{rec.pk}/spieler/{player}/entfernen/",
                          {"version": TournamentRecord.objects.get(pk=rec.pk).version})  # fmt: skip
    assert removed.status_code == 302
    assert phone().get(f"/pass/{token}/").status_code == 404
    assert not PlayerPass.objects.filter(tournament=rec, player=player).exists()


def test_i_am_here_before_the_draw_and_the_desk_checks_in() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 12)
    ids = [p["id"] for p in rec.players]
    mine = phone()
    token = pass_of(client, rec.pk, ids[0])
    assert "Ich bin da" in text(mine.get(f"/pass/{token}/"))
    csrf_post(mine, f"/pass/{token}/", {"action": "here"})
    assert Arrival.objects.get(tournament=rec, player=ids[0]).at_desk is False
    assert "Eingecheckt: Du stehst auf der Liste der Anwesenden." in text(
        mine.get(f"/pass/{token}/")
    )
    desk_view = text(client.get(f"/pass/{pass_of(client, rec.pk, ids[1])}/"))
    assert "Ansicht der Anmeldung" in desk_view and "ist da</button>" in desk_view
    client.post(f"/pass/{pass_of(client, rec.pk, ids[1])}/", {"action": "here"})
    client.post(f"/turniere/{rec.pk}/paesse/", {"action": "here", "player": ids[2]})
    assert Arrival.objects.filter(tournament=rec, at_desk=True).count() == 2
    assert not PhoneBinding.objects.exists()  # the desk binds nobody (a phone: at its table)
    assert "3 von 12 Spielern sind da." in text(client.get(f"/turniere/{rec.pk}/paesse/"))


def test_after_the_draw_i_am_here_is_refused_in_words() -> None:
    client, pk = drawn()
    a = seats(pk)[0]
    token = pass_of(client, pk, a)
    mine = phone()
    assert 'value="here"' not in text(mine.get(f"/pass/{token}/"))
    csrf_post(mine, f"/pass/{token}/", {"action": "here"})
    assert "bitte melde dich bei der Turnierleitung" in text(mine.get(f"/pass/{token}/"))
    assert not Arrival.objects.exists()


@override_settings(TABLE_LINK_RATE="3/m")
def test_posting_to_a_pass_is_rate_limited() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 12)
    token = pass_of(client, rec.pk, rec.players[0]["id"])
    mine = phone()
    answers = [csrf_post(mine, f"/pass/{token}/", {"action": "x"}).status_code for _ in range(5)]  # type: ignore[attr-defined]
    assert answers[:3] == [302, 302, 302] and answers[-1] == 429


def test_the_player_slips_print_one_code_per_player() -> None:
    client, pk = drawn()
    page = text(client.get(f"/turniere/{pk}/drucken/spielerpaesse/"))
    shown = PASS.findall(page)
    assert len(set(shown)) == 12
    for token in set(shown):
        assert passes.find(token) is not None
    assert page.count('class="slip"') == 12
    assert Client().get(f"/turniere/{pk}/drucken/spielerpaesse/").status_code in (302, 403)


def test_a_format_d_pass_shows_chips_lives_and_the_hall_table() -> None:
    from kolinkhelpers import form_marks, opened

    organiser_client = Client()
    rec = opened(organiser_client)
    from tafelrunde.web.core.domain.store import read_only

    state = read_only(TournamentRecord.objects.get(pk=rec.pk))[1]
    table = state.open_tables()[0]
    player = table.remaining[0]
    token = pass_of(organiser_client, rec.pk, player)
    mine = phone()
    page = text(mine.get(f"/pass/{token}/"))
    assert f"Tisch {table.place}" in page and "Leben:" in page and "Chips:" in page
    assert f"Spiele an Tisch {table.place}; nach jedem Spiel" in page and 'id="to-table"' in page
    url = re.search(r'href="(/tisch/[A-Za-z0-9_-]{24}/)" id="to-table"', page).group(1)  # type: ignore[union-attr]
    other = phone()
    csrf_post(other, url, {"action": "me", "player": table.remaining[1]})
    csrf_post(other, url, {"action": "lost", "loser": table.remaining[2]} | form_marks(other, url))
    assert "Prüfe und bestätige es." in text(mine.get(f"/pass/{token}/"))
    mine.get(url)  # the pass's phone at its table: it is the pass's player there
    assert 'value="confirm"' in text(mine.get(url))


def test_basis_helper_is_shared() -> None:
    """The table helpers this module builds on still read a table's form (guards the import)."""
    client, pk = drawn()
    table = tokens(client, pk)[0]
    mine = phone()
    tap(mine, table, seats(pk)[0])
    assert basis(mine, table)["game"] == "1"


def test_the_club_prints_every_members_card_and_renews_a_lost_one() -> None:
    client = Client()
    organiser(client)
    anna = Person.objects.create(name="Anna Alt")
    Person.objects.create(name="Bernd Bunt")
    Person.objects.create(name="Gast Gustav", member=False)
    page = text(client.get("/personen/mitgliedskarten/"))
    assert page.count('class="member-card"') == 2 and "Gast Gustav" not in page
    one = text(client.get(f"/personen/mitgliedskarten/?person={anna.pk}"))
    token = PASS.findall(one)[0]
    assert one.count('class="member-card"') == 1 and passes.find(token) is not None
    assert client.get("/personen/mitgliedskarten/?person=x1").status_code == 404
    assert Client().get("/personen/mitgliedskarten/").status_code in (302, 403)
    assert "Mitgliedskarte drucken" in text(client.get(f"/personen/{anna.pk}/"))
    assert client.post(f"/personen/{anna.pk}/pass-erneuern/").status_code == 302
    assert passes.find(token) is None
    answer = phone().get(f"/pass/{token}/")
    assert answer.status_code == 404 and GONE in text(answer)
    fresh = PASS.findall(text(client.get(f"/personen/mitgliedskarten/?person={anna.pk}")))[0]
    assert "noch in keinem Turnier" in text(phone().get(f"/pass/{fresh}/"))


def test_a_live_refresh_of_an_unchanged_pass_costs_no_page() -> None:
    """live.js names what a pass page shows; while a change elsewhere leaves it as it is, the
    refresh is answered "204 No Content"; a change at the player's own table makes it anew."""
    client, pk = drawn()
    a, b, c, d = seats(pk)
    mine = phone()
    token = pass_of(client, pk, a)
    key = re.search(r'data-live-key="([0-9a-f]{24})"', text(mine.get(f"/pass/{token}/")))
    assert key is not None
    live = {"HTTP_X_TAFELRUNDE_LIVE": "1", "HTTP_X_TAFELRUNDE_SEEN": key.group(1)}
    assert mine.get(f"/pass/{token}/", **live).status_code == 204
    other = tokens(client, pk)[1]  # another table enters its result: nothing here changes
    elsewhere = phone()
    tap(elsewhere, other, seats(pk, 2)[0])
    enter(elsewhere, other, dict.fromkeys(seats(pk, 2), 10) | {seats(pk, 2)[0]: 40})
    assert mine.get(f"/pass/{token}/", **live).status_code == 204
    table = tokens(client, pk)[0]  # the player's own table: the page is made anew
    neighbour = phone()
    tap(neighbour, table, b)
    enter(neighbour, table, {a: 40, b: 30, c: 20, d: 10})
    fresh = mine.get(f"/pass/{token}/", **live)
    assert fresh.status_code == 200 and "check it and confirm it" not in text(fresh)
    assert "Prüfe und bestätige es." in text(fresh)


def test_a_format_d_player_checks_in_with_the_pass_before_the_deadline() -> None:
    """Format D with `registration.check_in`: "Ich bin da" on the pass is the check-in (a
    fact in the log, like the desk's), once; the desk checks in whoever scans at it."""
    from dataclasses import replace
    from datetime import timedelta

    from django.utils import timezone

    from factories import USER, morning, names, organiser_user, stored
    from tafelrunde.presets import load_rules
    from tafelrunde.web.core.domain.setup import new_tournament
    from tafelrunde.web.core.domain.store import read_only
    from tafelrunde.web.core.models import new_revision

    organiser_user()
    rules = replace(load_rules("schocken-ko"), check_in=True)
    day = timezone.localdate() + timedelta(days=7)
    tour = new_tournament("Schocken", rules, "\n".join(names(8)), day=day, at=morning(), by=USER)
    rec = stored(tour)
    rec.ruleset["registration"]["check_in"] = True  # as the rules page stores it
    rec.revision = new_revision()
    rec.save(update_fields=["ruleset", "revision"])
    client = Client()
    client.force_login(organiser_user())
    state = read_only(TournamentRecord.objects.get(pk=rec.pk))[1]
    first, second = list(state.players)[:2]
    mine = phone()
    token = pass_of(client, rec.pk, first)
    assert "Ich bin da" in text(mine.get(f"/pass/{token}/"))
    csrf_post(mine, f"/pass/{token}/", {"action": "here"})
    csrf_post(mine, f"/pass/{token}/", {"action": "here"})  # a second tap: nothing more
    after = read_only(TournamentRecord.objects.get(pk=rec.pk))[1]
    assert after.players[first].checked_in and not after.players[second].checked_in
    kinds = [f.data["type"] for f in FactRecord.objects.filter(tournament=rec).order_by("n")]
    assert kinds.count("check_in") == 1
    client.post(f"/turniere/{rec.pk}/paesse/", {"action": "here", "player": second})
    done = read_only(TournamentRecord.objects.get(pk=rec.pk))[1]
    assert done.players[second].checked_in


def test_the_database_keeps_one_pass_per_person_and_per_guest() -> None:
    """The constraints hold in the database itself (partial unique indexes and a check), so
    two pages making a pass at the same moment end with one, which both show."""
    from django.db import IntegrityError, transaction

    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 12)
    anna = Person.objects.create(name="Anna Alt")
    PlayerPass.objects.create(person=anna, digest="a" * 64, sealed="s1:x")
    PlayerPass.objects.create(tournament=rec, player="p001", digest="b" * 64, sealed="s1:y")
    for twice in (
        {"person": anna, "digest": "c" * 64},
        {"tournament": rec, "player": "p001", "digest": "d" * 64},
        {"person": anna, "tournament": rec, "player": "p002", "digest": "e" * 64},
        {"digest": "f" * 64},
    ):
        with pytest.raises(IntegrityError), transaction.atomic():
            PlayerPass.objects.create(sealed="s1:z", **twice)
    first = passes.tokens_for(rec, ["p002"])["p002"]
    PlayerPass.objects.filter(tournament=rec, player="p002").update(sealed="s1:unreadable")
    again = passes.tokens_for(rec, ["p002"])["p002"]  # a pass the key cannot show is made anew
    assert again != first and passes.find(first) is None and passes.find(again) is not None


def test_the_desk_takes_back_a_check_in_and_names_the_unlinked_players() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 12)
    player = rec.players[0]["id"]
    client.post(f"/turniere/{rec.pk}/paesse/", {"action": "here", "player": player})
    assert Arrival.objects.filter(tournament=rec).count() == 1
    page = text(client.get(f"/turniere/{rec.pk}/paesse/"))
    assert "1 von 12 Spielern ist da." in page and 'value="gone"' in page
    assert "12 Spieler sind mit keiner Person des Vereins verknüpft" in page
    client.post(f"/turniere/{rec.pk}/paesse/", {"action": "gone", "player": player})
    assert not Arrival.objects.exists()
    assert "0 von 12 Spielern sind da." in text(client.get(f"/turniere/{rec.pk}/paesse/"))


def test_a_pass_outranks_a_tapped_name_but_not_another_pass() -> None:
    """A phone that tapped a wrong name becomes the pass's player once it opens the pass and
    its table; a phone bound by one player's pass stays theirs when another pass is opened
    on it (that needs the organisers), and the pass page says so."""
    client, pk = drawn()
    a, b, _c, _d = seats(pk)
    table = tokens(client, pk)[0]
    name = state_of(pk).tournament.name_of
    mine = phone()
    tap(mine, table, b)  # a wrong name first
    mine.get(f"/pass/{pass_of(client, pk, a)}/")
    assert f"Du bist {name(a)}." in text(mine.get(f"/tisch/{table}/"))
    bond = PhoneBinding.objects.get(tournament_id=pk)
    assert (bond.player, bond.by_pass) == (a, True)
    page = text(mine.get(f"/pass/{pass_of(client, pk, b)}/"))  # another player's pass
    assert f"Dieses Handy gehört in diesem Turnier zu {name(a)}" in page
    assert f"Du bist {name(a)}." in text(mine.get(f"/tisch/{table}/"))
    assert PhoneBinding.objects.get(tournament_id=pk).player == a


def phones_shown(client: Client, pk: int, player: str) -> str:
    """The passes page's count of phones in a player's row."""
    page = text(client.get(f"/turniere/{pk}/paesse/"))
    row = re.search(rf'<tr id="pass-{player}">(.*?)</tr>', page, re.S)
    assert row is not None, page
    return re.findall(r'<td class="n">(\d+)</td>', row.group(1))[0]


def test_the_desk_counts_a_phone_once_it_opened_the_pass() -> None:
    """A browser that shows the pass says so by itself (a preview runs no script): the
    phone is bound to the player and counted once, however often it opens the pass."""
    client, pk = drawn()
    a, b = seats(pk)[:2]
    token = pass_of(client, pk, a)
    assert phones_shown(client, pk, a) == "0"
    mine = phone()
    page = text(mine.get(f"/pass/{token}/"))
    assert 'id="pass-seen"' in page and 'hx-trigger="load"' in page
    assert phone().get(f"/pass/{token}/").status_code == 200  # a preview: bound nothing
    assert phones_shown(client, pk, a) == "0"
    for _ in range(2):  # the script's message, and once more (a reload)
        answer = csrf_post(mine, f"/pass/{token}/", {"action": "seen"})
        assert answer.status_code == 204  # type: ignore[attr-defined]
    assert phones_shown(client, pk, a) == "1"
    assert 'id="pass-seen"' not in text(mine.get(f"/pass/{token}/"))  # bound: asks no more
    assert 'id="pass-seen"' not in text(client.get(f"/pass/{token}/"))  # the desk's view
    other = pass_of(client, pk, b)
    csrf_post(mine, f"/pass/{other}/", {"action": "seen"})  # another pass on the same phone
    assert (phones_shown(client, pk, a), phones_shown(client, pk, b)) == ("1", "0")


def test_the_desk_counts_players_here_not_those_waiting() -> None:
    client = Client()
    organiser(client)
    rec = create(client, "gruppenmodus", 4)
    data = {"open": "on", "capacity": "4"}
    assert client.post(f"/turniere/{rec.pk}/online-anmeldung/", data).status_code == 302
    form = {"email": "", "note": "", "code": "", "website": ""}
    waiting = Client().post(f"/turniere/{rec.pk}/mitspielen/", form | {"name": "Wanda"})
    Client().post(waiting["Location"], {"action": "here"})  # waits, and is here
    assert Arrival.objects.filter(tournament=rec).count() == 1
    page = text(client.get(f"/turniere/{rec.pk}/paesse/"))
    assert "0 von 4 Spielern sind da." in page
