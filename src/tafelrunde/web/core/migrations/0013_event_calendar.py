"""Events for the calendar feed: a lasting mark each (filled in for the events there are),
how often an event changed, when; and the deleted events the feed reports cancelled."""

import django.utils.timezone
from django.db import migrations, models

import tafelrunde.web.core.models


def give_marks(apps, schema_editor):
    """Every event stored before gets its own mark."""
    Event = apps.get_model("web", "Event")
    for event in Event.objects.all():
        event.uid = tafelrunde.web.core.models.new_uid()
        event.save(update_fields=["uid"])


class Migration(migrations.Migration):
    dependencies = [
        ("web", "0012_tournamentrecord_identity"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="uid",
            field=models.CharField(max_length=32, null=True),
        ),
        migrations.RunPython(give_marks, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="event",
            name="uid",
            field=models.CharField(
                default=tafelrunde.web.core.models.new_uid, max_length=32, unique=True
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="sequence",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="event",
            name="changed_at",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
        migrations.CreateModel(
            name="CancelledEvent",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("uid", models.CharField(max_length=32, unique=True)),
                ("name", models.CharField(max_length=200)),
                ("date", models.DateField()),
                ("kind", models.CharField(blank=True, max_length=60)),
                ("sequence", models.PositiveIntegerField(default=0)),
                ("cancelled_at", models.DateTimeField(default=django.utils.timezone.now)),
            ],
            options={"ordering": ("date", "name")},
        ),
    ]
