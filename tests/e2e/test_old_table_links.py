"""A table card printed before tokens were derived: its link is shown unchanged on the links
page, printed again with the same code, and that code opens the table on a phone."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from pathlib import Path

import pytest
from django.conf import settings
from e2ehelpers import login, shoot, shut
from paperpdf import print_page
from playwright.sync_api import Page
from projectorpages import drawn_group

from tafelrunde.web.table.models import TableLink

pytestmark = [pytest.mark.e2e]
TOKEN = re.compile(r"/tisch/([A-Za-z0-9_-]{24})/$")


def stored_the_old_way(pk: int) -> str:
    """Table 1's link as links were stored before: the token XOR an HMAC key stream."""
    link = TableLink.objects.get(tournament_id=pk, table=1)
    token = secrets.token_urlsafe(18)
    link.digest = hashlib.sha256(token.encode()).hexdigest()
    key = settings.SECRET_KEY.encode()
    pad = hmac.new(key, b"tafelrunde table link " + link.digest.encode(), "sha256").digest()
    raw = base64.urlsafe_b64decode(token)
    link.sealed = bytes(a ^ b for a, b in zip(raw, pad, strict=False)).hex()
    link.save()
    return token


def test_a_card_printed_before_keeps_its_code_and_opens_the_table_on_a_phone(
    page: Page, live_server_url: str, shots: Path
) -> None:
    pk = drawn_group(13)
    login(page, live_server_url)
    page.set_viewport_size({"width": 1280, "height": 900})
    links = f"{live_server_url}/turniere/{pk}/tisch-links/"
    page.goto(links)  # the links are made
    old = stored_the_old_way(pk)
    page.goto(links)
    assert f"/tisch/{old}/" in page.content()
    shoot(page, shots, "old-table-link-page-1280")
    printed = print_page(page, f"{live_server_url}/turniere/{pk}/drucken/tischkarten/", shots,
                         "old-table-link-cards", qr=True)  # fmt: skip
    code = TOKEN.search(printed.codes[0][0])
    assert code is not None and code.group(1) == old
    phone = page.context.browser.new_context(locale="de-DE").new_page()  # type: ignore[union-attr]
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(printed.codes[0][0])
    assert "Tisch 1" in phone.locator("main").inner_text()
    shoot(phone, shots, "old-table-link-phone-390")
    forged = old[:-1] + ("A" if old[-1] != "A" else "B")
    phone.goto(f"{live_server_url}/tisch/{forged}/")
    assert "Dieser Tisch-Link gilt nicht (mehr)" in phone.locator("body").inner_text()
    shoot(phone, shots, "forged-table-link-phone-390")
    shut(phone.context)
