"""The rules form as a browser sends it: typed texts, checked boxes and chosen options only."""

from __future__ import annotations

from dataclasses import replace
from html.parser import HTMLParser
from typing import Any

from django.test import Client

from tafelrunde.engine import ruleform
from tafelrunde.engine.ruleform import Param


class _RulesForm(HTMLParser):
    """Read the form `#rules-form` of a page as a browser would submit it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.inside = False
        self.sent: dict[str, list[str]] = {}
        self.names: set[str] = set()  # every field's name, sent or not
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []
        self.textarea: str | None = None
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("id") == "rules-form"
        elif not self.inside:
            return
        elif tag == "input" and "name" in a:
            self.names.add(a["name"])
            if a.get("type") != "checkbox" or "checked" in a:
                self.sent.setdefault(a["name"], []).append(a.get("value", "on"))
        elif tag == "select":
            self.select, self.options = a.get("name", ""), []
            self.names.add(self.select)
        elif tag == "option" and self.select is not None:
            self.options.append((a.get("value", ""), "selected" in a))
        elif tag == "textarea":
            self.textarea, self.text = a.get("name", ""), ""
            self.names.add(self.textarea)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select" and self.select is not None:
            chosen = [v for v, s in self.options if s] or [v for v, _ in self.options[:1]]
            self.sent[self.select] = chosen[:1]
            self.select = None
        elif tag == "textarea" and self.textarea is not None:
            text = self.text[1:] if self.text.startswith("\n") else self.text  # as HTML reads it
            self.sent[self.textarea] = [text.replace("\n", "\r\n")]  # as a browser sends it
            self.textarea = None

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.text += data


def rules_form(client: Client, pk: int) -> tuple[dict[str, list[str]], set[str]]:
    """What the rules form sends unchanged, and the names of all its fields."""
    response = client.get(f"/turniere/{pk}/regeln/")
    assert response.status_code == 200
    parser = _RulesForm()
    parser.feed(response.content.decode())
    assert parser.sent, "no rules form on the page"
    return parser.sent, parser.names


def post_rules(client: Client, pk: int, sent: dict[str, list[str]]) -> Any:
    """Send the rules form."""
    return client.post(f"/turniere/{pk}/regeln/", sent)


def typed(param: Param, value: Any, decimal: str = ",") -> dict[str, list[str]]:
    """The texts a person types into a parameter's fields to give it this value."""
    texts = ruleform.raw_of([replace(param, value=value)], decimal)
    if param.kind == "sizes":  # the boxes are sent in the page's order
        texts = {k: sorted(vs, key=int) for k, vs in texts.items()}
    if param.kind in ("text", "lines"):  # a text area: a browser sends CR LF
        texts = {k: [v.replace("\n", "\r\n") for v in vs] for k, vs in texts.items()}
    return texts


def with_typed(sent: dict[str, list[str]], param: Param, value: Any) -> dict[str, list[str]]:
    """The form's texts with one parameter's fields typed anew (its other fields emptied)."""
    out = {k: v for k, v in sent.items() if k != param.name and not k.startswith(param.name + ".")}
    return out | {k: v for k, v in typed(param, value).items() if v}  # an unchecked box: none
