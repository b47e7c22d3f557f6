"""The gettext catalogue: find the messages in code and templates, update and compile it.

Pure Python (Babel), so a machine with only Python needs no GNU gettext tools.
`python3 make.py messages` updates the catalogues; the setup compiles them.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_python
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from tafelrunde.i18n import DEFAULT_LANGUAGE, DOMAIN, SOURCE_LANGUAGE, locale_dir

PACKAGE = Path(__file__).resolve().parent
KEYWORDS = {
    "msg": None,
    "_": None,
    "msg_n": (1, 2),
    "gettext": None,
    "gettext_lazy": None,
    "gettext_noop": None,
    "ngettext": (1, 2),
    "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2),
}
STAMP = datetime(2026, 1, 1, tzinfo=UTC)
Found = tuple[str | tuple[str, str], str | None, str, int]  # id, context, file, line


def _python(path: Path, source: str) -> Iterator[Found]:
    for line, func, message, _comments in extract_python(
        io.BytesIO(source.encode()), KEYWORDS.keys(), [], {}
    ):
        spec = KEYWORDS[func]
        if func == "pgettext" and isinstance(message, tuple | list):
            yield str(message[1]), str(message[0]), str(path), line
        elif spec and isinstance(message, tuple | list):
            yield (str(message[0]), str(message[1])), None, str(path), line
        elif isinstance(message, tuple | list) and isinstance(message[0], str):
            yield message[0], None, str(path), line  # msg("... {x}", x=...): the id only
        elif isinstance(message, str):
            yield message, None, str(path), line
        elif isinstance(message, tuple | list) and isinstance(message[0], str):
            yield message[0], None, str(path), line  # msg("...", name=value)


def _template(path: Path) -> Iterator[Found]:
    from django.conf import settings
    from django.utils.translation.template import templatize

    if not settings.configured:
        settings.configure()

    code = templatize(path.read_text(encoding="utf-8"), origin=str(path))
    flat = "\n".join(line.lstrip() for line in code.splitlines())  # indentation means nothing
    yield from _python(path, flat)


def found() -> Iterator[Found]:
    """Every message id in the package's code and templates."""
    for path in sorted(PACKAGE.rglob("*.py")):
        if "migrations" not in path.parts and path.name != "catalogue.py":
            yield from _python(path.relative_to(PACKAGE), path.read_text(encoding="utf-8"))
    for path in sorted(PACKAGE.rglob("templates/**/*.html")):
        for item in _template(path):
            yield item[0], item[1], str(path.relative_to(PACKAGE)), item[3]


def template_catalog() -> Catalog:
    """The catalogue of every message, without translations."""
    catalog = Catalog(domain=DOMAIN, project="Tafelrunde", fuzzy=False)
    for ident, context, path, line in found():
        if ident:
            catalog.add(ident, locations=[(path, line)], context=context)
    return catalog


def po_path(lang: str, folder: Path | None = None) -> Path:
    """The .po file of a language."""
    return (folder or locale_dir()) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(lang: str, folder: Path | None = None) -> Catalog:
    """Read a language's catalogue."""
    with po_path(lang, folder).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def write(catalog: Catalog, path: Path) -> None:
    """Write a catalogue as .po (sorted by id, no line numbers: small diffs)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False)
    path.write_bytes(out.getvalue())


def update(lang: str = DEFAULT_LANGUAGE, folder: Path | None = None) -> Catalog:
    """Bring a language's catalogue up to the code: new ids added, gone ones dropped."""
    path = po_path(lang, folder)
    catalog = read(lang, folder) if path.exists() else Catalog(locale=lang, domain=DOMAIN)
    catalog.update(template_catalog(), no_fuzzy_matching=True)
    catalog.obsolete.clear()
    catalog.fuzzy = False
    catalog.project, catalog.version = "Tafelrunde", ""
    catalog.creation_date = catalog.revision_date = STAMP  # no churn in the header
    catalog.header_comment = f"# Tafelrunde: messages in {lang} (ids in English)."
    catalog.last_translator = catalog.language_team = "Tafelrunde"
    write(catalog, path)
    return catalog


def update_everything() -> None:
    """Update every language's catalogue (German and those added) and compile them."""
    for po in sorted(locale_dir().glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        update(po.parent.parent.name)
    compile_all()


def mo_bytes(po: Path) -> bytes:
    """The compiled form of a .po file."""
    with po.open("rb") as f:
        catalog = read_po(f, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_all(folder: Path | None = None, *, only_stale: bool = False) -> list[Path]:
    """Compile every .po of the folder to .mo (or only those older than their .po)."""
    done = []
    for po in sorted((folder or locale_dir()).glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo = po.with_suffix(".mo")
        if only_stale and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with contextlib.suppress(OSError):  # an installation that cannot be written
            mo.write_bytes(mo_bytes(po))
            done.append(mo)
    return done


def problems(lang: str = DEFAULT_LANGUAGE, folder: Path | None = None) -> list[str]:
    """What keeps a language's catalogue from being complete, one line per message."""
    if lang == SOURCE_LANGUAGE:
        return []
    catalog = read(lang, folder)
    wanted = template_catalog()
    said = []
    for m in wanted:
        if not m.id:
            continue
        have = catalog.get(m.id, context=m.context)
        where = ", ".join(f"{p}:{n}" for p, n in m.locations[:1])
        if have is None:
            said.append(f"missing: {m.id!r} ({where})")
        elif have.fuzzy:
            said.append(f"fuzzy: {m.id!r}")
        elif not (all(have.string) if isinstance(have.string, tuple) else have.string):
            said.append(f"untranslated: {m.id!r}")
    for m in catalog:
        if m.id and wanted.get(m.id, context=m.context) is None:
            said.append(f"not used any more: {m.id!r}")
    mo = po_path(lang, folder).with_suffix(".mo")
    if not mo.exists() or mo.read_bytes() != mo_bytes(po_path(lang, folder)):
        said.append(f"{mo.name} is not compiled from the current {lang} .po")
    return said
