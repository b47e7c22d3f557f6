"""Finding players by a typed name, tolerant of case, accents, spacing and ß/ss.

A name's *key* folds what people type differently: "Müller", "MÜLLER", " muller " and
"Mueller" all find "Müller", "Strasse" finds "Straße". The keys serve matching and the
alphabetical order only; names are always shown as registered.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

WORDS = re.compile(r"[\s\-]+")  # a name's words for suggestions: "Müller-Lüdenscheidt" has two
UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})  # "Mueller" for "Müller"


# for str.translate: ASCII control characters deleted, those that separate words as spaces
ASCII_CONTROLS = {c: " " if chr(c).isspace() else None for c in [*range(32), 127]}


def name_key(text: str) -> str:
    """The folded form of a name: no case, no accents, ß as ss, no control characters,
    single spaces."""
    if text.isascii():  # most names: nothing to decompose
        return " ".join(text.translate(ASCII_CONTROLS).casefold().split())
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    kept = "".join(
        " " if c.isspace() else c
        for c in decomposed
        if c.isspace() or not (unicodedata.combining(c) or unicodedata.category(c)[0] == "C")
    )
    return " ".join(kept.casefold().split())


@lru_cache(maxsize=20_000)
def registered_key(name: str) -> str:
    """The key of a registered name, kept: the names stay while the tournament changes."""
    return name_key(name)


@lru_cache(maxsize=20_000)
def name_keys(name: str) -> tuple[str, ...]:
    """The keys a registered name is found by: folded, and with umlauts spelled ae, oe, ue."""
    plain = registered_key(name)
    spelled = name_key(unicodedata.normalize("NFC", name.casefold()).translate(UMLAUTS))
    return (plain,) if spelled == plain else (plain, spelled)


@dataclass(frozen=True)
class NameIndex:
    """The keys of a list of names, made once, to find names by what somebody typed."""

    names: tuple[str, ...]
    keys: tuple[tuple[str, ...], ...] = field(init=False)
    words: dict[str, list[int]] = field(init=False)  # every key and every word of a key

    def __post_init__(self) -> None:
        keys = tuple(name_keys(n) for n in self.names)
        words: dict[str, list[int]] = {}
        for i, variants in enumerate(keys):
            found = {w for key in variants for w in (key, *WORDS.split(key)) if w}
            for word in found:
                words.setdefault(word, []).append(i)
        object.__setattr__(self, "keys", keys)
        object.__setattr__(self, "words", words)

    def find(self, typed: str) -> list[int]:
        """The positions of the names that hold every typed word (a part of a name is enough),
        best first: the whole name, then names starting so, then the others."""
        wanted = name_key(typed)
        if not wanted:
            return []
        parts = wanted.split()
        hits = [
            i
            for i, variants in enumerate(self.keys)
            if any(all(p in key for p in parts) for key in variants)
        ]

        def rank(i: int) -> tuple[int, str]:
            variants = self.keys[i]
            if wanted in variants:
                return 0, variants[0]
            if any(k.startswith(wanted) or f" {wanted}" in k for k in variants):
                return 1, variants[0]
            return 2, variants[0]

        return sorted(hits, key=rank)

    def close(self, typed: str, count: int = 5) -> list[int]:
        """The positions of names that look like the typed one (for "did you mean …?")."""
        wanted = name_key(typed)
        if not wanted:
            return []
        found: list[int] = []
        for word in difflib.get_close_matches(wanted, self.words, n=count * 3, cutoff=0.6):
            found += [i for i in self.words[word] if i not in found]
        return found[:count]


def sort_key(name: str) -> tuple[str, str]:
    """The alphabetical order of names (German enough: umlauts with their vowel, ß as ss)."""
    return registered_key(name), name


def ordered(names: Sequence[str]) -> list[int]:
    """The positions of names in alphabetical order."""
    return sorted(range(len(names)), key=lambda i: sort_key(names[i]))
