"""Pages as an HTML5 parser reads them: no parse error, and no link that wraps a table."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import html5lib


@lru_cache(maxsize=8192)  # the fuzz reads the same pages again and again
def html_problems(content: bytes) -> tuple[str, ...]:
    """What is wrong with a page or a fragment of one (a page without a doctype)."""
    parser = html5lib.HTMLParser(tree=html5lib.getTreeBuilder("etree"), namespaceHTMLElements=False)
    whole = content.lstrip()[:15].lower().startswith(b"<!doctype")
    tree = parser.parse(content) if whole else parser.parseFragment(content)
    problems = [
        f"line {line}, column {column}: {code} {details or ''}".rstrip()
        for (line, column), code, details in parser.errors
    ]
    for link in tree.iter("a"):
        if link.find(".//table") is not None:
            problems.append(f"a link ({link.get('href')}) wraps a table")
    return tuple(problems)


def well_formed(response: Any, what: str) -> None:
    """Fail if an HTML answer has a parse error or a link wrapped around a table."""
    if response.streaming or not response.get("Content-Type", "").startswith("text/html"):
        return
    problems = html_problems(response.content)
    assert not problems, f"{what}: not well-formed HTML:\n" + "\n".join(problems[:10])
