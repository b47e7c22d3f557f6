"""Print pages as Chromium prints them: the PDF's pages, their size and text, and the QR codes
on them, read back with PDFium and ZXing; and a PNG of the print view as an artefact."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import zxingcpp
from playwright.sync_api import Page

A4 = (595.28, 841.89)  # points
TOLERANCE = 1.0


@dataclass(frozen=True)
class Printed:
    """A printed PDF: each page's size in points, its text, and the QR codes read off it."""

    sizes: list[tuple[float, float]]
    texts: list[str]
    codes: list[list[str]]
    images: list[int]  # pictures on each page (the club logo)

    @property
    def pages(self) -> int:
        """How many pages were printed."""
        return len(self.sizes)

    def all_a4(self) -> bool:
        """Say whether every page is A4 portrait."""
        return all(abs(w - A4[0]) < TOLERANCE and abs(h - A4[1]) < TOLERANCE for w, h in self.sizes)

    @property
    def text(self) -> str:
        """The text of every page."""
        return "\n".join(self.texts)

    def squeezed(self) -> str:
        """Every page's text without any white space (PDFium sometimes spaces out letters)."""
        return "".join(self.text.split())

    def flat(self, k: int) -> str:
        """A page's text on one line (a name broken over two lines is whole again)."""
        return " ".join(self.texts[k].split())


def read_pdf(data: bytes, scale: float = 0, qr: bool = False) -> Printed:
    """Read a PDF: sizes and text of every page, and (with qr) the codes on each page."""
    doc = pdfium.PdfDocument(data)
    sizes, texts, codes, images = [], [], [], []
    try:
        for page in doc:
            sizes.append((page.get_width(), page.get_height()))
            textpage = page.get_textpage()
            # PDFium marks a hyphen at a line's end as U+FFFE and ends lines with CR LF
            said = textpage.get_text_range().replace("\ufffe", "-").replace("\r\n", "\n")
            texts.append(said)
            textpage.close()
            images.append(len(list(page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE]))))
            if qr:
                image = page.render(scale=scale or 3).to_pil()
                codes.append([r.text for r in zxingcpp.read_barcodes(image)])
            page.close()
    finally:
        doc.close()
    return Printed(sizes, texts, codes, images)


def print_page(page: Page, url: str, shots: Path, name: str, qr: bool = False) -> Printed:
    """Open a print page, save a PNG of its print view, print it to PDF and read the PDF."""
    page.set_viewport_size({"width": 1000, "height": 1300})
    page.goto(url)
    page.emulate_media(media="print")
    page.screenshot(path=str(shots / f"print-{name}.png"), full_page=True)
    data = page.pdf(format="A4", prefer_css_page_size=True, print_background=True)
    (shots / f"print-{name}.pdf").write_bytes(data)
    page.emulate_media(media="screen")
    return read_pdf(data, qr=qr)


def print_pdf(page: Page, url: str, shots: Path, name: str, scale: float) -> Printed:
    """Print a long print page to PDF (an artefact, no PNG); read it and its codes at a scale."""
    page.goto(url)
    data = page.pdf(format="A4", prefer_css_page_size=True, print_background=True)
    (shots / f"print-{name}.pdf").write_bytes(data)
    return read_pdf(data, scale=scale, qr=True)
