"""The sub-commands: each loads the file, asks the engine, and saves only when all went well."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from rich.console import Console
from rich.table import Table as RichTable

from tafelrunde.cli.family import cli_of
from tafelrunde.cli.files import (
    load_any,
    load_tournament,
    read_text,
    rules_of,
    save_tournament,
)
from tafelrunde.cli.ko_demo import knockout_demo
from tafelrunde.cli.stamp import author, now
from tafelrunde.cli.views import (
    standing_json,
    standing_table,
    tables_table,
    write_exports,
)
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.export import final_ranking
from tafelrunde.engine.groups import entries
from tafelrunde.engine.groups.actions import (
    next_draw,
    record,
    resolve_player,
    undo_last,
)
from tafelrunde.engine.groups.entries import Spot, Values
from tafelrunde.engine.groups.facts import Draw, Tournament, Undo
from tafelrunde.engine.groups.file import fact_to_dict
from tafelrunde.engine.groups.overall_ranking import group_ranking_rows
from tafelrunde.engine.groups.presence import mark
from tafelrunde.engine.groups.progress import pending
from tafelrunde.engine.groups.stage_state import StageState
from tafelrunde.engine.groups.tournament_state import TournamentState
from tafelrunde.engine.limits import MAX_PIPS, MAX_TABLE_SIZE, whole_number
from tafelrunde.engine.numbers import parse_number
from tafelrunde.engine.players import DEMO_NAMES
from tafelrunde.engine.rule_words import named
from tafelrunde.i18n import msg
from tafelrunde.presets import (
    AnyRules,
    load_rules,
    load_ruleset,
    preset_names,
    preset_text,
    rules_from_toml,
)
from tafelrunde.sim.autoplay import play_to_end

__all__ = ["preset_names"]


def _state(args: argparse.Namespace) -> TournamentState:
    return TournamentState(load_tournament(args.file))


def _chosen_stage(state: TournamentState, name: str | None) -> StageState:
    """Return the named stage, or the running one; refuse when nothing is drawn."""
    st = state.stage(name) if name else state.current
    if st is None:
        raise RuleError(msg("Nothing is drawn yet."), field="stage")
    return st


def create(args: argparse.Namespace, out: Console) -> int:
    """Create a tournament file from a preset or ruleset and a player list."""
    if bool(args.preset) == bool(args.ruleset):
        raise RuleError(msg("Give exactly one of --preset or --ruleset."), field="preset")
    if args.file.exists() and not args.force:
        raise RuleError(
            msg("{file} exists already (overwrite with --force).", file=args.file), field="file"
        )
    if args.preset:
        any_rules = rules_of(args.preset, "--preset")
    else:
        any_rules = rules_of(str(args.ruleset), "--ruleset")
    return cli_of(any_rules).create(args, out, any_rules)


def presets(args: argparse.Namespace, out: Console) -> int:
    """List the shipped presets."""
    table = RichTable(title=msg("Presets").text(args.lang))
    table.add_column("Name"), table.add_column(msg("Format").text(args.lang))
    table.add_column(msg("Description").text(args.lang))
    for name in preset_names():
        r = load_rules(name)
        table.add_row(name, r.format, named(r.name, r.name_en).text(args.lang))
    out.print(table)
    return 0


def preset(args: argparse.Namespace, out: Console) -> int:
    """Print a preset's TOML text, to copy and change."""
    if args.name not in preset_names():
        raise RuleError(
            msg("No preset '{name}' ({list}).", name=args.name, list=", ".join(preset_names())),
            field="name",
        )
    print(preset_text(args.name), end="")
    return 0


def rules(args: argparse.Namespace, out: Console) -> int:
    """Show every parameter of a ruleset readably."""
    source = Path(args.source)
    ruleset: AnyRules
    if source.suffix == ".json" and source.is_file():
        tour = load_any(source)
        ruleset = tour.rules
    elif source.suffix == ".toml":
        ruleset = rules_from_toml(read_text(source, "Regeldatei"), origin=source.name)
    else:
        ruleset = load_rules(args.source)
    out.print(cli_of(ruleset).rules_table(ruleset, args.lang))
    return 0


