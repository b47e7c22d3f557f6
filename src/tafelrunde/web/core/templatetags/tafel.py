"""Template helpers: messages in the active language, exact numbers in its format, money."""

from __future__ import annotations

from functools import partial
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, trans_real

from tafelrunde.engine.numbers import Num, display
from tafelrunde.i18n import DEFAULT_LANGUAGE, Message
from tafelrunde.web.core.domain.kept import Kept, fingerprint
from tafelrunde.web.core.rows import html_rows

register = template.Library()


def lang() -> str:
    """Return the active language's code ("de", "en", or one of the other catalogues)."""
    return (get_language() or DEFAULT_LANGUAGE).split("-")[0]


ADDRESSES: Kept[tuple[str, Any, str, tuple[Any, ...]], str] = Kept(4096)


@register.simple_tag
def link(name: str, *args: Any) -> str:
    """The address of a named page, as {% url %} gives it, reversed once per name and
    arguments (a page's frame names some thirty addresses on every request)."""
    urlconf = get_urlconf()
    return ADDRESSES.get(
        (get_script_prefix(), urlconf, name, args),
        partial(reverse, name, args=args, urlconf=urlconf),
    )


def translated(value: Message | str | None) -> str:
    """A message in the active language; a plain string (a name) as it is."""
    if isinstance(value, Message):
        if type(value) is not Message:
            return value.text(lang())
        return Translator().inner(value)  # the catalogue looked up once per message
    return "" if value is None else value


class Translator:
    """`translated` for one page: each message object made text once (a table's rows share
    their stage's title and labels; the objects are held, so their ids stay theirs)."""

    def __init__(self) -> None:
        """Take the active language's catalogue; nothing made yet."""
        self.catalogue = trans_real.catalog()
        self.done: dict[int, tuple[Message, str]] = {}
        self.patterns: dict[str, str] = {}

    def __call__(self, value: Message | str | None) -> str:
        """As `translated`."""
        if isinstance(value, Message) and type(value) is Message:
            return self.inner(value)
        return translated(value)

    def gettext(self, text: str) -> str:
        """The active language's text, looked up once ("" is the catalogue's header)."""
        found = self.patterns.get(text)
        if found is None:
            found = self.patterns[text] = self.catalogue.gettext(text) if text else ""
        return found

    def inner(self, value: Message) -> str:
        """A message (or one among its parameters) in the active language, made once."""
        hit = self.done.get(id(value))
        if hit is not None:
            return hit[1]
        if type(value) is Message:
            text = value.render_with(self.gettext, self.catalogue.ngettext, self.inner)
        else:
            text = value.render(self.gettext, self.catalogue.ngettext)
        self.done[id(value)] = (value, text)
        return text


@register.filter
def tr(value: Message | str | None) -> str:
    """Show a message of the engine in the active language."""
    return translated(value)


ITEMS_BYTES = 8 * 1024 * 1024  # the items' HTML kept, all together
ITEMS: Kept[tuple[str, str, bytes], SafeString] = Kept(ITEMS_BYTES, size=len)


def _item(template_name: str, item: Any) -> SafeString:
    """One item of a list, made from its template."""
    return render_to_string(template_name, {"t": item})


@register.filter
def each(items: Any, template_name: str) -> SafeString:
    """Each item (a dict) rendered by a template as `t`, kept by its content: a long list that
    changes in a few items (the projector's tables after a result) is made again in those."""
    out, language = [], lang()
    for item in items:
        key = (language, template_name, fingerprint(item))
        out.append(ITEMS.get(key, partial(_item, template_name, item)))
    return mark_safe("\n".join(out))  # each made from a template: escaped there


@register.filter
def made(item: Any, template_name: str) -> SafeString:
    """One item (a dict) rendered by a template as `t`, kept by its content (the same head
    on fifty slides of a standing is made once)."""
    key = (lang(), template_name, fingerprint(item))
    return ITEMS.get(key, partial(_item, template_name, item))


@register.filter
def cell_rows(rows: Any) -> SafeString:
    """Rows of (value, CSS class) cells as HTML rows (long tables: built in Python)."""
    return html_rows(rows)


@register.filter
def ranking_rows(rows: Any, columns: Any) -> SafeString:
    """The overall ranking's rows as HTML, one cell per column of the family's ranking."""
    return html_rows([(r.get(c["key"]) or "", c["cell"]) for c in columns] for r in rows)


@register.filter
def num(value: Num | str | None) -> str:
    """Show an exact number with the local decimal separator (nothing for no value)."""
    return value if isinstance(value, str) else "" if value is None else display(value, lang())


@register.filter
def euro(value: Any) -> str:
    """Show an amount of money in the local format."""
    text = f"{value:.2f}" if not isinstance(value, str) else value
    if lang() == "de":
        text = text.replace(".", ",")
    return f"{text} €"


@register.filter
def columns(fields: dict[str, bool]) -> int:
    """The columns of a result form's table: the player's name and each field asked for."""
    return 1 + sum(1 for kind in ("points", "pips", "places") if fields.get(kind))


@register.filter
def lookup(mapping: dict[Any, Any], key: Any) -> Any:
    """Return mapping[key] (or nothing)."""
    return mapping.get(key) if mapping else None


@register.filter
def ticking(minutes: Any) -> SafeString:
    """The minutes a table has run, as a number the page's clock moves on (clock.js)."""
    return format_html("<span data-clock-minutes>{}</span>", minutes)
