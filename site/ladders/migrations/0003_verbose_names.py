"""Verbose names of the ladder models and fields, said in the reader's language in the admin."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

import daymove.ladders.models


class Migration(migrations.Migration):
    dependencies = [
        ("ladders", "0002_history_said"),
        ("play", "0005_archive_and_watch_indexes"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="ladder",
            options={"ordering": ["game", "name"], "verbose_name": "ladder", "verbose_name_plural": "ladders"},
        ),
        migrations.AlterModelOptions(
            name="laddergame",
            options={"ordering": ["-created"], "verbose_name": "ladder game", "verbose_name_plural": "ladder games"},
        ),
        migrations.AlterModelOptions(
            name="mark",
            options={"ordering": ["-at"], "verbose_name": "ladder mark", "verbose_name_plural": "ladder marks"},
        ),
        migrations.AlterModelOptions(
            name="placechange",
            options={
                "ordering": ["-at", "-pk"],
                "verbose_name": "place change",
                "verbose_name_plural": "place changes",
            },
        ),
        migrations.AlterModelOptions(
            name="rung",
            options={
                "ordering": ["ladder", "place"],
                "verbose_name": "place on a ladder",
                "verbose_name_plural": "places on ladders",
            },
        ),
        migrations.AlterField(
            model_name="ladder",
            name="active",
            field=models.BooleanField(
                default=True,
                help_text="Open to new challenges; an inactive ladder is only shown.",
                verbose_name="active",
            ),
        ),
        migrations.AlterField(
            model_name="ladder",
            name="created",
            field=models.DateTimeField(default=django.utils.timezone.now, verbose_name="created"),
        ),
        migrations.AlterField(
            model_name="ladder",
            name="game",
            field=models.CharField(db_index=True, max_length=32, verbose_name="game"),
        ),
        migrations.AlterField(
            model_name="ladder",
            name="name",
            field=models.CharField(
                help_text='As players read it, e.g. "Offboard ladder" (left as made, it is shown in each reader\'s '
                "language).",
                max_length=80,
                verbose_name="name",
            ),
        ),
        migrations.AlterField(
            model_name="ladder",
            name="options",
            field=models.JSONField(blank=True, default=dict, verbose_name="options"),
        ),
        migrations.AlterField(
            model_name="ladder",
            name="slug",
            field=models.SlugField(
                help_text="In the URL, e.g. offboard or abande-hex.", max_length=64, unique=True, verbose_name="slug"
            ),
        ),
        migrations.AlterField(
            model_name="ladder",
            name="time_control",
            field=models.JSONField(
                default=daymove.ladders.models.default_time_control,
                help_text="Clock terms (daymove.clocks.terms).",
                verbose_name="clock",
            ),
        ),
        migrations.AlterField(
            model_name="laddergame",
            name="applied_at",
            field=models.DateTimeField(
                blank=True, help_text="When its result was applied to the places.", null=True, verbose_name="applied"
            ),
        ),
        migrations.AlterField(
            model_name="laddergame",
            name="challenger",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="challenger",
            ),
        ),
        migrations.AlterField(
            model_name="laddergame",
            name="created",
            field=models.DateTimeField(default=django.utils.timezone.now, verbose_name="started"),
        ),
        migrations.AlterField(
            model_name="laddergame",
            name="defender",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="defender",
            ),
        ),
        migrations.AlterField(
            model_name="laddergame",
            name="ended_at",
            field=models.DateTimeField(
                blank=True, help_text="Empty while it counts as open on the ladder.", null=True, verbose_name="ended"
            ),
        ),
        migrations.AlterField(
            model_name="laddergame",
            name="ladder",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="games",
                to="ladders.ladder",
                verbose_name="ladder",
            ),
        ),
        migrations.AlterField(
            model_name="laddergame",
            name="match",
            field=models.OneToOneField(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="ladder_game",
                to="play.match",
                verbose_name="match",
            ),
        ),
        migrations.AlterField(
            model_name="laddergame",
            name="note",
            field=models.CharField(blank=True, max_length=500, verbose_name="note"),
        ),
        migrations.AlterField(
            model_name="laddergame",
            name="outcome",
            field=models.CharField(
                blank=True,
                choices=[
                    ("", "Being played"),
                    ("passed", "The challenger won and took the defender's place"),
                    ("won", "The challenger won but was no longer below the defender"),
                    ("held", "The defender held their place"),
                    ("drawn", "Drawn: no place changed"),
                    ("no-move", "Ended before both sides moved: no place changed"),
                    ("void", "Annulled: no place changed"),
                    ("left", "A player left the ladder: played on as an ordinary rated game"),
                ],
                default="",
                max_length=16,
                verbose_name="outcome",
            ),
        ),
        migrations.AlterField(
            model_name="mark",
            name="at",
            field=models.DateTimeField(default=django.utils.timezone.now, verbose_name="when"),
        ),
        migrations.AlterField(
            model_name="mark",
            name="kind",
            field=models.CharField(
                choices=[("no-move", "Game ended before they moved"), ("timeout", "Lost on time")],
                max_length=16,
                verbose_name="kind",
            ),
        ),
        migrations.AlterField(
            model_name="mark",
            name="ladder",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="marks",
                to="ladders.ladder",
                verbose_name="ladder",
            ),
        ),
        migrations.AlterField(
            model_name="mark",
            name="match",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="play.match",
                verbose_name="game",
            ),
        ),
        migrations.AlterField(
            model_name="mark",
            name="player",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="ladder_marks",
                to=settings.AUTH_USER_MODEL,
                verbose_name="player",
            ),
        ),
        migrations.AlterField(
            model_name="placechange",
            name="at",
            field=models.DateTimeField(default=django.utils.timezone.now, verbose_name="when"),
        ),
        migrations.AlterField(
            model_name="placechange",
            name="from_place",
            field=models.PositiveIntegerField(
                blank=True, help_text="Empty when joining.", null=True, verbose_name="from place"
            ),
        ),
        migrations.AlterField(
            model_name="placechange",
            name="ladder",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="place_changes",
                to="ladders.ladder",
                verbose_name="ladder",
            ),
        ),
        migrations.AlterField(
            model_name="placechange",
            name="match",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="play.match",
                verbose_name="game",
            ),
        ),
        migrations.AlterField(
            model_name="placechange",
            name="note",
            field=models.CharField(
                blank=True,
                help_text="A moderator's reason, as written.",
                max_length=500,
                verbose_name="moderator's reason",
            ),
        ),
        migrations.AlterField(
            model_name="placechange",
            name="player",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="ladder_place_changes",
                to=settings.AUTH_USER_MODEL,
                verbose_name="player",
            ),
        ),
        migrations.AlterField(
            model_name="placechange",
            name="reason",
            field=models.CharField(
                choices=[
                    ("joined", "Joined"),
                    ("won", "Won a challenge"),
                    ("passed", "Passed by a challenger"),
                    ("decayed", "Idle"),
                    ("removed", "Removed"),
                    ("left", "Left"),
                    ("adjusted", "Adjusted by a moderator"),
                    ("moved-up", "Moved up: someone above dropped or left"),
                ],
                max_length=16,
                verbose_name="reason",
            ),
        ),
        migrations.AlterField(
            model_name="placechange",
            name="said",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="Why the site moved the player: a code and its numbers (see `why`).",
                verbose_name="said by the site",
            ),
        ),
        migrations.AlterField(
            model_name="placechange",
            name="to_place",
            field=models.PositiveIntegerField(
                blank=True, help_text="Empty when leaving or removed.", null=True, verbose_name="to place"
            ),
        ),
        migrations.AlterField(
            model_name="rung",
            name="idle_drops",
            field=models.PositiveSmallIntegerField(
                default=0,
                help_text="Idle months already applied since the last game (each one a drop).",
                verbose_name="idle drops",
            ),
        ),
        migrations.AlterField(
            model_name="rung",
            name="joined_at",
            field=models.DateTimeField(default=django.utils.timezone.now, verbose_name="joined"),
        ),
        migrations.AlterField(
            model_name="rung",
            name="ladder",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="rungs",
                to="ladders.ladder",
                verbose_name="ladder",
            ),
        ),
        migrations.AlterField(
            model_name="rung",
            name="last_ended_at",
            field=models.DateTimeField(
                default=django.utils.timezone.now,
                help_text="When the player's last ladder game ended (or when they joined).",
                verbose_name="last game ended",
            ),
        ),
        migrations.AlterField(
            model_name="rung",
            name="place",
            field=models.PositiveIntegerField(verbose_name="place"),
        ),
        migrations.AlterField(
            model_name="rung",
            name="player",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="ladder_rungs",
                to=settings.AUTH_USER_MODEL,
                verbose_name="player",
            ),
        ),
        migrations.AlterField(
            model_name="rung",
            name="warned_at",
            field=models.DateTimeField(
                blank=True, help_text="When the idle warning went out, once.", null=True, verbose_name="warned"
            ),
        ),
    ]
