"""The state of a race, made and read in a process of its own on the server's database.

`tests/web/races.py` starts this module as a process whose environment names the database
of a real server (TAFELRUNDE_DATA or TAFELRUNDE_DATABASE_URL). It reads one JSON line per
call (`{"call": name, "kwargs": {...}}`), runs the function of that name below through the
application's own domain functions, and answers one JSON line (`{"ok": value}` or
`{"error": text}`). One process serves a whole test module: Django starts once.
"""

from __future__ import annotations

import json
import sys
import traceback
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[1])]

from loadclient import organiser, setup_django  # noqa: E402

USER, PASSWORD = "leitung", "rennen-passwort"


def begin() -> dict[str, Any]:
    """The organiser's login."""
    organiser(USER, PASSWORD)
    return {"user": USER, "password": PASSWORD}


def sign_up_tournament(
    *, entered: int, capacity: int | None, room: int | None, signed: int, family: str = "A"
) -> dict[str, Any]:
    """A tournament with `entered` players typed in and its online sign-up open (places in all,
    places on the waiting list), `signed` sign-ups taken in order; their pass tokens."""
    from factories import morning
    from tafelrunde.presets import load_rules
    from tafelrunde.web.core.domain.setup import new_tournament
    from tafelrunde.web.core.domain.store import save_new
    from tafelrunde.web.player import signups

    preset = {"A": "gruppenmodus", "D": "schocken-ko"}[family]
    names = "\n".join(f"Eingetragen {k:02d}" for k in range(1, entered + 1))
    tour = new_tournament(f"Anmeldung {family}", load_rules(preset), names, day=None,
                          at=morning(), by="Rennen")  # fmt: skip
    rec = save_new(tour)
    signups.set_desk(rec, open_=True, capacity=capacity, room=room, code="")
    tokens = []
    for k in range(1, signed + 1):
        made, _ = signups.sign_up(rec, f"Online {k:03d}", "", "", "")
        tokens.append(signups.token_of(made))
    return {"pk": rec.pk, "tokens": tokens}


def sign_ups(*, pk: int) -> dict[str, Any]:
    """Every sign-up in the order they came, the tournament's players and who arrived."""
    from tafelrunde.web.core.models import TournamentRecord
    from tafelrunde.web.player.models import Arrival, PlayerPass, SignUp, SignUpDesk

    rec = TournamentRecord.objects.get(pk=pk)
    desk = SignUpDesk.objects.get(tournament=rec)
    rows = [
        {"pk": s.pk, "name": s.name, "status": s.status, "player": s.player,
         "passes": PlayerPass.objects.filter(sign_up=s).count()}
        for s in SignUp.objects.filter(tournament=rec).order_by("pk")
    ]  # fmt: skip
    arrivals = list(Arrival.objects.filter(tournament=rec).values_list("player", flat=True))
    return {
        "rows": rows,
        "players": [p["id"] for p in rec.players],
        "names": [p["name"] for p in rec.players],
        "capacity": desk.capacity,
        "room": desk.waiting_room(),
        "arrivals": arrivals,
        "registered": _registered(rec),
    }


def _registered(rec: Any) -> list[str]:
    """Format D: the players registered and not withdrawn ([] for the other formats)."""
    from tafelrunde.engine.knockout import KnockoutState, Status
    from tafelrunde.web.core.domain.store import read_only

    state = read_only(rec)[1]
    if not isinstance(state, KnockoutState):
        return []
    return sorted(p for p, s in state.players.items() if s.status is not Status.WITHDRAWN)


def group_tournament(*, players: int) -> int:
    """A format-A tournament of `players`, nothing drawn yet."""
    from tafelrunde.engine.groups.facts import Tournament
    from tafelrunde.engine.players import Player
    from tafelrunde.presets import load_ruleset
    from tafelrunde.web.core.domain.store import save_new

    people = [Player(f"p{i:03d}", f"Spieler {i}") for i in range(1, players + 1)]
    return save_new(Tournament("Rennen", load_ruleset("gruppenmodus"), people, seed=1)).pk


def knockout(*, players: int) -> int:
    """A format-D tournament of `players`: paid, tables open, a game lost at each."""
    from factories import knockout_tournament, stored

    return stored(knockout_tournament(players)).pk


def knockout_tables(*, pk: int) -> list[dict[str, Any]]:
    """Format D: each open table's number, its players still in and its state token."""
    from tafelrunde.engine.knockout.actions import table_token
    from tafelrunde.web.core.domain.knockout import knockout_read
    from tafelrunde.web.core.models import TournamentRecord

    state = knockout_read(TournamentRecord.objects.get(pk=pk))[1]
    return [{"table": t.number, "players": list(t.remaining), "token": table_token(state, t.number)}
            for t in state.open_tables()]  # fmt: skip


