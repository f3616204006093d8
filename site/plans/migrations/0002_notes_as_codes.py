"""A plan's note becomes a code with its parameters (`said`), said in the reader's language; the English notes of
plans changed before are kept as `old_note` and shown as they are."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("plans", "0001_initial")]

    operations = [
        migrations.RenameField("conditionalplan", "note", "old_note"),
        migrations.AlterField(
            model_name="conditionalplan",
            name="old_note",
            field=models.CharField(
                blank=True,
                help_text="What happened last, in English, on a plan last changed before `said`.",
                max_length=300,
            ),
        ),
        migrations.AddField(
            model_name="conditionalplan",
            name="said",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="What happened last, for the owner: a code and its parameters (plans.notes).",
            ),
        ),
    ]
