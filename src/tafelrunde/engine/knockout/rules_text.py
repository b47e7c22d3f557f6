"""Every parameter of a format-D ruleset as readable lines, in German and English."""

from __future__ import annotations

from tafelrunde.engine.knockout.clock import clock_text
from tafelrunde.engine.knockout.rules import KnockoutRules


def _yes(flag: bool) -> tuple[str, str]:
    """Say yes or no in both languages."""
    return ("ja", "yes") if flag else ("nein", "no")


def rule_lines(r: KnockoutRules) -> list[tuple[str, str, str, str]]:
    """Return (German label, English label, German value, English value) for every number."""
    sizes = "/".join(str(s) for s in sorted(r.tables.sizes(), reverse=True))
    fill_de, fill_en = {
        "latest_eliminated": (
            "mit den zuletzt Ausgeschiedenen auffüllen",
            "fill up with the latest eliminated",
        ),
        "none": ("nicht auffüllen", "do not fill up"),
    }[r.final_fill]
    times = f"{clock_text(r.admission)} / {clock_text(r.deadline)} / {clock_text(r.start)}"
    chips = f"{r.chips_main} / {r.chips_consolation} / {r.chips_final}"
    no_final_de = "" if r.sharp_in_final else "; nicht im großen Finale"
    no_final_en = "" if r.sharp_in_final else "; not in the grand final"
    prizes = "; ".join(f"{i}. {p}" for i, p in enumerate(r.prizes, start=1))
    return [
        ("Einlass / Anmeldeschluss / Start", "Admission / deadline / start", times, times),
        ("Startgebühr", "Entry fee", f"{r.entry_fee} €", f"{r.entry_fee} €"),
        ("Einchecken nötig", "Check-in needed", *_yes(r.check_in)),
        ("Leben", "Lives", str(r.lives), str(r.lives)),
        (
            "Chips Hauptrunde / Trostrunde / großes Finale",
            "Chips main / consolation / grand final",
            chips,
            chips,
        ),
        ("Chips an den nächsten Tisch mitnehmen", "Chips carry over", *_yes(r.chips_carry_over)),
        (
            "Tischgrößen",
            "Table sizes",
            f"bevorzugt {r.tables.prefer}, erlaubt {sizes}",
            f"prefer {r.tables.prefer}, allowed {sizes}",
        ),
        (
            "Ein Tisch spielt, bis übrig sind",
            "A table plays until this many remain",
            str(r.survivors),
            str(r.survivors),
        ),
        (
            "Großes Finale",
            "Grand final",
            f"{r.final_size} Spieler; zu wenige: {fill_de}",
            f"{r.final_size} players; too few: {fill_en}",
        ),
        (
            "Scharfes Spiel",
            "Sharp play",
            f"ab {r.sharp_after_minutes} min nach Tischbeginn nur eine Hälfte{no_final_de}",
            f"single half from {r.sharp_after_minutes} min after the table opened{no_final_en}",
        ),
        (
            "Spende je Schock aus (Schock-Aus-König)",
            "Donation per Schock aus (Schock-Aus-König)",
            f"{r.donation} €",
            f"{r.donation} €",
        ),
        ("Preise", "Prizes", prizes, prizes),
    ]
