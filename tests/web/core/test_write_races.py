"""Every write path at the same moment, against a real server (SQLite: 1 process; PostgreSQL:
2): phones confirming one table, roll-offs entered on two phones, check-ins tapped twice at
the pass and the desk, organisers releasing one draw, adding one player, renewing links and
passes, merging persons, confirming a table on the board, format D's losers recorded by
referees. Never a server error; each acknowledged action stored once; what
the rules allow once happens once."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from loadclient import NO_ANSWER
from races import Answer, Phone, Rig, at_once, rig

pytestmark = [pytest.mark.integration, pytest.mark.both_databases]


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rig]:
    """One server for the module's races."""
    with rig(tmp_path_factory.mktemp("schreiben")) as made:
        yield made


def no_errors(answers: list[Answer], hall: Rig) -> None:
    """No server error and no request left unanswered."""
    bad = [a.status for a in answers if a.status >= 500 or a.status == NO_ANSWER]
    assert not bad, (bad, [a.page[:300] for a in answers if a.status >= 500], hall.log())


def drawn(hall: Rig, players: int = 12) -> tuple[int, list[dict[str, Any]], Phone]:
    """A tournament with its first game drawn; its table links and the organiser's phone."""
    pk = hall.call("group_tournament", players=players)
    organiser = hall.staff()
    organiser.get(f"/turniere/{pk}/auslosung/")
    answer = organiser.post(f"/turniere/{pk}/auslosung/", {"seed": "7", "version": "0"})
    assert answer.status == 302 and "/tische/" in answer.location, answer.page[-800:]
    return pk, hall.call("table_links", pk=pk), organiser


def seated(hall: Rig, token: str, player: str) -> Phone:
    """A phone whose player tapped their name at the table."""
    phone = hall.phone()
    phone.get(f"/tisch/{token}/")
    assert phone.post(f"/tisch/{token}/", {"action": "me", "player": player}).status == 302
    return phone


def hidden(page: str, name: str) -> str:
    """The value of a hidden field of the page's form."""
    found = re.search(rf'name="{name}" value="(\d+)"', page)
    assert found, (name, page[-1500:])
    return found.group(1)


def entry(phone: Phone, token: str, pips: dict[str, int]) -> Callable[[], Answer]:
    """A result typed at the table (the form opened before)."""
    page = phone.get(f"/tisch/{token}/").page
    data = {"action": "enter", "basis": hidden(page, "basis"), "game": hidden(page, "game")}
    data |= {f"pips-{p}": str(v) for p, v in pips.items()}
    return lambda: phone.post(f"/tisch/{token}/", data)


def correct(phone: Phone, token: str) -> Callable[[], Answer]:
    """A tap on "Stimmt" for the entry the page shows (the page opened before)."""
    page = phone.get(f"/tisch/{token}/").page
    data = {"action": "confirm", "entry": hidden(page, "entry"), "basis": hidden(page, "basis"),
            "game": hidden(page, "game")}  # fmt: skip
    return lambda: phone.post(f"/tisch/{token}/", data)


def sending(phone: Phone, path: str, fields: dict[str, Any]) -> Callable[[], Answer]:
    """A form to send when the race starts."""
    return lambda: phone.post(path, fields)


