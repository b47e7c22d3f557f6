"""Names are found whatever the case, accents, spacing or ß/ss; a part of a name is enough;
close names are suggested; the alphabetical order puts umlauts beside their vowel."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tafelrunde.engine.name_match import NameIndex, name_key, name_keys, ordered

pytestmark = pytest.mark.unit

NAMES = ("Anna Müller", "Klaus Müller-Lüdenscheidt", "Bernd Straße", "Émile Zola",
         "Clara Öztürk", "Dieter Weiß", "Jörg Åberg", "Zoë Ng")  # fmt: skip


@pytest.mark.parametrize(
    ("typed", "found"),
    [
        ("muller", ["Anna Müller", "Klaus Müller-Lüdenscheidt"]),
        ("MÜLLER", ["Anna Müller", "Klaus Müller-Lüdenscheidt"]),
        (" Müller ", ["Anna Müller", "Klaus Müller-Lüdenscheidt"]),
        ("Mueller", ["Anna Müller", "Klaus Müller-Lüdenscheidt"]),
        ("anna müller", ["Anna Müller"]),
        ("MÜLLER   ANNA", ["Anna Müller"]),
        ("strasse", ["Bernd Straße"]),
        ("STRASSE", ["Bernd Straße"]),
        ("weiss", ["Dieter Weiß"]),
        ("emile", ["Émile Zola"]),
        ("ÉMILE", ["Émile Zola"]),
        ("ozturk", ["Clara Öztürk"]),
        ("oeztuerk", ["Clara Öztürk"]),
        ("jorg aberg", ["Jörg Åberg"]),
        ("zoe", ["Zoë Ng"]),
        ("Mu\u0308ller", ["Anna Müller", "Klaus Müller-Lüdenscheidt"]),  # ü as u + ¨
        ("ｍüｌｌｅｒ", ["Anna Müller", "Klaus Müller-Lüdenscheidt"]),  # full-width letters
        ("mül\x00ler", ["Anna Müller", "Klaus Müller-Lüdenscheidt"]),  # a NUL between
        ("anna\tmüller", ["Anna Müller"]),  # a tab between words
        ("anna\x85muller", ["Anna Müller"]),  # a next-line control between words
        ("Schmidt", []),
        ("", []),
        ("  \t", []),
    ],
)
def test_typed_names_are_found(typed: str, found: list[str]) -> None:
    index = NameIndex(NAMES)
    assert [NAMES[i] for i in index.find(typed)] == found


def test_the_whole_name_comes_first_then_names_that_start_so() -> None:
    index = NameIndex(("Hannah Berg", "Johanna Ann", "Ann", "Anna Kurz"))
    assert [index.names[i] for i in index.find("ann")] == ["Ann", "Anna Kurz", "Johanna Ann",
                                                            "Hannah Berg"]  # fmt: skip


def test_close_names_are_suggested() -> None:
    index = NameIndex(NAMES)
    assert index.find("Mülller") == []
    assert [NAMES[i] for i in index.close("Mülller")][:2] == [
        "Anna Müller",
        "Klaus Müller-Lüdenscheidt",
    ]
    assert [NAMES[i] for i in index.close("Emil Zolla")] == ["Émile Zola"]
    assert [NAMES[i] for i in index.close("Strase")] == ["Bernd Straße"]
    assert index.close("Xylophon") == [] and index.close("") == []


def test_the_order_is_alphabetical_with_umlauts_beside_their_vowel() -> None:
    names = ("Zoë Ng", "Öztürk", "Otto", "Ödön", "Ostermann", "Émile", "Eva", "Ärger", "Abel")
    assert [names[i] for i in ordered(names)] == [
        "Abel", "Ärger", "Émile", "Eva", "Ödön", "Ostermann", "Otto", "Öztürk", "Zoë Ng",
    ]  # fmt: skip


LATIN = st.sampled_from(list("abcdefghijklmnopqrstuvwxyzäöüßéèçñåABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜÉ -"))
latin_names = st.text(LATIN, min_size=1, max_size=20).filter(lambda s: s.strip(" -"))


@given(st.text())
def test_the_key_is_folded_once_and_for_all(text: str) -> None:
    key = name_key(text)
    assert name_key(key) == key
    assert key == key.strip() and "  " not in key
    assert not any(ord(c) < 32 or c == "\x7f" for c in key)


@given(latin_names, st.data())
def test_a_name_is_found_however_it_is_typed(name: str, data: st.DataObject) -> None:
    spacing = data.draw(st.sampled_from(["{}", " {} ", "\t{}\n", "  {}"]))
    case = data.draw(st.sampled_from([str.upper, str.lower, str.title, str.swapcase]))
    typed = spacing.format(case(name))
    assert name_key(typed) == name_key(name)
    index = NameIndex(("Jemand Anderes", name))
    assert 1 in index.find(typed)


@given(st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=12), st.data())
def test_every_name_finds_itself_and_a_part_finds_it_too(
    names: list[str], data: st.DataObject
) -> None:
    index = NameIndex(tuple(names))
    i = data.draw(st.integers(0, len(names) - 1))
    key = name_key(names[i])
    if not key:
        assert index.find(names[i]) == []
        return
    assert i in index.find(names[i])
    start = data.draw(st.integers(0, len(key) - 1))
    part = key[start : data.draw(st.integers(start + 1, len(key)))]
    if part.strip():
        assert i in index.find(part)
    for j in index.find(names[i]):  # each found name holds every typed word
        assert any(all(w in k for w in key.split()) for k in name_keys(names[j]))
