"""The German words a person reads: a player is addressed with "du" on every page players see,
and "Anmelden" is only the organisers' login (signing up is "Anmeldung", arriving is
"Einchecken" or "Ich bin da")."""

from __future__ import annotations

import re

import pytest

from tafelrunde import catalogue

pytestmark = pytest.mark.unit

PLAYER_PAGES = (  # where the messages of pages that players read are made
    "web/player/", "web/table/", "web/public/", "web/live/", "web/core/templates/core/",
)  # fmt: skip
FORMAL = r"\b(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b"
MID_SENTENCE = re.compile(r"(?<![.!?:;–]\s)(?<![„(\n])(?<!^)" + FORMAL)  # not a sentence's start
YOURS = re.compile(r"\b(Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b")
SIE_VERB = re.compile(r"\bSie \w+en\b")  # "Sie können" (not "Sie aktualisiert sich")
YOU = re.compile(r"(?i)\byour?\b")


def german() -> list[tuple[str, str, list[str]]]:
    """Every message of the German catalogue: its English, its German (plural forms joined),
    the files it is used in."""
    out = []
    for m in catalogue.read("de"):
        if not m.id:
            continue
        english = m.id if isinstance(m.id, str) else " | ".join(m.id)
        said = m.string if isinstance(m.string, str) else " | ".join(m.string)
        out.append((english, said, [path for path, _ in m.locations]))
    return out


def formal(english: str, said: str) -> bool:
    """Say whether a German text addresses the reader with "Sie": a capital "Sie" or "Ihr…"
    within a sentence; where the English speaks to "you", also "Ihr…" or "Sie" with a verb
    in -en at a sentence's start (there "Sie"/"Ihre" may else be "it", "they" or "their")."""
    if MID_SENTENCE.search(said):
        return True
    return bool(YOU.search(english) and (YOURS.search(said) or SIE_VERB.search(said)))


def test_the_rule_tells_the_formal_address_from_they() -> None:
    assert formal("Did you mean:", "Meinten Sie:") and formal("Your name", "Ihr Name")
    assert not formal("Did you mean:", "Meintest du:") and not formal("Your name", "Dein Name")
    assert not formal("They decide at their laptop.", "Nein. Sie entscheidet am Laptop.")
    assert not formal("Their results stay.", "Ihre Ergebnisse bleiben.")
    assert formal("You can sign up.", "Sie können sich anmelden.")
    assert not formal("Your pass. It updates.", "Dein Pass. Sie aktualisiert sich.")


def test_every_page_players_see_says_du() -> None:
    found = [
        f"{english!r} → {said!r}"
        for english, said, where in german()
        if any(p.startswith(PLAYER_PAGES) for p in where) and formal(english, said)
    ]
    assert found == [], "\n".join(found)


def test_anmelden_is_only_the_organisers_login() -> None:
    login = re.compile(r"(?i)\blog(ged)? ?in\b")
    arriving = re.compile(r"(?i)\bcheck(ed|ing)? ?in\b")
    signing = re.compile(r"(?i)\bsign|regist")  # a message about both may say "angemeldet"
    found = [
        f"{english!r} → {said!r}"
        for english, said, _ in german()
        if (re.search(r"(?i)\banmelden\b", said) and not login.search(english))
        or (
            arriving.search(english)
            and not signing.search(english)
            and re.search(r"(?i)an(ge)?meld", said)
        )
    ]
    assert found == [], "\n".join(found)
