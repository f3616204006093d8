"""Idle players: a tenth of the ladder down per idle month, warned a week before removal, removed after 90 days.

A removal waits for its warning: if the sweep did not run in the warning's window, the player is warned when it
next runs and removed a week after that (`arithmetic.removal_due`).

Idle days count from the player's last ladder game's end (or from joining), not counting vacation days. The
sweep is idempotent: each idle month's drop and the warning are claimed by compare-and-set on the rung
(`idle_drops`, `warned_at`), so running it twice, or twice at once, drops and warns exactly once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from daymove.clocks.models import Vacation
from daymove.ladders import arithmetic, signals
from daymove.ladders.membership import take_off
from daymove.ladders.models import IDLE, PlaceChange, Rung
from daymove.ladders.places import lock, rewrite, standing


@dataclass
class Swept:
    """What one sweep did."""

    dropped: int = 0
    warned: int = 0
    removed: int = 0


def idle_days_of(rung: Rung, now: datetime) -> int:
    """Days the rung's player has been idle on the ladder, vacation days aside."""
    away = Vacation.objects.filter(user_id=rung.player_id, ends__gt=rung.last_ended_at, starts__lt=now)
    periods = [(v.start_date, v.end_date + timedelta(days=1)) for v in away]
    return arithmetic.idle_days(rung.last_ended_at.date(), now.date(), periods)


def sweep_idle(now: datetime | None = None) -> Swept:
    """Drop, warn and remove every idle player on every active ladder, each rung in a transaction of its own."""
    now = now or timezone.now()
    swept = Swept()
    candidates = Rung.objects.filter(ladder__active=True, last_ended_at__lte=now - arithmetic.IDLE_MONTH)
    for rung_id in candidates.values_list("pk", flat=True):
        with transaction.atomic():
            _sweep_one(rung_id, now, swept)
    return swept


def _sweep_one(rung_id: int, now: datetime, swept: Swept) -> None:
    ladder_id = Rung.objects.filter(pk=rung_id).values_list("ladder_id", flat=True).first()
    if ladder_id is None:
        return
    ladder = lock(ladder_id)
    rung = Rung.objects.filter(pk=rung_id).select_related("player").first()  # as it is under the lock
    if rung is None:
        return
    rung.ladder = ladder
    days = idle_days_of(rung, now)
    if arithmetic.removal_due(days, now.date(), rung.warned_at and rung.warned_at.date()):
        take_off(ladder, rung, "idle", now)
        swept.removed += 1
        return
    months = arithmetic.idle_months(days)
    if months > rung.idle_drops and _claim(rung, idle_drops=months, was=rung.idle_drops):
        _drop(ladder, rung, months - rung.idle_drops, now)
        swept.dropped += 1
    if arithmetic.warning_due(days) and _claim(rung, warned_at=now, was=None):
        rung.warned_at = now
        signals.idle_warning.send(sender=Rung, rung=rung)
        swept.warned += 1


def _claim(rung: Rung, was, **value) -> bool:
    """Compare-and-set one field of the rung from `was` to the value; whether this call changed it."""
    [(field, _)] = value.items()
    return Rung.objects.filter(pk=rung.pk, **{field: was}).update(**value) == 1


def _drop(ladder, rung: Rung, months: int, now: datetime) -> None:
    before = standing(ladder)
    after = arithmetic.decay(before, rung.player_id, months)
    reasons = {rung.player_id: PlaceChange.Reason.DECAYED}
    said = {"code": IDLE, "days": arithmetic.IDLE_MONTH.days * (rung.idle_drops + months)}
    for change in rewrite(ladder, before, after, reasons, PlaceChange.Reason.MOVED_UP, now, said=said):
        if change.player_id == rung.player_id:
            signals.place_moved.send(
                sender=Rung,
                player=rung.player,
                ladder=ladder,
                from_place=change.from_place,
                to_place=change.to_place,
                reason=PlaceChange.Reason.DECAYED,
                idle_months=rung.idle_drops + months,
            )
