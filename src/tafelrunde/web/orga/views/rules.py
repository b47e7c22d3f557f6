"""A tournament's rules: readable for everyone; the organiser changes them in a form (or as
the ruleset file) until the first draw, and saves them as a club preset at any time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import tomli_w
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from tafelrunde.engine import ruleform
from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import MAX_FACT_NUMBER, whole_number
from tafelrunde.i18n import msg
from tafelrunde.presets import AnyRules, shipped_description
from tafelrunde.web.core.common import organiser, record_of, refuse, turned_away
from tafelrunde.web.core.domain import club_presets, setup
from tafelrunde.web.core.domain.store import Logged, engine_tournament
from tafelrunde.web.core.frame import page
from tafelrunde.web.core.models import TournamentRecord
from tafelrunde.web.core.roles import is_organiser
from tafelrunde.web.core.shared import shared_page
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.orga.family_parts import ORGA
from tafelrunde.web.orga.forms import RulesForm
from tafelrunde.web.orga.forms_presets import PresetForm
from tafelrunde.web.orga.rules_form import RulesParamForm

RULES_FIXED = RuleError(msg("The rules cannot change after the first draw."), field="text")


def rules_of(rec: TournamentRecord) -> AnyRules:
    """The tournament's rules in force."""
    return engine_tournament(rec).rules


@shared_page
def rules(request: HttpRequest, pk: int) -> HttpResponse:
    """Every parameter readably; the organiser may change them until the first draw."""
    rec = record_of(pk)
    if request.method != "POST":
        return rules_page(request, rec)
    if (away := turned_away(request, is_organiser)) is not None:
        return away
    if "text" in request.POST:
        return _toml_posted(request, rec)
    form = RulesParamForm(rules_of(rec), request.POST)
    if setup.started(rec):
        form.refuse(RULES_FIXED)
    else:
        _change_by_form(request, rec, form)
        if not form.has_errors:
            return redirect("rules", rec.pk)
    return rules_page(request, rec, params_form=form)


def _toml_posted(request: HttpRequest, rec: TournamentRecord) -> HttpResponse:
    """The ruleset file as typed: stored when it is right."""
    form = RulesForm(request.POST, initial=_toml_initial(rec))
    if setup.started(rec):
        form.is_valid()
        form.add_error(None, translated(RULES_FIXED.msg))
    elif form.is_valid():
        try:
            text = form.cleaned_data["text"]
            _store(request, rec, form.cleaned_data["version"], lambda _: text, field="text")
        except RuleError as err:
            refuse(form, err, {"format": "text", "version": "__all__"})
        else:
            return redirect("rules", rec.pk)
    return rules_page(request, rec, toml_form=form)


def _change_by_form(request: HttpRequest, rec: TournamentRecord, form: RulesParamForm) -> None:
    """Check the form's changes as a ruleset file would be checked; store them when right."""
    try:
        version = whole_number(
            request.POST.get("version", ""), field="version", high=MAX_FACT_NUMBER
        )
    except RuleError as err:
        form.refuse(err)
        return
    readings = form.readings()

    def check(source: dict[str, Any]) -> object:
        return setup.with_rules(rec, tomli_w.dumps(source), field=None)

    _, found = ruleform.refusals(rec.ruleset, readings, check)
    for param, refusal in found:
        form.refuse(refusal, param)
    if found:
        return

    def changed(locked: TournamentRecord) -> str | None:
        source = ruleform.changed_source(locked.ruleset, readings)
        if source == locked.ruleset:
            return None
        if shipped_description(str(source.get("description", ""))):
            source.pop("description")  # a preset's fixed text would not follow the change
        return tomli_w.dumps(source)

    try:
        _store(request, rec, version, changed, field=None)
    except RuleError as err:
        form.refuse(err)


def _store(
    request: HttpRequest,
    rec: TournamentRecord,
    version: int,
    text: Callable[[TournamentRecord], str | None],
    *,
    field: str | None,
) -> None:
    """Store the ruleset file `text(locked)` makes (None: no change), checked against the facts."""

    def change(locked: TournamentRecord) -> list[str]:
        made = text(locked)
        if made is None:
            return []
        _, source = setup.with_rules(locked, made, field=field)
        if source == locked.ruleset:
            return []
        locked.ruleset = source
        return ["ruleset"]

    locked = setup.edit_before_start(
        rec.pk,
        version,
        RULES_FIXED,
        change,
        user=request.user,
        log=lambda: Logged(msg("Rules changed")),
    )
    if locked.ruleset != rec.ruleset:
        messages.success(request, translated(msg("Rules changed.")))


def _toml_initial(rec: TournamentRecord) -> dict[str, Any]:
    """The ruleset file and the state the TOML editor starts from."""
    return {"text": setup.rules_toml(rec), "version": rec.version}


def _summary(rec: TournamentRecord) -> dict[str, Any]:
    """The rules in readable lines: a table of format D's numbers, or each stage's lines."""
    return ORGA.of(rec.family).rules(rec)


def rules_page(
    request: HttpRequest,
    rec: TournamentRecord,
    *,
    params_form: RulesParamForm | None = None,
    toml_form: RulesForm | None = None,
    preset_form: PresetForm | None = None,
) -> HttpResponse:
    """The rules page: readable lines, and for the organiser the forms."""
    fixed = setup.started(rec)
    context: dict[str, Any] = _summary(rec) | {"fixed": fixed, "version": rec.version}
    if is_organiser(request.user):
        params = params_form or RulesParamForm(rules_of(rec))
        context |= {
            "params": params,
            "sections": [] if fixed else params.view(),
            "toml": toml_form or RulesForm(initial=_toml_initial(rec)),
            "preset": preset_form or PresetForm(),
        }
    return page(request, rec, "orga/rules.html", context)


@organiser
@require_POST
def save_preset(request: HttpRequest, pk: int) -> HttpResponse:
    """Save the tournament's rules as a club preset under a new name."""
    rec = record_of(pk)
    form = PresetForm(request.POST)
    form.is_valid()
    try:
        preset = club_presets.save_preset(
            form.cleaned_data.get("name", ""), rec.ruleset, user=request.user
        )
    except RuleError as err:
        refuse(form, err)
        return rules_page(request, rec, preset_form=form)
    said = msg("Saved as club preset '{name}'.", name=preset.name)
    messages.success(request, translated(said))
    return redirect("rules", rec.pk)
