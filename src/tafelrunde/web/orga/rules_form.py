"""The rules as a form: a field for every parameter, generated from the ruleset's description.

Unbound, it shows the values in force; bound to a request, it shows the typed texts again
(with every refusal at its parameter) and reads them for `ruleform.refusals`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from django.http import QueryDict
from django.utils.safestring import mark_safe

from tafelrunde.engine import family_engine, ruleform
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import labelled
from tafelrunde.engine.ruleform import Param, Reading
from tafelrunde.engine.ruleform.params import TABLE_SIZES
from tafelrunde.engine.ruleform.values import first
from tafelrunde.i18n import msg
from tafelrunde.presets import AnyRules
from tafelrunde.web.core.templatetags.tafel import lang, translated


@dataclass
class Cell:
    """One input of a composite field: its name, text and accessible label."""

    name: str
    value: str
    label: str


@dataclass
class Row:
    """One table size of a points or factor table: its label and its inputs."""

    label: str
    cells: list[Cell]


@dataclass
class Field:
    """One parameter as the page shows it."""

    param: Param
    label: str
    rule: str
    errors: list[str] = field(default_factory=list)
    value: str = ""
    choices: list[tuple[str, str, bool]] = field(default_factory=list)  # value, label, chosen
    options: str = ""  # a choice's <option> elements, made at once (criteria have many)
    rows: list[Row] = field(default_factory=list)  # shown at once
    more: list[Row] = field(default_factory=list)  # the other table sizes, folded
    slots: list[tuple[str, str]] = field(default_factory=list)  # name, <option> elements

    @property
    def name(self) -> str:
        """The input's name."""
        return self.param.name

    @property
    def kind(self) -> str:
        """The parameter's kind."""
        return self.param.kind

    @property
    def html_id(self) -> str:
        """The input's id (its label points at it)."""
        return "p-" + self.param.name


class RulesParamForm:
    """Every parameter of a ruleset as fields; typed texts shown again with their refusals."""

    def __init__(self, rules: AnyRules, data: QueryDict | None = None) -> None:
        self.sections = family_engine.sections(rules)
        self.params = [p for s in self.sections for p in s.params()]
        self.decimal = "," if lang() == "de" else "."
        self.bound = data is not None
        self.raw: dict[str, list[str]] = (
            {k: list(v) for k, v in data.lists()}
            if data is not None
            else ruleform.raw_of(self.params, self.decimal)
        )
        self.errors: dict[str, list[str]] = {}
        self.non_field: list[str] = []
        self._labels: dict[str, list[tuple[str, str]]] = {}

    def readings(self) -> list[tuple[Param, Reading]]:
        """Every parameter read from the typed texts."""
        return ruleform.readings(self.params, self.raw)

    def refuse(self, err: RuleError, param: Param | None = None) -> None:
        """Show a refusal at its parameter (found from its field when not given), else above."""
        param = param or ruleform.param_at(err.field, self.params)
        if param is None:
            inner = err.field or ""
            said = err.msg if inner in ("", "version", "text") else labelled(err.msg, inner)
            self.non_field.append(translated(said))
        else:
            part = ruleform.part_at(err.field, param)
            said = msg("{what}: {message}", what=part, message=err.msg) if part else err.msg
            self.errors.setdefault(param.name, []).append(translated(said))

    @property
    def has_errors(self) -> bool:
        """Say whether anything was refused."""
        return bool(self.errors or self.non_field)

    def view(self) -> list[dict[str, Any]]:
        """The sections, their groups and fields, as the template shows them."""
        out = []
        for i, section in enumerate(self.sections):
            groups: list[dict[str, Any]] = [
                {
                    "title": translated(g.title),
                    "lines": [translated(line) for line in g.lines],
                    "fields": [self._field(p) for p in g.params],
                }
                for g in section.groups
            ]
            wrong = any(f.errors for g in groups for f in g["fields"])
            out.append(
                {
                    "key": section.key,
                    "title": translated(section.title),
                    "groups": groups,
                    "open": wrong or (i == 0 and not self.has_errors),
                    "wrong": wrong,
                }
            )
        return out

    def _field(self, p: Param) -> Field:
        """One parameter's field, filled with its texts."""
        f = Field(p, translated(p.label), translated(p.rule), self.errors.get(p.name, []))
        if p.kind == "flag":
            f.value = "on" if first(self.raw, p.name) else ""
        elif p.kind == "sizes":
            f.choices = self._choices(p, self.raw.get(p.name, []))
        elif p.kind == "choice":
            f.options = _options(self._choices(p, self.raw.get(p.name, [])[:1]))
        elif p.kind in ("points", "losers", "factors"):
            self._rows(p, f)
        elif p.kind == "criteria":
            f.slots = [
                (name, _options(self._choices(p, [first(self.raw, name)], empty=True)))
                for name in (f"{p.name}.{k}" for k in range(1, p.slots + 1))
            ]
        else:
            f.value = first(self.raw, p.name)
        return f

    def _choices(
        self, p: Param, chosen: list[str], *, empty: bool = False
    ) -> list[tuple[str, str, bool]]:
        """A choice's options, those chosen marked (a chosen text not among them added)."""
        if p.kind == "sizes":
            options = [(str(n), str(n)) for n in TABLE_SIZES]
        else:
            options = self._labelled(p)
        if empty:
            options.insert(0, ("", "–"))
        known = {v for v, _ in options}
        options += [(c, c or "–") for c in dict.fromkeys(chosen) if c not in known]
        return [(v, label, v in chosen) for v, label in options]

    def _labelled(self, p: Param) -> list[tuple[str, str]]:
        """A choice's options with their labels in the active language (made once)."""
        if p.name not in self._labels:
            self._labels[p.name] = [(v, translated(label)) for v, label in p.options]
        return list(self._labels[p.name])

    def _rows(self, p: Param, f: Field) -> None:
        """The rows of a points or factor table: the stage's sizes at once, the rest folded."""
        shown = {int(v) for v, _ in p.options}
        for size in sorted(TABLE_SIZES, reverse=True):
            label = translated(msg("{size}-table", size=size))
            if p.kind in ("points", "losers"):
                cells = [
                    Cell(f"{p.name}.{size}.{k}", first(self.raw, f"{p.name}.{size}.{k}"), said)
                    for k, said in _places(p.kind, size)
                ]
            else:
                cells = [Cell(f"{p.name}.{size}", first(self.raw, f"{p.name}.{size}"), label)]
            filled = any(c.value.strip() for c in cells)
            (f.rows if size in shown or filled else f.more).append(Row(label, cells))


def _places(kind: str, size: int) -> list[tuple[int, str]]:
    """The cells of a table size's row: each place, or each place's roll-off, labelled."""
    if kind == "losers":
        return [
            (k, translated(msg("{size}-table, roll-off for place {place}", size=size, place=k)))
            for k in range(1, size)
        ]
    return [
        (k, translated(msg("{size}-table, place {place}", size=size, place=k)))
        for k in range(1, size + 1)
    ]


def _options(choices: list[tuple[str, str, bool]]) -> str:
    """The <option> elements of a select, the chosen one selected (escaped)."""
    return mark_safe(
        "".join(
            f'<option value="{escape(v)}"{" selected" if chosen else ""}>{escape(label)}</option>'
            for v, label, chosen in choices
        )
    )