def table_links(*, pk: int) -> list[dict[str, Any]]:
    """The links of the first game's tables, table 1 first, with who sits there."""
    from tafelrunde.web.core.domain.store import read_only
    from tafelrunde.web.core.models import TournamentRecord
    from tafelrunde.web.core.seat import Where
    from tafelrunde.web.table.links import tokens_for

    rec = TournamentRecord.objects.get(pk=pk)
    st = read_only(rec)[1].current
    game = 1
    tables = range(1, len(st.tables(game)) + 1)
    found = tokens_for(rec, [Where(st.key, game, t) for t in tables])
    return [{"table": w.table, "token": token, "seats": list(st.seated(game, w.table))}
            for w, token in found.items()]  # fmt: skip


def facts(*, pk: int) -> list[dict[str, Any]]:
    """Every stored fact of a tournament, in order."""
    from tafelrunde.web.core.models import FactRecord

    return list(
        FactRecord.objects.filter(tournament_id=pk).order_by("n").values_list("data", flat=True)
    )


def log_lines(*, pk: int | None) -> list[str]:
    """The log of a tournament (None: the club's), in German, oldest first."""
    from tafelrunde.web.core.models import AuditEntry

    return [e.said.text("de") for e in AuditEntry.objects.filter(tournament_id=pk).order_by("pk")]


def pass_tokens(*, pk: int) -> dict[str, str]:
    """Every player's pass token."""
    from tafelrunde.web.core.models import TournamentRecord
    from tafelrunde.web.player.passes import tokens_for

    rec = TournamentRecord.objects.get(pk=pk)
    return tokens_for(rec, [p["id"] for p in rec.players])


def arrivals(*, pk: int) -> list[str]:
    """Who arrived (one row each)."""
    from tafelrunde.web.player.models import Arrival

    return list(Arrival.objects.filter(tournament_id=pk).values_list("player", flat=True))


def sent_keys(*, pk: int) -> list[str]:
    """The keys the tournament took actions with (one row each)."""
    from tafelrunde.web.table.models import SentKey

    return list(SentKey.objects.filter(tournament_id=pk).values_list("key", flat=True))


def bindings(*, pk: int) -> list[list[Any]]:
    """The tournament's phones bound to players: [player, by pass] each."""
    from tafelrunde.web.table.models import PhoneBinding

    return [[b.player, b.by_pass] for b in PhoneBinding.objects.filter(tournament_id=pk)]


def persons(*, names: list[str]) -> list[int]:
    """New persons of the club's registry; their numbers."""
    from tafelrunde.web.club.models import Person

    return [Person.objects.create(name=n).pk for n in names]


def person_count() -> int:
    """How many persons the registry holds."""
    from tafelrunde.web.club.models import Person

    return Person.objects.count()


def member_preview(*, names: list[str]) -> str:
    """The signed rows of a member list's preview, as its page sends them."""
    from tafelrunde.web.club.imports import preview
    from tafelrunde.web.club.member_file import MemberRow

    return preview([MemberRow(k, name) for k, name in enumerate(names, start=2)])[1]


def tournament_row(*, pk: int) -> dict[str, Any]:
    """What the organisers' settings changed: day, event, identity, revision, projector."""
    from tafelrunde.web.core.models import TournamentRecord
    from tafelrunde.web.live.projector_choice import choice_of

    rec = TournamentRecord.objects.get(pk=pk)
    shown = choice_of(rec)
    day = rec.day.isoformat() if rec.day else None
    return {"day": day, "event": rec.event_id, "identity": rec.identity,
            "revision": rec.revision, "seconds": shown.seconds}  # fmt: skip


CALLS = {
    f.__name__: f
    for f in (begin, sign_up_tournament, sign_ups, group_tournament, table_links, facts,
              log_lines, pass_tokens, arrivals, persons, person_count, tournament_row,
              member_preview, sent_keys, bindings, knockout, knockout_tables)
}  # fmt: skip


def main() -> None:
    """Answer one call per line until the input ends."""
    setup_django()
    for line in sys.stdin:
        asked = json.loads(line)
        try:
            answer = {"ok": CALLS[asked["call"]](**asked.get("kwargs", {}))}
        except Exception:  # the test shows it
            answer = {"error": traceback.format_exc()}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
