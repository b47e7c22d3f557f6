"""An event's kind (Art), such as "Spieleabend" or "Vereinsmeisterschaft"."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("web", "0007_club_preset"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="kind",
            field=models.CharField(blank=True, max_length=60, verbose_name="Art"),
        ),
    ]
