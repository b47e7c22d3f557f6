"""The import of a member list: upload, a preview that stores nothing, then „Übernehmen“."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from tafelrunde.engine.errors import RuleError
from tafelrunde.engine.limits import checked_size
from tafelrunde.i18n import msg_n
from tafelrunde.web.club.forms import ImportForm
from tafelrunde.web.club.imports import chosen, preview, store
from tafelrunde.web.club.member_file import MAX_FILE_BYTES, read_members
from tafelrunde.web.core.common import audit, organiser, refuse, text_of
from tafelrunde.web.core.templatetags.tafel import translated
from tafelrunde.web.core.writes import unlocked


@unlocked  # reads a member file and shows it, stores nothing: no writer waits for a big file
@organiser
def member_import(request: HttpRequest) -> HttpResponse:
    """The upload form; a sent file is read and shown as a preview (nothing stored yet)."""
    if request.method != "POST":
        return render(request, "club/import.html", {"form": ImportForm()})
    form = ImportForm(request.POST, request.FILES)
    if form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            checked_size(upload.size, limit=MAX_FILE_BYTES, field="file")
            rows = read_members(upload.read(MAX_FILE_BYTES + 1), upload.name or "")
        except RuleError as err:
            refuse(form, err)
        else:
            shown, token = preview(rows)
            context = {
                "rows": shown,
                "token": token,
                "storable": token and any(r.index is not None for r in shown),
            }
            return render(request, "club/import_preview.html", context)
    return render(request, "club/import.html", {"form": form}, status=400)


@organiser
@require_POST
def member_import_apply(request: HttpRequest) -> HttpResponse:
    """Store the ticked rows of the preview (its signed rows; a changed preview is refused)."""
    token = request.POST.get("rows", "")
    try:
        people = store(chosen(token, request.POST.getlist("row")), token)
    except RuleError as err:
        messages.error(request, text_of(err))
        return redirect("person-import")
    said = msg_n(
        "Person imported: {names}",
        "Persons imported: {names}",
        len(people),
        names=", ".join(p.name for p in people),
    )
    audit(request, None, said)
    messages.success(
        request,
        translated(
            msg_n("{n} person taken over.", "{n} persons taken over.", len(people), n=len(people))
        ),
    )
    flagged = [p for p in people if p.bad_email]
    if flagged:
        said = msg_n(
            "Not an e-mail address, so not stored as one: {names}. The list of persons marks "
            "it; please correct it there.",
            "Not e-mail addresses, so not stored as such: {names}. The list of persons marks "
            "them; please correct them there.",
            len(flagged),
            names=", ".join(f"{p.name} („{p.bad_email}“)" for p in flagged),
        )
        messages.warning(request, translated(said))
    return redirect("persons")