def draw(args: argparse.Namespace, out: Console) -> int:
    """Draw the next stage or game and record the draw with its seed."""
    state = _state(args)
    fact = record(state, next_draw(state, seed=args.seed), at=now(), by=author())
    save_tournament(state.tournament, args.file)
    assert isinstance(fact, Draw)
    st = state.stage(fact.stage)
    out.print(tables_table(state, st, fact.game, args.lang))
    return 0


def tables(args: argparse.Namespace, out: Console) -> int:
    """Show the tables of a game, with seat and start order and results."""
    state = _state(args)
    st = _chosen_stage(state, args.stage)
    games = [args.game] if args.game else list(range(1, st.drawn_games() + 1))
    if args.json:
        data = [
            {
                "stage": st.key,
                "game": g,
                "tables": [
                    {"table": i, "seats": list(st.seat_order(g, i))}
                    for i in range(1, len(st.tables(g) or ()) + 1)
                ],
            }
            for g in games
            if st.tables(g)
        ]
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0
    for g in games:
        if st.tables(g) is None:
            said = msg("{word} {game} is not drawn.", word=st.rule.game_word(), game=g)
            raise RuleError(said, field="game")
        out.print(tables_table(state, st, g, args.lang))
    return 0


def _pairs(tour: Tournament, text: str | None, label: str) -> dict[str, str]:
    """Read 'Name=value, Name=value' into player ids and raw values."""
    if not text:
        return {}
    out: dict[str, str] = {}
    separator = ";" if ";" in text else ","  # with ';' a comma can be a decimal comma
    for part in text.split(separator):
        if not part.strip():
            continue
        if "=" not in part:
            raise RuleError(msg("'{text}': expected name=value.", text=part.strip()), field=label)
        who, value = part.rsplit("=", 1)
        pid = resolve_player(tour, who)
        if pid in out:
            raise RuleError(msg("{name} is given twice.", name=tour.name_of(pid)), field=label)
        out[pid] = value.strip()
    return out


def _whole(value: str, label: str, who: str) -> int:
    """Pips or a place of one player, within their bounds."""
    high = MAX_PIPS if label == "pips" else MAX_TABLE_SIZE
    return whole_number(value, field=label, low=0 if label == "pips" else 1, high=high, what=who)


def result(args: argparse.Namespace, out: Console) -> int:
    """Enter (or correct) one table's result of a game."""
    state = _state(args)
    tour = state.tournament
    st = state.current
    if st is None:
        raise RuleError(msg("Nothing is drawn yet."), field="stage")
    scores = {
        p: parse_number(v, field=f"scores ({tour.name_of(p)})")
        for p, v in _pairs(tour, args.scores, "scores").items()
    }
    pips = {
        p: _whole(v, "pips", tour.name_of(p)) for p, v in _pairs(tour, args.pips, "pips").items()
    }
    places = {
        p: _whole(v, "places", tour.name_of(p))
        for p, v in _pairs(tour, args.places, "places").items()
    }
    if not (scores or pips or places):
        raise RuleError(msg("No result given (--scores, --pips or --places)."), field="result")
    game = args.game
    if game is None:
        open_games = [g for g, i in st.missing_results() if i == args.table]
        game = open_games[0] if open_games else (st.drawn_games() if args.correct else 0)
        if not game:
            raise RuleError(
                msg(
                    "Table {table} has no open result; to change one use --correct --game N.",
                    table=args.table,
                ),
                field="table",
            )
    spot, values = Spot(st.key, game, args.table), Values(scores, pips, places)
    entries.staff_result(state, spot, values, correct=args.correct, at=now(), by=author())
    save_tournament(tour, args.file)
    out.print(tables_table(state, st, game, args.lang))
    for step in pending(state)[:3]:
        out.print("• " + step.text.text(args.lang))
    return 0


