"""The club's own presets: listed, loaded from a ruleset file, downloaded as one, deleted."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import MAX_RULESET_BYTES
from tafelrunde.i18n import msg
from tafelrunde.presets import AnyRules, rules_from_toml
from tafelrunde.web.core.common import organiser, refuse
from tafelrunde.web.core.domain import club_presets
from tafelrunde.web.core.domain.setup import at_field
from tafelrunde.web.core.models import ClubPreset
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.orga.forms_presets import PresetFileForm
from tafelrunde.web.orga.views.tournaments import upload_text


@organiser
def presets(request: HttpRequest) -> HttpResponse:
    """The club presets; a ruleset file loaded as a new one."""
    posted = request.method == "POST"
    form = PresetFileForm(request.POST if posted else None, request.FILES if posted else None)
    if posted and form.is_valid():
        name, rules = _named(form), _loaded(form)
        if name is not None and rules is not None:
            try:
                preset = club_presets.save_preset(name, rules.source, user=request.user)
            except RuleError as err:
                refuse(form, err, {"ruleset": "file"})
            else:
                said = msg("Saved as club preset '{name}'.", name=preset.name)
                messages.success(request, translated(said))
                return redirect("club-presets")
    context = {"presets": ClubPreset.objects.all(), "form": form}
    return render(request, "orga/club_presets.html", context)


def _named(form: PresetFileForm) -> str | None:
    """The preset's name, or None (refused at its field)."""
    try:
        return club_presets.checked_name(form.cleaned_data["name"])
    except RuleError as err:
        refuse(form, err)
        return None


def _loaded(form: PresetFileForm) -> AnyRules | None:
    """The uploaded ruleset, or None (refused at the file's field)."""
    try:
        text = upload_text(form, "file", MAX_RULESET_BYTES)
        if text is None:
            raise RuleError(msg("Please choose a file."), field="file")
        try:
            return rules_from_toml(text, origin="Regeldatei")
        except RuleError as err:
            raise at_field(err, "file") from None
    except RuleError as err:
        refuse(form, err)
        return None


@organiser
def download(request: HttpRequest, pk: int) -> HttpResponse:
    """A club preset as a ruleset file (TOML)."""
    preset = get_object_or_404(ClubPreset, pk=pk)
    response = HttpResponse(
        club_presets.preset_toml(preset), content_type="application/toml; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="vereinsvorlage-{preset.pk}.toml"'
    return response


@organiser
@require_POST
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a club preset (after a confirmation); tournaments made from it keep their rules."""
    preset = get_object_or_404(ClubPreset, pk=pk)
    club_presets.delete_preset(preset, user=request.user)
    said = msg("Club preset '{name}' deleted.", name=preset.name)
    messages.success(request, translated(said))
    return redirect("club-presets")
