"""Celery beat tasks of leagues: start the seasons that are due, close those that are done, send the reminders.

Each is safe to run twice at once: every change is a compare-and-set on the season (see `seasons`).
"""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from daymove.competitions import seasons, signals
from daymove.competitions.models import Season

REMINDER_BEFORE = timedelta(days=3)


def start_due(now=None) -> int:
    """Start every open season whose date has come (a season short of entrants waits); how many started."""
    now = now or timezone.now()
    due = Season.objects.filter(status=Season.Status.OPEN, starts_at__lte=now, series__paused=False)
    return sum(seasons.start_season(season, now) for season in due.select_related("series"))


def close_due(now=None) -> int:
    """Close every running season whose games have all ended or whose 12 weeks are up; how many closed."""
    now = now or timezone.now()
    running = Season.objects.filter(status=Season.Status.RUNNING).select_related("series")
    return sum(seasons.close_season(season, now) for season in running if seasons.close_due(season, now))


def remind(now=None) -> int:
    """Send the registration reminder of each open season starting within 3 days, once; how many were sent."""
    now = now or timezone.now()
    sent = 0
    soon = Season.objects.filter(
        status=Season.Status.OPEN, reminded_at__isnull=True, starts_at__gt=now, starts_at__lte=now + REMINDER_BEFORE
    )
    for season in soon.select_related("series"):
        with transaction.atomic():
            changed = Season.objects.filter(pk=season.pk, reminded_at__isnull=True).update(reminded_at=now)
            if changed == 1:
                season.reminded_at = now
                signals.registration_closing.send(sender=Season, season=season)
                sent += 1
    return sent


@shared_task(ignore_result=True)
def start_due_seasons() -> int:
    """Beat: start the seasons that are due."""
    return start_due()


@shared_task(ignore_result=True)
def close_due_seasons() -> int:
    """Beat: close the seasons that are done."""
    return close_due()


@shared_task(ignore_result=True)
def remind_registrations() -> int:
    """Beat: the registration reminders, 3 days before each start."""
    return remind()
