"""Say in words what a format A–C fact records, with names instead of ids."""

from __future__ import annotations

from tafelrunde.engine.facts import AnyFact, Draw, Result, Rolloff, Tournament
from tafelrunde.engine.numbers import display
from tafelrunde.engine.rules_text import t


def describe(tour: Tournament, fact: AnyFact, lang: str = "de") -> str:
    """One line: 'Ergebnis Partie 2, Tisch 3: Anna 40, Ben 30' and the like."""
    name = tour.name_of
    if isinstance(fact, Draw):
        return t(
            lang,
            f"Auslosung {fact.stage}, Partie {fact.game} (Los-Seed {fact.seed})",
            f"Draw {fact.stage}, game {fact.game} (seed {fact.seed})",
        )
    if isinstance(fact, Result):
        values = []
        for p in dict.fromkeys([*fact.scores, *fact.pips, *fact.places]):
            bits = [display(fact.scores[p], lang)] if p in fact.scores else []
            if p in fact.pips:
                bits.append(t(lang, f"{fact.pips[p]} Augen", f"{fact.pips[p]} pips"))
            if p in fact.places:
                bits.append(t(lang, f"Platz {fact.places[p]}", f"place {fact.places[p]}"))
            values.append(f"{name(p)} " + " / ".join(bits))
        head = (
            t(lang, "Korrektur", "Correction") if fact.corrects else t(lang, "Ergebnis", "Result")
        )
        where = t(lang, f"Partie {fact.game}, Tisch", f"game {fact.game}, table")
        return f"{head} {where} {fact.table}: " + ", ".join(values)
    if isinstance(fact, Rolloff):
        order = " > ".join(name(p) for p in fact.order)
        seed = t(lang, f" (gewürfelt, Los-Seed {fact.seed})", f" (rolled, seed {fact.seed})")
        return (
            t(lang, "Stechen", "Roll-off") + f": {order}" + (seed if fact.seed is not None else "")
        )
    return t(lang, f"Rücknahme von Eintrag {fact.target}", f"Undo of entry {fact.target}")