def of_kind(facts: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The facts of one type."""
    return [f for f in facts if f["type"] == kind]


def test_phones_confirm_one_table_once_while_every_table_enters(hall: Rig) -> None:
    pk, links, _organiser = drawn(hall, 16)
    first = links[0]
    a, b, c, d = first["seats"]
    pips = {a: 40, b: 30, c: 20, d: 10}
    assert entry(seated(hall, first["token"], a), first["token"], pips)().status == 302
    before = len(hall.call("facts", pk=pk))
    confirming = [seated(hall, first["token"], p) for p in (b, c, d)]
    jobs = [correct(phone, first["token"]) for phone in confirming]
    jobs.append(correct(confirming[0].twin(), first["token"]))  # a double tap
    for link in links[1:]:  # every other table enters at the same moment, twice each
        seats = link["seats"]
        values = {p: 40 - 10 * k for k, p in enumerate(seats)}
        phone = seated(hall, link["token"], seats[0])
        jobs += [entry(phone, link["token"], values), entry(phone.twin(), link["token"], values)]
    answers = at_once(jobs)
    no_errors(answers, hall)
    assert all(a.status == 302 for a in answers), [a.status for a in answers]
    facts = hall.call("facts", pk=pk)[before:]
    confirmed = [f for f in of_kind(facts, "tableconfirmed") if f.get("table") == 1]
    assert len(confirmed) == 1, facts  # three phones said "Stimmt": it counts once
    for link in links[1:]:  # each table's entry stored once, whatever the double taps
        assert len([f for f in facts if f.get("table") == link["table"]]) == 1, facts


def test_an_entry_kept_offline_and_sent_at_once_on_six_connections_is_stored_once(
    hall: Rig,
) -> None:
    pk, links, _organiser = drawn(hall)
    first = links[0]
    path, key = f"/tisch/{first['token']}/", "0f" * 16
    a, b, c, d = first["seats"]
    phone = seated(hall, first["token"], a)
    page = phone.get(path).page
    data = {"action": "enter", "basis": hidden(page, "basis"), "game": hidden(page, "game"),
            "key": key, f"pips-{a}": "40", f"pips-{b}": "30", f"pips-{c}": "20",
            f"pips-{d}": "10"}  # fmt: skip
    before = len(hall.call("facts", pk=pk))
    twins = [phone.twin() for _ in range(6)]  # the same phone, its kept entry sent six times
    answers = at_once([sending(twin, path, data) for twin in twins])
    no_errors(answers, hall)
    assert all(x.status == 302 for x in answers), [x.page[-800:] for x in answers]
    new = hall.call("facts", pk=pk)[before:]
    assert [f["type"] for f in new] == ["tableentered"], new
    assert hall.call("sent_keys", pk=pk) == [key]
    told = {re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", m)).strip()
            for twin in twins for m in re.findall(r'<li class="success">(.*?)</li>',
                                                   twin.get(path).page, re.S)}  # fmt: skip
    assert told == {"Gespeichert: eingetragen – wartet auf Bestätigung."}  # each as the first


def test_two_phones_enter_a_rolloff_at_the_same_moment(hall: Rig) -> None:
    pk, links, _organiser = drawn(hall)
    first = links[0]
    a, b, c, d = first["seats"]
    phones = {p: seated(hall, first["token"], p) for p in (a, b, c)}
    tie = {a: 17, b: 17, c: 12, d: 9}
    assert entry(phones[a], first["token"], tie)().status == 302
    assert correct(phones[b], first["token"])().status == 302  # counts: a Stechen is open
    forms = {}
    for p in (a, c):
        page = phones[p].get(f"/tisch/{first['token']}/").page
        marks = {name: hidden(page, name) for name in ("mark", "rgame")}
        forms[p] = {"action": "rolloff", "kind": "stechen", "players": [a, b], **marks}
    before, twin = len(hall.call("facts", pk=pk)), phones[a].twin()
    jobs = [
        lambda: phones[a].post(f"/tisch/{first['token']}/", forms[a] | {"winner": a}),
        lambda: phones[c].post(f"/tisch/{first['token']}/", forms[c] | {"winner": b}),
        lambda: twin.post(f"/tisch/{first['token']}/", forms[a] | {"winner": a}),
    ]
    answers = at_once(jobs)
    no_errors(answers, hall)
    new = hall.call("facts", pk=pk)[before:]
    stored = [(f["type"], tuple(f.get("order", ()))) for f in new]
    assert stored in ([("rolloffentered", (a, b))], [("rolloffentered", (b, a))],
                      [("rolloffentered", (a, b)), ("rolloffentered", (b, a))],
                      [("rolloffentered", (b, a)), ("rolloffentered", (a, b))]), new  # fmt: skip
    told = " ".join(x.page for x in answers)  # each version once; nothing counts from one phone
    assert all(x.status == 302 for x in answers), told


def test_two_organisers_decide_a_disputed_rolloff_on_the_board_at_once(hall: Rig) -> None:
    """Each lets another version count, one taps twice: one version counts, once."""
    pk, links, _organiser = drawn(hall)
    first = links[0]
    path = f"/tisch/{first['token']}/"
    a, b, c, d = first["seats"]
    phones = {p: seated(hall, first["token"], p) for p in (a, b, c)}
    assert entry(phones[a], first["token"], {a: 17, b: 17, c: 12, d: 9})().status == 302
    assert correct(phones[b], first["token"])().status == 302  # counts: a Stechen is open
    for p, winner in ((a, a), (c, b)):  # two versions: the Stechen is disputed
        page = phones[p].get(path).page
        marks = {name: hidden(page, name) for name in ("mark", "rgame")}
        form = {"action": "rolloff", "kind": "stechen", "players": [a, b], **marks}
        assert phones[p].post(path, form | {"winner": winner}).status == 302
    board, url = f"/turniere/{pk}/ergebnistafel/", f"/turniere/{pk}/ergebnistafel/stechen/"
    versions = [f for f in hall.call("facts", pk=pk) if f["type"] == "rolloffentered"]
    assert len(versions) == 2, versions
    first_org, second_org = hall.staff(), hall.staff()
    page = first_org.get(board).page
    common = {"action": "decide", "table": "1", "stage": "", "mark": hidden(page, "mark")}
    second_org.get(board)
    before = len(hall.call("facts", pk=pk))
    jobs = [sending(first_org, url, common | {"entry": str(versions[0]["n"])}),
            sending(first_org.twin(), url, common | {"entry": str(versions[0]["n"])}),
            sending(second_org, url, common | {"entry": str(versions[1]["n"])})]  # fmt: skip
    answers = at_once(jobs)
    no_errors(answers, hall)
    assert all(x.status == 302 for x in answers), [x.page[-500:] for x in answers]
    new = hall.call("facts", pk=pk)[before:]
    assert [f["type"] for f in new] == ["rolloffconfirmed"], new  # one word counts, once


def test_two_organisers_confirm_one_table_on_the_board_at_once(hall: Rig) -> None:
    """An entry waits for its confirmation; two organisers confirm it on the board at the same
    moment (one taps twice): it counts once."""
    pk, links, _organiser = drawn(hall)
    first = links[0]
    a, b, c, d = first["seats"]
    phone = seated(hall, first["token"], a)
    assert entry(phone, first["token"], {a: 20, b: 15, c: 10, d: 5})().status == 302
    entered = hall.call("facts", pk=pk)[-1]
    assert entered["type"] == "tableentered", entered
    form = {"stage": entered["stage"], "game": str(entered["game"]), "table": "1",
            "entry": str(entered["n"])}  # fmt: skip
    url = f"/turniere/{pk}/ergebnistafel/bestaetigen/"
    first_org, second_org = hall.staff(), hall.staff()
    for o in (first_org, second_org):
        o.get(f"/turniere/{pk}/ergebnistafel/")
    jobs = [sending(first_org, url, form), sending(first_org.twin(), url, form),
            sending(second_org, url, form)]  # fmt: skip
    answers = at_once(jobs)
    no_errors(answers, hall)
    assert all(x.status == 302 for x in answers), [x.page[-500:] for x in answers]
    after = [f for f in hall.call("facts", pk=pk) if f["n"] > entered["n"]]
    assert [f["type"] for f in after] == ["tableconfirmed"], after


def test_referees_record_one_loser_at_one_table_at_once(hall: Rig) -> None:
    """Format D: three referees send the same table's loser at the same moment (one taps
    twice), a fourth another loser: one game lost is stored, the others are refused."""
    pk = hall.call("knockout", players=9)
    table = hall.call("knockout_tables", pk=pk)[0]
    url = f"/turniere/{pk}/ko-tische/{table['table']}/verloren/"
    referees = [hall.staff() for _ in range(3)]
    for r in referees:
        r.get(f"/turniere/{pk}/ko-tische/")
    before = hall.call("facts", pk=pk)
    loser, other = table["players"][0], table["players"][1]
    form = {"player": loser, "state": table["token"]}
    jobs = [sending(r, url, form) for r in referees] + [sending(referees[0].twin(), url, form)]
    jobs.append(sending(referees[1].twin(), url, {"player": other, "state": table["token"]}))
    answers = at_once(jobs)
    no_errors(answers, hall)
    after = hall.call("facts", pk=pk)[len(before) :]
    assert [f["type"] for f in after] == ["game_lost"], after
    assert sum(1 for x in answers if x.status == 302) >= 1


def test_a_pass_opened_on_one_phone_at_once_binds_it_once(hall: Rig) -> None:
    """The page's word that a browser opened it, sent on several connections at once."""
    pk = hall.call("group_tournament", players=8)
    tokens = hall.call("pass_tokens", pk=pk)
    (player, token), (other, second) = list(tokens.items())[:2]
    mine = hall.phone()
    mine.get(f"/pass/{token}/")
    twins = [mine.twin() for _ in range(4)]
    jobs = [sending(twin, f"/pass/{token}/", {"action": "seen"}) for twin in twins]
    another = hall.phone()  # a second phone opens another pass at the same moment
    another.get(f"/pass/{second}/")
    jobs += [sending(another.twin(), f"/pass/{second}/", {"action": "seen"}) for _ in range(2)]
    answers = at_once(jobs)
    no_errors(answers, hall)
    assert all(x.status == 204 for x in answers), [x.status for x in answers]
    assert sorted(hall.call("bindings", pk=pk)) == sorted([[player, True], [other, True]])


