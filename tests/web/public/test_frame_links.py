"""The frame of every page names its addresses with a tag that reverses each name and its
arguments once (some thirty reversals per request before): the same addresses as Django's
reverse gives, under any address prefix (a server behind a proxy at /verein/)."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template
from django.urls import reverse, set_script_prefix
from resulthelpers import drawn

from factories import logged_in

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_frame_links_are_djangos_addresses() -> None:
    client = logged_in()
    pk, _ = drawn(12)
    page = client.get(f"/turniere/{pk}/tische/").content.decode()
    shown = set(re.findall(r'href="([^"]+)"', page))
    for name, args in [("home", []), ("seasons", []), ("tournament-new", []), ("persons", []),
                       ("tournament", [pk]), ("tables", [pk]), ("board", [pk]),
                       ("print", [pk, "tischkarten"])]:  # fmt: skip
        assert reverse(name, args=args) in shown, name
    assert f'data-live-stream="{reverse("live-stream", args=[pk])}"' in page


def test_a_link_follows_the_address_prefix() -> None:
    tag = Template("{% load tafel %}{% link 'tables' pk %}|{% link 'home' %}")
    assert tag.render(Context({"pk": 7})) == "/turniere/7/tische/|/"
    set_script_prefix("/verein/")
    try:
        assert tag.render(Context({"pk": 7})) == "/verein/turniere/7/tische/|/verein/"
    finally:
        set_script_prefix("/")
    assert tag.render(Context({"pk": 8})) == "/turniere/8/tische/|/"
