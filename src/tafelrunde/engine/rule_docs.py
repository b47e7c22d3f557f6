"""The key tables of docs/rulesets.md and docs/seasons.md, made from the declared keys.

`python -m tafelrunde.engine.rule_docs docs/rulesets.md docs/seasons.md` writes them anew
between their markers (`<!-- keys:stage -->` … `<!-- /keys:stage -->`); without a file it
prints them.
"""

from __future__ import annotations

import sys

from tafelrunde.engine.rule_keys import LEVELS, REQUIRED, Level, RuleKey


def default_words(k: RuleKey) -> str:
    """A key's default as the docs show it."""
    if k.shown_default:
        return k.shown_default
    value = k.default
    if value is REQUIRED:
        return "required"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'`"{value}"`' if value else '`""`'
    if k.kind == "time":
        return f'`"{value // 3600:02d}:{value % 3600 // 60:02d}"`'
    if k.kind == "money":
        return f"`{value}` €"
    if isinstance(value, tuple):
        return "`[" + ", ".join(str(v) for v in value) + "]`"
    return f"`{value}`"


_ALLOWED = {
    "number": "a number",
    "flag": "true, false",
    "sizes": "table sizes 2 to 8",
    "points": "a list per table size",
    "losers": "a list per table size",
    "factors": "a number per table size",
    "criteria": "criteria (below)",
    "line": "one line",
    "text": "a text",
    "time": 'a time of day, `"16:45"`',
}


def allowed_words(k: RuleKey) -> str:
    """What a key may hold, as the docs show it."""
    if k.kind == "whole":
        return f"{k.low:,} to {k.high:,}"
    if k.kind == "money":
        return f"{k.low:,} to {k.high:,} €, at most 2 decimals"
    if k.kind == "lines":
        return f"at most {k.high:,} one-line texts"
    if k.kind == "order":
        return "several of " + ", ".join(f'`"{w}"`' for w in k.words()) + ", each once"
    if k.kind == "places":
        return f"{k.low:,} to {k.high:,} numbers, none negative, none above the one before"
    if k.kind == "number" and k.low is not None:
        return f"a number, at least {k.low}"
    if k.kind == "id":
        return f"1 to {k.high:,} letters, digits, `-`, `_`"
    if k.kind == "choice":
        words = [f'`"{w}"`' for w in k.words()]
        return ", ".join(words) if not k.joined else "a list of `score`, `pips`"
    return _ALLOWED[k.kind]


def key_table(level: Level) -> str:
    """The Markdown table of a level's keys: key, meaning, what it may hold, default."""
    rows = ["| key | meaning | allowed | default |", "|---|---|---|---|"]
    rows += [
        f"| `{k.dotted}` | {k.doc} | {allowed_words(k)} | {default_words(k)} |"
        for k in LEVELS[level]
    ]
    return "\n".join(rows) + "\n"


def docs_tables() -> dict[str, str]:
    """Every generated table of docs/rulesets.md by its marker name."""
    return {f"keys:{level}": key_table(level) for level in LEVELS}


def with_tables(doc: str) -> str:
    """A document with every generated table between its markers written anew."""
    for name, table in docs_tables().items():
        begin, end = f"<!-- {name} -->\n", f"<!-- /{name} -->"
        head, found, rest = doc.partition(begin)
        if found:
            doc = head + begin + table + end + rest.partition(end)[2]
    return doc


if __name__ == "__main__":  # pragma: no cover - rewrites the tables of the docs given
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as file:
            old = file.read()
        with open(path, "w", encoding="utf-8") as file:
            file.write(with_tables(old))
    if len(sys.argv) < 2:
        print("\n".join(f"<!-- {n} -->\n{t}<!-- /{n} -->" for n, t in docs_tables().items()))