def test_a_check_in_tapped_twice_at_the_pass_and_the_desk_is_one_arrival(hall: Rig) -> None:
    pk = hall.call("group_tournament", players=8)
    tokens = hall.call("pass_tokens", pk=pk)
    desk = hall.staff()
    desk.get(f"/turniere/{pk}/paesse/")
    jobs = []
    for player, token in list(tokens.items())[:4]:
        for phone in (hall.phone(), hall.phone()):
            phone.get(f"/pass/{token}/")
            jobs.append(sending(phone, f"/pass/{token}/", {"action": "here"}))
        jobs.append(sending(desk.twin(), f"/turniere/{pk}/paesse/",
                            {"action": "here", "player": player}))  # fmt: skip
    answers = at_once(jobs)
    no_errors(answers, hall)
    assert sorted(hall.call("arrivals", pk=pk)) == sorted(list(tokens)[:4])


def test_two_organisers_release_the_same_draw_and_it_is_stored_once(hall: Rig) -> None:
    pk = hall.call("group_tournament", players=12)
    organisers = [hall.staff() for _ in range(3)]
    for o in organisers:
        o.get(f"/turniere/{pk}/auslosung/")
    jobs = [
        lambda o=o: o.post(f"/turniere/{pk}/auslosung/", {"seed": "7", "version": "0"})
        for o in organisers
    ]
    answers = at_once(jobs)
    no_errors(answers, hall)
    released = [a for a in answers if a.status == 302 and "/tische/" in a.location]
    assert len(released) == 1 and len(of_kind(hall.call("facts", pk=pk), "draw")) == 1
    refused = [a for a in answers if a not in released]
    assert all("inzwischen" in a.page or "veraltet" in a.location for a in refused), refused


