"""Saving a player's settings: time zone and email choices, with the reminders that depend on them."""

from __future__ import annotations

from django.db import transaction

from daymove.notify.events import schedule_reminders
from daymove.notify.models import FIELD_KINDS, EmailPreferences
from daymove.play.models import Match
from daymove.players.models import Player


def save_preferences(user, data: dict) -> EmailPreferences:
    """Store the settings form's cleaned data; reminders of matches waiting for the user follow the new thresholds."""
    with transaction.atomic():
        Player.objects.filter(user=user).update(
            time_zone=data["time_zone"], next_game_after_move=data.get("next_game_after_move", False)
        )
        preferences, _ = EmailPreferences.objects.update_or_create(
            user=user,
            defaults={
                "turn_emails": data["turn_emails"],
                "digest_hour": data["digest_hour"],
                "reminders": data["reminders"],
                "reminder_hours": sorted(set(data["reminder_hours"])),
                "game_over": data["game_over"],
                "challenges": data["challenges"],
                **{kind: data.get(kind, False) for kind in FIELD_KINDS},
            },
        )
        user.email_preferences = preferences  # what preferences_of gives for this user object from now on
        waiting = Match.objects.waiting_for(user).select_related("player0", "player1")
        for match in waiting:
            schedule_reminders(match)
    return preferences