def rolloff(args: argparse.Namespace, out: Console) -> int:
    """Enter a roll-off's order (winner first), or let the software roll the next open one."""
    state = _state(args)
    tour = state.tournament
    if args.auto:
        fact = entries.rolloff_by_software(state, None, seed=args.seed, at=now(), by=author())
    else:
        if len(args.order) < 2:
            raise RuleError(
                msg("Name the roll-off's players, winner first (or --auto)."), field="order"
            )
        order = [resolve_player(tour, n) for n in args.order]
        fact = entries.rolloff(state, order, correct=args.correct, at=now(), by=author())
    save_tournament(tour, args.file)
    names = " > ".join(tour.name_of(p) for p in fact.order)
    out.print(
        msg(
            "Roll-off {kind} entered: {names}",
            kind=fact.kind,
            names=names,
            name=fact.kind.capitalize(),
        ).text(args.lang)
    )
    return 0


def standings(args: argparse.Namespace, out: Console) -> int:
    """Show a stage's standings with the tie-break that decided each place."""
    state = _state(args)
    st = _chosen_stage(state, args.stage)
    cut = state.cut(st)
    standing = st.standing(cut)
    if args.json:
        print(
            json.dumps(
                {
                    "stage": st.key,
                    "complete": state.stage_complete(st),
                    "advance": cut,
                    "rows": standing_json(state, st, standing),
                },
                ensure_ascii=False,
                indent=1,
            )
        )
        return 0
    out.print(standing_table(state, st, standing, args.lang, cut))
    if cut is not None:
        out.print(msg("✓ = goes on ({cut} players)", cut=cut).text(args.lang))
    return 0


def ranking(args: argparse.Namespace, out: Console) -> int:
    """Show the overall ranking (final once the tournament is over)."""
    state = _state(args)
    rows = group_ranking_rows(state)
    if args.json:
        print(json.dumps({"final": state.finished, "ranking": rows}, ensure_ascii=False, indent=1))
        return 0
    heading = msg("Overall ranking") if state.finished else msg("Overall ranking (provisional)")
    table = RichTable(title=heading.text(args.lang))
    for col in (
        msg("Place").text(args.lang),
        msg("Player").text(args.lang),
        msg("stage reached").text(args.lang),
        msg("rank there").text(args.lang),
    ):
        table.add_column(col)
    for r in rows:
        st = state.stage(str(r["stage"]))
        word = mark(state, str(r["id"]))
        who = f"{r['name']} ({word.text(args.lang)})" if word else str(r["name"])
        table.add_row(str(r["place"]), who, st.title().text(args.lang), str(r["stage_rank"]))
    out.print(table)
    return 0


def export(args: argparse.Namespace, out: Console) -> int:
    """Write the final ranking as CSV and/or JSON."""
    tour = load_tournament(args.file)
    rows, lines = final_ranking(tour)
    as_json = json.dumps({"tournament": tour.name, "ranking": rows}, ensure_ascii=False, indent=1)
    write_exports(args, out, lines, as_json + "\n")
    return 0


def pending_cmd(args: argparse.Namespace, out: Console) -> int:
    """List what is open: results, roll-offs, the next draw."""
    state = _state(args)
    steps = pending(state)
    if args.json:
        print(
            json.dumps(
                [{"kind": s.kind, "text": s.text.text(args.lang), **s.data} for s in steps],
                ensure_ascii=False,
                indent=1,
            )
        )
        return 0
    for s in steps:
        out.print("• " + s.text.text(args.lang))
    return 0


def undo(args: argparse.Namespace, out: Console) -> int:
    """Take back the latest entry (it stays in the file, marked as undone)."""
    state = _state(args)
    new_state, target = undo_last(state, at=args.at or now(), by=author())
    save_tournament(new_state.tournament, args.file)
    kind = type(target).__name__.lower()
    out.print(msg("Entry no. {n} ({kind}) undone.", n=target.n, kind=kind).text(args.lang))
    return 0