def test_two_organisers_add_the_same_player_and_it_is_stored_once(hall: Rig) -> None:
    pk = hall.call("group_tournament", players=8)
    organisers = [hall.staff() for _ in range(2)]
    forms = []
    for o in organisers:
        forms.append(hidden(o.get(f"/turniere/{pk}/spieler/").page, "version"))
    jobs = [
        lambda o=o, v=v: o.post(f"/turniere/{pk}/spieler/", {"names": "Zoe", "version": v})
        for o, v in zip(organisers, forms, strict=True)
    ]
    answers = at_once(jobs)
    no_errors(answers, hall)
    assert sorted(a.status for a in answers) == [200, 302]
    lines = [line for line in hall.call("log_lines", pk=pk) if "Zoe" in line]
    assert len(lines) == 1, lines


def test_renewals_of_links_and_passes_at_once(hall: Rig) -> None:
    pk, links, organiser = drawn(hall)
    tokens = hall.call("pass_tokens", pk=pk)
    player = next(iter(tokens))
    others = [hall.staff() for _ in range(2)]
    for o in (organiser, *others):
        o.get(f"/turniere/{pk}/paesse/")
    renew_links = f"/turniere/{pk}/tisch-links/erneuern/"
    again = organiser.twin()
    jobs = [
        lambda: organiser.post(renew_links, {}),
        lambda: others[0].post(renew_links, {}),
        lambda: others[1].post(f"/turniere/{pk}/paesse/", {"action": "renew", "player": player}),
        lambda: again.post(f"/turniere/{pk}/paesse/", {"action": "renew", "player": player}),
    ]
    answers = at_once(jobs)
    no_errors(answers, hall)
    assert all(a.status == 302 for a in answers)
    log = hall.call("log_lines", pk=pk)
    assert len([line for line in log if line.startswith("Tisch-Links erneuert")]) == 2
    for link in links:  # the old links open nothing; the new ones work
        assert hall.phone().get(f"/tisch/{link['token']}/").status == 404
    for link in hall.call("table_links", pk=pk):
        assert hall.phone().get(f"/tisch/{link['token']}/").status == 200
    assert hall.phone().get(f"/pass/{tokens[player]}/").status == 404
    assert hall.phone().get(f"/pass/{hall.call('pass_tokens', pk=pk)[player]}/").status == 200


