"""Pages with a character HTML forbids get it replaced; the quick look at a page's bytes that
spares the others that work never misses one."""

from __future__ import annotations

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory

from tafelrunde.web.core.middleware import _NOT_IN_HTML, PrintableHtml, may_hold_forbidden

pytestmark = pytest.mark.unit

# every character but the surrogates (they cannot be written as UTF-8)
EVERY = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
FORBIDDEN = [c for c in EVERY if _NOT_IN_HTML.fullmatch(c)]
PAGE = "<!DOCTYPE html><p>Spieler · Zurücknehmen – 3 € 😀 {}</p>"


def test_every_forbidden_character_is_noticed_wherever_it_stands() -> None:
    assert len(FORBIDDEN) == 127  # controls, noncharacters of every plane
    for c in FORBIDDEN:
        for text in (c, PAGE.format(c), PAGE.format(c) + "ä" * 3, "\u00b7" + c + "\u00b7"):
            assert may_hold_forbidden(text.encode()), hex(ord(c))


def test_a_page_of_every_allowed_character_is_passed_at_once() -> None:
    allowed = "".join(c for c in EVERY if not _NOT_IN_HTML.fullmatch(c))
    assert not may_hold_forbidden(allowed.encode())
    assert not may_hold_forbidden(PAGE.format("\t\n\r\x0c").encode())


def served(body: bytes, content_type: str = "text/html; charset=utf-8") -> HttpResponse:
    """The answer of a view with this body, through the middleware."""

    def view(_: HttpRequest) -> HttpResponse:
        return HttpResponse(body, content_type=content_type)

    response: HttpResponse = PrintableHtml(view)(RequestFactory().get("/"))
    return response


@pytest.mark.parametrize("bad", ["\x0b", "\x85", "\ufdd0", "\uffff", "\U0010fffe", "\x00"])
def test_the_middleware_replaces_them_and_leaves_the_rest(bad: str) -> None:
    page = PAGE.format(f"a{bad}b")
    response = served(page.encode())
    assert response.content.decode() == PAGE.format("a\ufffdb")


def test_a_clean_page_and_a_text_file_are_left_as_they_are() -> None:
    clean = PAGE.format("ok").encode()
    assert served(clean).content == clean
    assert served(b"a\x0bb", "text/plain").content == b"a\x0bb"
