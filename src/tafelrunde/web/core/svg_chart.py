"""The frame of every chart the pages draw as SVG on the server: its words, its texts and the
finished picture, black on white, with presentation attributes only (the pages' security
policy allows no inline styles) and every text escaped."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape


@dataclass(frozen=True)
class Labels:
    """The words of a chart: its title (for screen readers and as heading) and its axes."""

    title: str
    x: str
    y: str


class Canvas:
    """A chart being drawn: its markup, texts in one font, and the finished SVG."""

    def __init__(self, size: tuple[int, int], font_size: int, labels: Labels, ident: str) -> None:
        self.width, self.height = size
        self.font = f'font-family="system-ui, sans-serif" font-size="{font_size}" fill="#000"'
        self.labels, self.ident = labels, ident
        self.parts: list[str] = []

    def add(self, part: str) -> None:
        """Add SVG markup."""
        self.parts.append(part)

    def text(self, x: float, y: float, words: str, anchor: str = "middle", extra: str = "") -> None:
        """Add a text (escaped)."""
        self.add(
            f'<text x="{x}" y="{y}" text-anchor="{anchor}" {self.font}{extra}>'
            f"{escape(words)}</text>"
        )

    def svg(self) -> str:
        """The whole chart, as wide as its box."""
        title = escape(f"{self.ident}-title", quote=True)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {self.height}" '
            f'width="100%" role="img" aria-labelledby="{title}" '
            f'aria-label="{escape(self.labels.title, quote=True)}" class="chart">'
            f'<title id="{title}">{escape(self.labels.title)}</title>'
            f'<rect x="0" y="0" width="{self.width}" height="{self.height}" fill="#fff"/>'
            + "".join(self.parts)
            + "</svg>"
        )
