"""The cases of the walk over every POST (test_posts_revision.py): for each address that
takes a POST, a valid form that changes something, on a world in a state where it applies."""

from __future__ import annotations

import datetime
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import tomli_w
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone
from postwalk import World
from webhelpers import Form, forms_of, result_data, result_forms, state_of

from factories import (
    event,
    group_tournament,
    knockout_tournament,
    logged_in,
    now,
    organiser_user,
    stored,
)
from tafelrunde.engine.groups.entries import (
    RolloffSpot,
    Spot,
    Values,
    enter_at_table,
    enter_rolloff_at_table,
)
from tafelrunde.engine.knockout.table_entry import enter_loser
from tafelrunde.i18n import msg
from tafelrunde.presets import preset_text, rules_from_toml
from tafelrunde.sim.autoplay import random_result
from tafelrunde.web.club.models import Person, Season
from tafelrunde.web.core.domain import club_presets
from tafelrunde.web.core.domain.knockout import enter
from tafelrunde.web.core.domain.logins import add_login
from tafelrunde.web.core.domain.setup import new_tournament
from tafelrunde.web.core.domain.store import Logged, append, group_state
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.plan_run import PlanRun
from tafelrunde.web.core.roles import REFEREE
from tafelrunde.web.player import passes
from tafelrunde.web.player.models import SignUpDesk
from tafelrunde.web.table import bindings

Sent = tuple[str, dict[str, Any]]  # where a case posts, and what
NO_SHOWS = {"action": "no-shows"}
ORGANISER = {"role": "organiser"}


@dataclass(frozen=True)
class Case:
    """One POST: its address's name, the tournament it is about (None: the club's, not a
    tournament's) and how to make the form (reading the pages it needs)."""

    name: str
    about: str | None
    form: Callable[[Client, World], Sent]
    writes: bool = True  # False: a preview that stores nothing
    poster: str = "organiser"  # or "phone": a visitor without a login


# -- reading the forms ------------------------------------------------------------------


def form_on(client: Client, page: str, action: str = "", has: str = "") -> Form:
    """The first POST form of a page with this action ('' : the page itself) and field."""
    for form in forms_of(client.get(page)):
        if form.method == "post" and form.action == action and (not has or has in form.inputs):
            return form
    raise AssertionError(f"no form {action!r} with {has!r} on {page}")


def filled(form: Form, **values: Any) -> dict[str, Any]:
    """A form's data as the page fills it in, with these values changed."""
    data: dict[str, Any] = {k: v[0] for k, v in form.inputs.items() if k != "csrfmiddlewaretoken"}
    data |= form.textareas
    data |= {k: next((o for o in v if o), "") for k, v in form.selects.items() if k}
    return data | values


def t(world: World, key: str) -> str:
    """The address of a tournament of the world."""
    return f"/turniere/{world.tournaments[key]}/"


def rec_of(world: World, key: str) -> TournamentRecord:
    """A tournament of the world as stored now."""
    return TournamentRecord.objects.get(pk=world.tournaments[key])


# -- the worlds -------------------------------------------------------------------------


def open_tournament() -> TournamentRecord:
    """King Lui with nine players, not drawn yet, its online sign-up open."""
    rec = stored(group_tournament("king-lui", 9, 4, lambda s: True), event("Abend", _soon()))
    SignUpDesk.objects.create(tournament=rec, open=True)
    return rec


def _soon() -> datetime.date:
    """A day next week."""
    return timezone.localdate() + datetime.timedelta(days=7)


def late_tournament() -> TournamentRecord:
    """Alhambra with nine players where late players may join, its first game drawn."""
    source = re.sub(r"^late_join = .*$", "late_join = true", preset_text("alhambra"), flags=re.M)
    names = "\n".join(f"Spieler {k}" for k in range(1, 10))
    tour = new_tournament("Spät", rules_from_toml(source), names, day=None, at=now(), by="x")
    rec = stored(tour)
    drawn = logged_in().post(f"/turniere/{rec.pk}/auslosung/", {"seed": 3, "version": 0})
    assert drawn.status_code == 302
    return rec


