"""Every kind of page names the club's icon, and /favicon.ico leads to it."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from factories import tournaments_in_play

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_pages_link_the_icon_and_the_usual_address_finds_it() -> None:
    pk = tournaments_in_play()["A"]
    client = Client()
    for path in ("/", f"/turniere/{pk}/beamer/", f"/turniere/{pk}/drucken/wer-sitzt-wo/"):
        page = client.get(path).content.decode()
        found = re.search(r'<link rel="icon" href="([^"]+)"', page)
        assert found, path
        icon = client.get(found.group(1))
        assert icon.status_code == 200 and b"<svg" in b"".join(icon.streaming_content)
    answer = client.get("/favicon.ico")
    assert answer.status_code == 301 and answer["Location"].endswith("/favicon.svg")
