"""A club's own ruleset has no format letter: tournaments stored with '?' get ''."""

from typing import Any

from django.db import migrations


def no_question_mark(apps: Any, schema_editor: Any) -> None:
    """Clear the placeholder '?' stored for a ruleset without a letter."""
    apps.get_model("web", "TournamentRecord").objects.filter(format="?").update(format="")


class Migration(migrations.Migration):
    dependencies = [("web", "0010_draw_preview")]

    operations = [migrations.RunPython(no_question_mark, migrations.RunPython.noop)]
