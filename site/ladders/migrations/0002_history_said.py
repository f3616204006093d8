"""What the site says of a place change it made becomes a code with its days (PlaceChange.why), said in the reader's
language; the English notes written before are turned into codes, and `note` keeps only a moderator's words."""

import re

from django.db import migrations, models

IDLE_NOTE = re.compile(r"(?:Idle: n|N)o ladder game ended in (\d+) days\.")
STRUCK_OUT_NOTE = re.compile(r"Two games ended before they moved, or two timeouts, within (\d+) days\.")


def notes_to_codes(apps, schema_editor):
    PlaceChange = apps.get_model("ladders", "PlaceChange")
    for change in PlaceChange.objects.filter(reason__in=["decayed", "removed"]).exclude(note=""):
        if found := IDLE_NOTE.fullmatch(change.note):
            change.said = {"code": "idle", "days": int(found.group(1))}
        elif found := STRUCK_OUT_NOTE.fullmatch(change.note):
            change.said = {"code": "struck-out", "days": int(found.group(1))}
        else:
            continue
        change.note = ""
        change.save(update_fields=["said", "note"])


class Migration(migrations.Migration):
    dependencies = [("ladders", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="placechange",
            name="said",
            field=models.JSONField(
                blank=True, default=dict, help_text="Why the site moved the player: a code and its numbers (see `why`)."
            ),
        ),
        migrations.AlterField(
            model_name="ladder",
            name="name",
            field=models.CharField(
                help_text='As players read it, e.g. "Offboard ladder" (left as made, it is shown in each reader\'s '
                "language).",
                max_length=80,
            ),
        ),
        migrations.AlterField(
            model_name="placechange",
            name="note",
            field=models.CharField(blank=True, help_text="A moderator's reason, as written.", max_length=500),
        ),
        migrations.RunPython(notes_to_codes, migrations.RunPython.noop),
    ]
