"""One screenful of the projector, and a list cut into pages that fit on slides."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from tafelrunde.web.core.domain.kept import Kept, fingerprint
from tafelrunde.web.core.templatetags.tafel import lang

SECTIONS_BYTES = 16 * 1024 * 1024  # the slides' HTML kept, all together


@dataclass(frozen=True)
class Slide:
    """One screenful: its key (kind and page, to keep the place across updates) and content."""

    key: str
    kind: str
    title: str
    template: str
    data: dict[str, Any] = field(default_factory=dict)
    note: str = ""  # a line below the title (the stage and game, counts)


SECTIONS: Kept[tuple[str, bool, bytes], SafeString] = Kept(SECTIONS_BYTES, size=len)
BODIES: Kept[tuple[str, bytes], SafeString] = Kept(SECTIONS_BYTES, size=len)


def section(slide: Slide, first: bool) -> SafeString:
    """A slide as HTML; made again only when what it shows changed (a result changes a few
    slides of many: the others are taken as they were; a slide whose counts alone changed
    keeps its body)."""
    data = {k: v for k, v in slide.data.items() if k != "counts"}  # shown in the head
    counts = [v for k, v in slide.data.items() if k == "counts"]
    shows = fingerprint(slide.template, data)  # the body's content, taken apart once
    key = (
        lang(),
        first,
        fingerprint(slide.key, slide.kind, slide.title, slide.note, counts, shows),
    )

    def body() -> SafeString:
        return BODIES.get(
            (lang(), shows),
            lambda: render_to_string(slide.template, {"d": data}),
        )

    return SECTIONS.get(
        key,
        lambda: render_to_string("live/slide.html", {"s": slide, "first": first, "body": body()}),
    )


def pages(items: Sequence[Any], size: int) -> list[list[Any]]:
    """The items cut into as few pages of at most `size` as need be, balanced: the pages'
    lengths differ by one at most (none for no items)."""
    if not items:
        return []
    count = -(-len(items) // size)
    short, longer = divmod(len(items), count)
    out, at = [], 0
    for k in range(count):
        n = short + (k < longer)
        out.append(list(items[at : at + n]))
        at += n
    return out


def paged(kind: str, title: str, template: str, items: Sequence[Any], size: int,
          note: str = "", **data: Any) -> list[Slide]:  # fmt: skip
    """One slide per page of items, the title numbered ('(2/3)') when there are several."""
    chunks = pages(items, size)
    count = len(chunks)
    return [
        Slide(
            f"{kind}-{k}", kind, numbered(title, k, count), template, {"items": chunk, **data}, note
        )
        for k, chunk in enumerate(chunks, start=1)
    ]


def numbered(title: str, k: int, count: int) -> str:
    """A slide's title with its page among several ('Wer sitzt wo (2/3)')."""
    return title if count == 1 else f"{title} ({k}/{count})"