def history(args: argparse.Namespace, out: Console) -> int:
    """List every recorded fact with time and author."""
    state = _state(args)
    table = RichTable(title=msg("History").text(args.lang))
    for col in (
        "Nr.",
        msg("Time").text(args.lang),
        msg("By").text(args.lang),
        msg("Entry").text(args.lang),
    ):
        table.add_column(col)
    for fact in state.tournament.facts:
        what = describe_fact(state, fact_to_dict(fact))
        if fact.n in state.undone:
            what = "[strike]" + what + "[/strike] " + msg("(undone)").text(args.lang)
        if isinstance(fact, Undo):
            what = msg("undid no. {target}", target=fact.target).text(args.lang)
        table.add_row(str(fact.n), fact.at, fact.by, what)
    out.print(table)
    return 0


def describe_fact(state: TournamentState, d: dict[str, object]) -> str:
    """Describe a fact in one line, with names instead of ids."""
    name = state.tournament.name_of
    parts = []
    for key, value in d.items():
        if key in ("n", "at", "by"):
            continue
        if isinstance(value, dict):
            value = ", ".join(f"{name(str(p))}={v}" for p, v in value.items())
        elif key == "player":
            value = name(str(value))
        elif key == "order":
            value = " > ".join(name(str(p)) for p in value)  # type: ignore[attr-defined]
        elif key == "tables":
            value = " | ".join(" ".join(name(str(p)) for p in tb) for tb in value)  # type: ignore[attr-defined]
        parts.append(f"{key}: {value}")
    return "; ".join(parts)


def verify(args: argparse.Namespace, out: Console) -> int:
    """Re-run every draw from its recorded seed and compare it with the recorded tables."""
    tour = load_tournament(args.file)
    replay = Tournament(
        tour.name, tour.ruleset, tour.players, tour.seed, created_at=tour.created_at
    )
    state = TournamentState(replay)
    undone = {f.target for f in tour.facts if isinstance(f, Undo)}
    bad = 0
    for fact in tour.facts:
        if isinstance(fact, Undo) or fact.n in undone:
            continue
        if isinstance(fact, Draw):
            again = next_draw(state, seed=fact.seed)
            same = again.tables == fact.tables
            bad += not same
            out.print(
                f"Nr. {fact.n} {fact.stage}/{fact.game} seed {fact.seed}: "
                + ("[green]ok[/green]" if same else msg("[red]differs![/red]").text(args.lang))
            )
        state.apply(fact)
        replay.facts.append(fact)
    return 1 if bad else 0


def demo(args: argparse.Namespace, out: Console) -> int:
    """Create and play one demo tournament per format (A–C random, D with Schocken bots)."""
    args.dir.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    names = list(DEMO_NAMES)
    from tafelrunde.engine.players import Player

    players = [
        Player(f"p{i:02d}", names[i - 1] if i <= len(names) else f"Spieler {i}")
        for i in range(1, args.players + 1)
    ]
    for preset_name in ("gruppenmodus", "alhambra", "king-lui"):
        tour = Tournament(
            name=f"Demo {preset_name}",
            ruleset=load_ruleset(preset_name),
            players=list(players),
            seed=rng.randrange(2**31),
            created_at=now(),
        )
        state = play_to_end(tour, seed=rng.randrange(2**31))
        path = args.dir / f"{preset_name}.json"
        save_tournament(tour, path)
        title = named(tour.ruleset.name, tour.ruleset.name_en).text(args.lang)
        out.rule(f"{title} – {path}")
        path_text = " → ".join(
            f"{st.title().text(args.lang)} ({len(st.entrants)})" for st in state.stages
        )
        out.print(msg("Stages (players): {stages}", stages=path_text).text(args.lang))
        last = state.stages[-1]
        out.print(standing_table(state, last, last.standing(None), args.lang, None))
        winner = state.tournament.name_of(state.overall()[0].player)
        out.print(
            msg(
                "Winner: {winner}. {count} entries; check with 'tafelrunde verify {path}', "
                "overall ranking with 'tafelrunde ranking {path}'.",
                winner=winner,
                count=len(tour.facts),
                path=path,
            ).text(args.lang)
        )
    knockout_demo(
        args.dir / "schocken-ko.json",
        [p.name for p in players],
        rng.randrange(2**31),
        args.lang,
        out,
    )
    return 0