def club_world() -> World:
    """Every kind of thing an address may name: a tournament open for sign-ups and a
    format-D one, an event, a season, a person, a plan, a club preset, a referee, a pass."""
    rec = open_tournament()
    ko = stored(knockout_tournament(11), rec.event)
    organiser = logged_in()
    organiser.post("/saisons/neu/", {"name": "Jahr", "preset": "beste-6-von-10"})
    person = Person.objects.create(name="Anna", member=True)
    plan = PlanRun.objects.create(preset="king-lui", players=9, tables=3, seed=1, runs=2,
                                  status=PlanRun.DONE)  # fmt: skip
    preset = club_presets.save_preset("Unsere Regeln", rec.ruleset, user=organiser_user())
    referee = add_login("schiri", "geheim-schiri-1", REFEREE, by=organiser_user())
    return World(
        {"open": rec.pk, "D": ko.pk}, event=rec.event_id or 0,
        season=Season.objects.latest("pk").pk,
        person=person.pk, plan=plan.pk, preset=preset.pk, login=referee.pk,
        token=passes.tokens_for(rec, ["p001"])["p001"],
    )  # fmt: skip


# -- the cases ----------------------------------------------------------------------------


def before_the_draw() -> list[Case]:
    """A tournament before its first draw: passes, sign-ups, players, rules, persons, event."""
    o = "open"

    def desk(c: Client, w: World) -> Sent:
        return t(w, o) + "online-anmeldung/", {"open": "on", "capacity": "12", "club_code": ""}

    def sign_up(c: Client, w: World) -> Sent:
        return t(w, o) + "mitspielen/", {"name": "Zora Zimmer", "email": "", "note": ""}

    def pass_here(c: Client, w: World) -> Sent:
        return f"/pass/{w.token}/", {"action": "here"}

    def on_passes(action: str, **more: str) -> Callable[[Client, World], Sent]:
        return lambda c, w: (t(w, o) + "paesse/", {"action": action} | more)

    def bound(asked: str) -> Callable[[Client, World], Sent]:
        def form(c: Client, w: World) -> Sent:
            rec = rec_of(w, o)
            phone = bindings.bind(rec, f"handy-{asked}", "p004", by_pass=False)
            bindings.ask(phone, asked)
            return t(w, o) + "paesse/", {"action": "allow" if asked == "p005" else "refuse",
                                         "binding": str(phone.pk)}  # fmt: skip

        return form

    def release(c: Client, w: World) -> Sent:
        bindings.bind(rec_of(w, o), "handy-frei", "p006", by_pass=False)
        return t(w, o) + "paesse/", {"action": "release", "player": "p006"}

    def event_of(c: Client, w: World) -> Sent:
        form = form_on(c, t(w, o) + "termin/")
        return t(w, o) + "termin/", filled(form, event="", day=_soon().isoformat())

    def players(c: Client, w: World) -> Sent:
        return t(w, o) + "spieler/", {"names": "Xaver", "version": rec_of(w, o).version}

    def remove(c: Client, w: World) -> Sent:
        return t(w, o) + "spieler/p009/entfernen/", {"version": rec_of(w, o).version}

    def rules(c: Client, w: World) -> Sent:
        form = form_on(c, t(w, o) + "regeln/", has="version")
        text = re.sub(r'^name = ".*"$', 'name = "King Lui am Abend"', rules_text(w, o), flags=re.M)
        return t(w, o) + "regeln/", {"text": text, "version": form.value("version")}

    def preset(c: Client, w: World) -> Sent:
        return t(w, o) + "regeln/vorlage/", {"name": "Unser King Lui"}

    def persons(action: str, **more: Any) -> Callable[[Client, World], Sent]:
        return lambda c, w: (t(w, o) + f"personen/{action}/", more)

    def linked(c: Client, w: World) -> Sent:
        return t(w, o) + "personen/verknuepfen/", {"player": "p002", "person": str(w.person)}

    def certain(c: Client, w: World) -> Sent:
        Person.objects.create(name="Clara", member=False)
        return t(w, o) + "personen/alle/", {}

    def projector(c: Client, w: World) -> Sent:
        return t(w, o) + "beamer/einstellungen/", {"kinds": ["seating"], "seconds": "20",
                                                   "theme": "light"}  # fmt: skip

    def draw(c: Client, w: World) -> Sent:
        form = form_on(c, t(w, o) + "auslosung/", has="seed")
        return t(w, o) + "auslosung/", filled(form)

    return [
        Case("sign-up-desk", o, desk),
        Case("sign-up", o, sign_up, poster="phone"),
        Case("sign-up-desk", o, lambda c, w: (t(w, o) + "online-anmeldung/", NO_SHOWS)),
        Case("player-pass", o, pass_here, poster="phone"),
        Case("passes", o, on_passes("here", player="p002")),
        Case("passes", o, on_passes("gone", player="p002")),
        Case("passes", o, on_passes("renew", player="p003")),
        Case("passes", o, on_passes("renew-all", members="on")),
        Case("passes", o, on_passes("identity", identity="pass")),
        Case("passes", o, bound("p005")),
        Case("passes", o, bound("p007")),
        Case("passes", o, release),
        Case("tournament-event", o, event_of),
        Case("players", o, players),
        Case("player-remove", o, remove),
        Case("rules", o, rules),
        Case("rules-preset", o, preset),
        Case("tournament-person-new", o, persons("neu", player="p001")),
        Case("tournament-person-link", o, linked),
        Case("tournament-person-unlink", o, persons("loesen", player="p002")),
        Case("tournament-persons-certain", o, certain),
        Case("projector-settings", o, projector),
        Case("table-links-renew", o, lambda c, w: (t(w, o) + "tisch-links/erneuern/", {})),
        Case("draw", o, draw),
    ]


