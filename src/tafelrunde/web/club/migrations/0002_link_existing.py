"""Persons for the players of the tournaments stored so far; certain matches linked."""

from django.db import migrations

from tafelrunde.web.club.existing import link_existing


class Migration(migrations.Migration):

    dependencies = [
        ("club", "0001_initial"),
        ("web", "0007_club_preset"),
    ]

    operations = [
        migrations.RunPython(link_existing, migrations.RunPython.noop),
    ]
