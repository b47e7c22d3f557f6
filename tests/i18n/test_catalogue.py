"""The one gettext catalogue: complete in German, compiled, and open to a third language."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from tafelrunde import catalogue
from tafelrunde.errors import RuleError
from tafelrunde.i18n import LOCALE_DIR, Message, msg, msg_n

pytestmark = pytest.mark.unit


def test_every_message_has_its_german_translation_and_the_compiled_file_is_current() -> None:
    assert catalogue.problems("de") == []


def test_a_missing_or_fuzzy_translation_and_a_stale_compiled_file_are_found(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "locale"
    shutil.copytree(LOCALE_DIR, folder)
    german = catalogue.read("de", folder)
    wanted = [m.id for m in catalogue.template_catalog() if m.id]
    assert wanted, "the code marks messages"
    first = wanted[0]
    german.delete(first)
    catalogue.write(german, catalogue.po_path("de", folder))
    said = catalogue.problems("de", folder)
    assert f"missing: {first!r}" in " ".join(said)
    assert any("is not compiled" in s for s in said)


def test_plural_forms_follow_the_number() -> None:
    one, two = msg_n("{n} player", "{n} players", 1), msg_n("{n} player", "{n} players", 2)
    assert (str(one), str(two)) == ("1 player", "2 players")


def test_a_message_keeps_its_parameters_and_nests() -> None:
    inner = msg("table {table}", table=3)
    outer = Message("Result missing: {where}.", {"where": inner})
    assert str(outer) == "Result missing: table 3."
    assert str(RuleError(outer, field="table")) == "table: Result missing: table 3."


def _french(folder: Path) -> None:
    """A tiny third catalogue: one message, nothing else added anywhere."""
    word = "Error"
    cat = Catalog(locale="fr", domain="django")
    cat.add(word, "Erreur")
    catalogue.write(cat, catalogue.po_path("fr", folder))


def test_a_third_language_is_one_more_po_file(tmp_path: Path) -> None:
    folder = tmp_path / "locale"
    shutil.copytree(LOCALE_DIR, folder)
    _french(folder)
    env = os.environ | {"TAFELRUNDE_LOCALE_DIR": str(folder)}
    code = "import sys; from tafelrunde.cli import main; sys.exit(main(sys.argv[1:]))"
    done = subprocess.run(
        [sys.executable, "-c", code, "--lang", "fr", "tables", str(tmp_path / "none.json")],
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("Erreur:"), done.stderr
    assert (folder / "fr" / "LC_MESSAGES" / "django.mo").exists()


def test_a_third_language_shows_in_the_web_and_can_be_chosen(tmp_path: Path) -> None:
    folder = tmp_path / "locale"
    shutil.copytree(LOCALE_DIR, folder)
    cat = Catalog(locale="fr", domain="django")
    cat.add("Log in", "Se connecter")
    catalogue.write(cat, catalogue.po_path("fr", folder))
    env = os.environ | {
        "TAFELRUNDE_LOCALE_DIR": str(folder),
        "TAFELRUNDE_DATA": str(tmp_path),
        "TAFELRUNDE_HOSTS": "testserver",
        "DJANGO_SETTINGS_MODULE": "tafelrunde.web.core.settings",
    }
    code = (
        "import django; django.setup(); from django.test import Client; "
        "from django.core.management import call_command; call_command('migrate', verbosity=0); "
        "print(Client(HTTP_ACCEPT_LANGUAGE='fr').get('/anmelden/').content.decode()); "
        "print('=====');"
        "print(Client().get('/anmelden/').content.decode())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    french, german = done.stdout.split("=====")
    assert '<html lang="fr">' in french and "<h1>Se connecter</h1>" in french
    assert 'value="de" lang="de">Deutsch</button>' in french  # the others to switch to
    assert 'value="fr" lang="fr">' in german  # and French offered on the German page
    assert "<h1>Anmelden</h1>" in german