def rules_text(world: World, key: str) -> str:
    """The tournament's ruleset file as stored."""
    return tomli_w.dumps(rec_of(world, key).ruleset)


def in_play() -> list[Case]:
    """Tournaments being played: results, a table's entry confirmed, roll-offs, players who
    leave or come late, table links renewed, an undo."""

    def result(c: Client, w: World) -> Sent:
        pk = w.tournaments["late"]
        forms = result_forms(c, pk)
        (game, table), form = next(iter(forms.items()))
        return f"/turniere/{pk}/ergebnis/", result_data(state_of(pk), game, table, form,
                                                        random.Random(1))  # fmt: skip

    def settle(c: Client, w: World) -> Sent:
        pk = w.tournaments["late"]
        entered_by_a_phone(pk)
        form = form_on(c, f"/turniere/{pk}/ergebnistafel/", f"/turniere/{pk}/ergebnistafel/"
                       "bestaetigen/")  # fmt: skip
        return f"/turniere/{pk}/ergebnistafel/bestaetigen/", filled(form, action="confirm")

    def rolloff(c: Client, w: World) -> Sent:
        pk = w.tournaments["A"]
        form = form_on(c, f"/turniere/{pk}/tische/", f"/turniere/{pk}/stechen/")
        return f"/turniere/{pk}/stechen/", {**filled(form), "players": form.inputs["players"],
                                            "auto": "1"}  # fmt: skip

    def board_rolloff(c: Client, w: World) -> Sent:
        pk = w.tournaments["A"]
        rolloff_disputed(pk)
        form = form_on(c, f"/turniere/{pk}/ergebnistafel/", f"/turniere/{pk}/ergebnistafel/"
                       "stechen/")  # fmt: skip
        return f"/turniere/{pk}/ergebnistafel/stechen/", filled(form, action="decide")

    def undo(c: Client, w: World) -> Sent:
        pk = w.tournaments["A"]
        return f"/turniere/{pk}/zuruecknehmen/", {"version": rec_of(w, "A").version}

    def withdraw(c: Client, w: World) -> Sent:
        pk = w.tournaments["late"]
        return f"/turniere/{pk}/spieler/p001/abmelden/", {"version": rec_of(w, "late").version}

    def join(c: Client, w: World) -> Sent:
        pk = w.tournaments["late"]
        return f"/turniere/{pk}/spieler/nachmelden/", {
            "name": "Zoe",
            "version": rec_of(w, "late").version,
        }

    def renew(c: Client, w: World) -> Sent:
        c.get(t(w, "late") + "tisch-links/")  # the links are made when first shown
        return t(w, "late") + "tisch-links/erneuern/", {}

    return [
        Case("result", "late", result),
        Case("board-settle", "late", settle),
        Case("player-join", "late", join),
        Case("player-withdraw", "late", withdraw),
        Case("table-links-renew", "late", renew),
        Case("rolloff", "A", rolloff),
        Case("board-rolloff", "A", board_rolloff),
        Case("undo", "A", undo),
    ]


def entered_by_a_phone(pk: int) -> None:
    """A player enters the result of the first table still open, from a phone."""
    state = state_of(pk)
    st = state.current
    assert st is not None
    game, table = st.missing_results()[0]
    res = random_result(state, game, table, random.Random(2))
    values = Values(scores=dict(res.scores), pips=dict(res.pips))
    player = st.seated(game, table)[0]

    def change(tour: Any) -> Any:
        spot = Spot(st.key, game, table)
        return enter_at_table(group_state(tour), spot, player, values, at=now(), by="Tisch",
                              phone="a1b2c3")  # fmt: skip

    append(pk, change, log=lambda f: Logged(msg("Entered at the table"), fact=f.n))