def test_two_organisers_merge_two_persons_in_opposite_directions(hall: Rig) -> None:
    anna, anne = hall.call("persons", names=["Anna Rennen", "Anne Rennen"])
    before = hall.call("person_count")
    organisers = [hall.staff() for _ in range(2)]
    for o, (keep, gone) in zip(organisers, ((anna, anne), (anne, anna)), strict=True):
        o.get(f"/personen/{keep}/zusammenfuehren/?other={gone}")
    jobs = [
        lambda: organisers[0].post(f"/personen/{anna}/zusammenfuehren/", {"other": str(anne)}),
        lambda: organisers[1].post(f"/personen/{anne}/zusammenfuehren/", {"other": str(anna)}),
    ]
    answers = at_once(jobs)
    no_errors(answers, hall)
    assert hall.call("person_count") == before - 1
    merged = [line for line in hall.call("log_lines", pk=None) if "Rennen" in line]
    assert len(merged) == 1, merged


def test_the_organisers_settings_changed_at_the_same_moment_are_each_stored(hall: Rig) -> None:
    pk = hall.call("group_tournament", players=8)
    before = hall.call("tournament_row", pk=pk)
    paths = {"day": f"/turniere/{pk}/termin/", "passes": f"/turniere/{pk}/paesse/",
             "projector": f"/turniere/{pk}/beamer/einstellungen/"}  # fmt: skip
    organisers = {name: hall.staff() for name in paths}
    pages = {name: organisers[name].get(path).page for name, path in paths.items()}
    kinds = re.findall(r'name="kinds" value="([^"]+)"', pages["projector"])
    shown = {"kinds": kinds, "seconds": "20", "theme": "light"}
    jobs = [
        sending(organisers["day"], paths["day"], {"event": "", "day": "2026-12-04"}),
        sending(organisers["passes"], paths["passes"], {"action": "identity", "identity": "pass"}),
        sending(organisers["projector"], paths["projector"], shown),
    ]
    answers = at_once(jobs)
    no_errors(answers, hall)
    assert all(a.status == 302 for a in answers), [a.page[-800:] for a in answers]
    after = hall.call("tournament_row", pk=pk)
    assert (after["day"], after["identity"], after["seconds"]) == ("2026-12-04", "pass", 20)
    assert after["revision"] != before["revision"]  # the open pages hear of it
    said = hall.call("log_lines", pk=pk)
    for line in ("Termin des Turniers", "Beamer-Einstellungen geändert"):
        assert len([x for x in said if x.startswith(line)]) == 1, said


def test_a_member_list_taken_over_twice_at_once_adds_each_person_once(hall: Rig) -> None:
    token = hall.call("member_preview", names=["Ida Import", "Jan Import"])
    before = hall.call("person_count")
    organisers = [hall.staff() for _ in range(2)]
    for o in organisers:
        o.get("/personen/import/")
    fields = {"rows": token, "row": ["0", "1"]}
    answers = at_once([sending(o.twin(), "/personen/import/uebernehmen/", fields)
                       for o in (*organisers, organisers[0])])  # fmt: skip
    no_errors(answers, hall)
    assert all(a.status == 302 for a in answers)
    assert hall.call("person_count") == before + 2  # (a second copy of each before)
    lines = [x for x in hall.call("log_lines", pk=None) if "Ida Import" in x]
    assert len(lines) == 1, lines
