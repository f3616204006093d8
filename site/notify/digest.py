"""The daily digest: at the hour a player chose, in their time zone, one email listing the matches
waiting for them, instead of one email per move. One per player per local date (the job key)."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from daymove.clocks.zones import zone_named
from daymove.notify.events import KIND
from daymove.notify.models import EmailPreferences
from daymove.outbox.jobs import record
from daymove.outbox.models import Job


def digest_key(user_id: int, local_date) -> str:
    return f"digest:{user_id}:{local_date.isoformat()}"


def due_digests(now: datetime | None = None) -> list[tuple[int, str]]:
    """(user id, local date) of every digest due now: the local hour reached, today's not yet recorded.

    "Reached" rather than "equal" so that a beat that was down at that hour still sends later that day.
    """
    now = now or timezone.now()
    rows = EmailPreferences.objects.filter(
        turn_emails=EmailPreferences.TurnEmails.DIGEST,
        user__is_active=True,
        user__player__is_bot=False,
    ).values_list("user_id", "digest_hour", "user__player__time_zone")
    wanted = {}
    for user_id, hour, zone_name in rows:
        local = now.astimezone(zone_named(zone_name))
        if local.hour >= hour:
            wanted[digest_key(user_id, local.date())] = (user_id, local.date().isoformat())
    done = set(Job.objects.filter(key__in=list(wanted)).values_list("key", flat=True))
    return [value for key, value in wanted.items() if key not in done]


def record_digests(now: datetime | None = None) -> int:
    """Record the digest jobs due now; returns how many."""
    due = due_digests(now)
    for user_id, local_date in due:
        record(KIND, f"digest:{user_id}:{local_date}", {"kind": "digest", "user": user_id, "date": local_date})
    return len(due)