def rolloff_disputed(pk: int) -> None:
    """Two players of the first open roll-off's table enter it in different orders, from
    two phones: the roll-off is disputed (the board shows both versions)."""
    state = state_of(pk)
    st = state.current
    assert st is not None
    need = next(n for n in st.rolloff_needs(state.cut(st)) if not n.done)
    table = st.seated(need.game, need.table) if need.game else st.tables(1)[need.table - 1]
    spot = RolloffSpot("", need.table, need.kind, need.game)
    for k, order in enumerate((need.players, need.players[::-1])):

        def change(tour: Any, order: Any = order, k: int = k) -> Any:
            return enter_rolloff_at_table(group_state(tour), spot, table[k], order, at=now(),
                                          by="Tisch", phone=f"a1b2c{k}")  # fmt: skip

        append(pk, change, log=lambda f: Logged(msg("Entered at the table"), fact=f.n))


def knockout() -> list[Case]:
    """A format-D tournament: registrations, fees, the hall, tables, losers, Schock aus."""
    d = "D"

    def ko(path: str, **data: Any) -> Callable[[Client, World], Sent]:
        return lambda c, w: (t(w, d) + path, {"version": rec_of(w, d).version} | data)

    def on_tables(action: str, has: str = "") -> Callable[[Client, World], Sent]:
        def form(c: Client, w: World) -> Sent:
            found = form_on(c, t(w, d) + "ko-tische/", t(w, d) + action, has)
            return t(w, d) + action, filled(found)

        return form

    def lost(c: Client, w: World) -> Sent:
        found = form_on(c, t(w, d) + "ko-tische/", t(w, d) + "ko-tische/2/verloren/")
        return t(w, d) + "ko-tische/2/verloren/", filled(found, player=found.buttons["player"])

    def by_hand(c: Client, w: World) -> Sent:
        found = form_on(c, t(w, d) + "ko-tische/", t(w, d) + "ko-tische/von-hand/")
        chosen = ["p014", "p015", "p016"]  # registered and paid last: waiting in the main queue
        assert set(chosen) <= set(found.inputs["players"]), found.inputs
        return t(w, d) + "ko-tische/von-hand/", filled(found, players=chosen, bracket="")

    def settle(c: Client, w: World) -> Sent:
        pk = w.tournaments[d]

        def build(_tour: Any, state: Any) -> list[Any]:
            table = state.open_tables()[0]
            return [enter_loser(state, table.number, table.remaining[1], table.remaining[0],
                                "d4e5f6")]  # fmt: skip

        enter(pk, build, expected=None, user=None, at=now(), by="Tisch 1")
        found = form_on(c, t(w, d) + "ergebnistafel/", t(w, d) + "ergebnistafel/bestaetigen/")
        return t(w, d) + "ergebnistafel/bestaetigen/", filled(found, action="confirm")

    return [
        Case("ko-register", d, ko("anmeldung/neu/", names="Zoe\nYves", late="", paid="")),
        Case("ko-mark", d, ko("anmeldung/pay/", player="p012")),
        Case("ko-pay-all", d, ko("anmeldung/alle-bezahlt/")),
        Case("ko-hall", d, ko("ko-tische/halle/", count="12")),
        Case("ko-open", d, ko("ko-tische/eroeffnen/", all="on")),
        Case("ko-lost", d, lost),
        Case("ko-correct", d, on_tables("ko-tische/1/korrektur/")),
        Case("board-settle", d, settle),
        Case("ko-schock-out", d, on_tables("ko-tische/schock-aus/")),
        Case("ko-donate", d, on_tables("ko-tische/spende/")),
        Case("ko-undo", d, on_tables("ko-tische/zuruecknehmen/")),
        Case("ko-register", d, ko("anmeldung/neu/", names="Uwe\nVera\nWalt", paid="on")),
        Case("ko-open-hand", d, by_hand),
    ]


