"""Every parameter of a format A–C ruleset as readable lines, in German or English."""

from __future__ import annotations

from tafelrunde.engine.numbers import display
from tafelrunde.engine.ruleset import StageRule
from tafelrunde.engine.standings import Criterion


def t(lang: str, de: str, en: str) -> str:
    """Pick the text of the language."""
    return de if lang == "de" else en


def stage_lines(rule: StageRule, lang: str) -> list[str]:
    """Describe one stage's parameters."""
    s = rule.scoring
    tr = rule.tables
    sizes = "/".join(str(x) for x in tr.sizes())
    lines = [
        t(lang, f"Partien: {rule.games}", f"Games: {rule.games}"),
        t(
            lang,
            f"Tische: bevorzugt {tr.prefer}er, erlaubt {sizes}",
            f"Tables: prefer {tr.prefer}, allowed {sizes}",
        )
        + (
            t(lang, f", höchstens {tr.max_other} andere", f", at most {tr.max_other} others")
            if tr.max_other is not None
            else ""
        ),
        t(lang, "Setzen: ", "Seating: ")
        + {
            "draw": t(lang, "Auslosung", "draw"),
            "serpentine": t(lang, "Schlangenlinie nach Rang", "serpentine by rank"),
        }[rule.seating]
        + (
            t(lang, ", für jede Partie neu", ", new for every game")
            if rule.reseat_each_game
            else ""
        ),
    ]
    for size, pts in sorted(s.points.items(), reverse=True):
        lines.append(
            t(lang, f"Punkte am {size}er-Tisch: ", f"Points at a {size}-table: ")
            + ", ".join(display(p, lang) for p in pts)
        )
    if s.tie == "split":
        lines.append(
            t(lang, "Gleichstand: Punkte teilen, runden: ", "Tie: split points, rounding: ")
            + f"{s.rounding.mode} {display(s.rounding.step, lang)}"
        )
    else:
        malus = display(s.rolloff_malus, lang)
        minus = s.rolloff_loser == "minus"
        de = f"Punkte(p) − {malus}" if minus else "Punkte des nächsten Platzes"
        en = f"points(p) − {malus}" if minus else "next place's points"
        lines.append(
            t(
                lang,
                f"Gleichstand: Stechen, Verlierer bekommt {de}",
                f"Tie: roll-off, loser gets {en}",
            )
        )
    for size, f in sorted(s.game_point_factor.items()):
        factor, mode = display(f, lang, 4), s.game_point_rounding.mode
        lines.append(
            t(
                lang,
                f"Spielpunkte am {size}er-Tisch ×{factor}, runden: {mode}",
                f"Game points at a {size}-table ×{factor}, rounding: {mode}",
            )
        )
    lines.append(
        t(lang, "Wertung: ", "Ranking: ") + " → ".join(c.label(lang) for c in rule.ranking)
    )
    e = rule.entrants
    if e.top:
        lines.append(t(lang, f"Teilnehmer: die besten {e.top}", f"Entrants: the best {e.top}"))
    elif e.per_table:
        lines.append(
            t(
                lang,
                f"Teilnehmer: die {e.per_table} Besten jedes Tisches",
                f"Entrants: the best {e.per_table} of each table",
            )
            + (
                t(
                    lang,
                    f", aufgefüllt auf ein Vielfaches von {e.fill_multiple}",
                    f", filled up to a multiple of {e.fill_multiple}",
                )
                if e.fill_multiple
                else ""
            )
        )
    if rule.players_at_least:
        lines.append(
            t(
                lang,
                f"Nur ab {rule.players_at_least} Spielern",
                f"Only with {rule.players_at_least} players or more",
            )
        )
    if rule.repeat:
        lines.append(
            t(
                lang,
                "Wird wiederholt, solange mindestens "
                f"{rule.entrants_at_least} Spieler weiterkommen",
                f"Repeated while at least {rule.entrants_at_least} players go on",
            )
        )
    if rule.note:
        lines.append(rule.note)
    return lines


def criterion_label(c: Criterion, rule: StageRule, lang: str) -> str:
    """Name a criterion in the words of the ruleset ('Siegpunkte', 'Rang 1. Runde')."""
    if c.key == "rank":
        return t(lang, f"Rang {c.scope}", f"rank {c.scope}")
    text = c.label(lang)
    if c.key == "points":
        name = rule.points_name if lang == "de" else rule.points_name_en
        text = name + text[len(c.label(lang).split(" (")[0]) :]
    return text