def the_club() -> list[Case]:
    """What is not a tournament's: events, persons, seasons, logins, presets, plans, the
    club's look and website; and tournaments made, loaded and deleted."""
    members = b"Name;Status;E-Mail\nBerta Bach;Mitglied;berta@example.org\n"

    def event_new(c: Client, w: World) -> Sent:
        return "/termine/neu/", {"name": "Sommerfest", "date": _soon().isoformat(), "kind": ""}

    def event_edit(c: Client, w: World) -> Sent:
        return f"/termine/{w.event}/", {"name": "Großer Abend", "date": _soon().isoformat(),
                                        "kind": "Spieleabend"}  # fmt: skip

    def new(c: Client, w: World) -> Sent:
        form = form_on(c, "/turniere/neu/")
        return "/turniere/neu/", filled(
            form,
            preset="king-lui",
            players="A\nB\nC\nD\nE\nF",
            name="Neu",
            event="",
            ruleset="",
            players_file="",
        )

    def load(c: Client, w: World) -> Sent:
        data = c.get(f"/turniere/{w.tournaments['played']}/turnierdatei.json").content
        return "/turniere/laden/", {"file": SimpleUploadedFile("t.json", data), "event": ""}

    def preset(c: Client, w: World) -> Sent:
        text = preset_text("king-lui").encode()
        return "/vorlagen/", {"name": "Aus Datei", "file": SimpleUploadedFile("r.toml", text)}

    def imported(c: Client, w: World) -> Sent:
        return "/personen/import/", {"file": SimpleUploadedFile("m.csv", members)}

    def apply(c: Client, w: World) -> Sent:
        page = c.post("/personen/import/", {"file": SimpleUploadedFile("m.csv", members)})
        form = next(f for f in forms_of(page) if f.action == "/personen/import/uebernehmen/")
        return form.action, {"rows": form.value("rows"), "row": form.inputs["row"]}

    def person(c: Client, w: World) -> Sent:
        return "/personen/neu/", {"name": "Dora Dach", "member": "1", "email": "", "note": "",
                                  "same_name": ""}  # fmt: skip

    def person_edit(c: Client, w: World) -> Sent:
        return f"/personen/{w.person}/bearbeiten/", {
            "name": "Anna Alt",
            "member": "1",
            "email": "",
            "note": "",
            "same_name": "1",
        }

    def merge(c: Client, w: World) -> Sent:
        other = Person.objects.create(name="Anna A.", member=False)
        w.extra["merged"] = other.pk
        return f"/personen/{w.person}/zusammenfuehren/", {"other": str(other.pk)}

    def unmerge(c: Client, w: World) -> Sent:
        form = form_on(c, "/personen/", "/personen/zusammenfuehren/zurueck/")
        return form.action, filled(form)

    def season(c: Client, w: World) -> Sent:
        return "/saisons/neu/", {"name": "Sommer", "preset": "summe", "date_from": "",
                                 "date_to": ""}  # fmt: skip

    def season_edit(c: Client, w: World) -> Sent:
        form = form_on(c, f"/saisons/{w.season}/bearbeiten/")
        return f"/saisons/{w.season}/bearbeiten/", filled(form, name="Das Jahr")

    def look(c: Client, w: World) -> Sent:
        return "/drucken/einstellungen/", {"club_name": "Würfelfreunde", "remove_logo": ""}

    def renew_card(c: Client, w: World) -> Sent:
        passes.token_for_person(Person.objects.get(pk=w.person))  # the card was printed
        return f"/personen/{w.person}/pass-erneuern/", {}

    def plan(c: Client, w: World) -> Sent:
        return "/planung/", {"preset": "king-lui", "players": "9", "tables": "3", "seed": "1"}

    return [
        Case("event-new", None, event_new),
        Case("event-edit", None, event_edit),
        Case("tournament-new", None, new),
        Case("tournament-import", None, load),
        Case("club-presets", None, preset),
        Case("club-preset-delete", None, lambda c, w: (f"/vorlagen/{w.preset}/loeschen/", {})),
        Case(
            "embed-page",
            None,
            lambda c, w: ("/vereinsseite/", {"origins": "https://verein.example"}),
        ),
        Case(
            "logins",
            None,
            lambda c, w: (
                "/zugaenge/",
                {"name": "helfer", "password": "lang-genug-42x", "again": "lang-genug-42x"},
            ),
        ),
        Case("login-role", None, lambda c, w: (f"/zugaenge/{w.login}/rolle/", ORGANISER)),
        Case("login-remove", None, lambda c, w: (f"/zugaenge/{w.login}/entfernen/", {})),
        Case("planning", None, plan),
        Case("plan-again", None, lambda c, w: (f"/planung/{w.plan}/wiederholen/", {})),
        Case("person-new", None, person),
        Case("person-edit", None, person_edit),
        Case("person-import", None, imported, writes=False),
        Case("person-import-apply", None, apply),
        Case("person-merge", None, merge),
        Case("person-unmerge", None, unmerge),
        Case("season-new", None, season),
        Case("season-edit", None, season_edit),
        Case("season-delete", None, lambda c, w: (f"/saisons/{w.season}/loeschen/", {})),
        Case("print-look", None, look),
        Case("member-card-renew", None, renew_card),
        Case("event-delete", None, lambda c, w: (f"/termine/{w.event}/loeschen/", {})),
        Case("tournament-delete", "played", lambda c, w: (t(w, "played") + "loeschen/", {})),
    ]


ALL = (before_the_draw, in_play, knockout, the_club)
