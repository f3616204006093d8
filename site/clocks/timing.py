"""Clock arithmetic with time away: pure functions of datetimes (no database)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

Interval = tuple[datetime, datetime]


def _merged(away: Iterable[Interval]) -> list[Interval]:
    merged: list[list[datetime]] = []
    for start, end in sorted(away):
        if end <= start:
            continue
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(start, end) for start, end in merged]


def deadline_after(start: datetime, budget: timedelta, away: Iterable[Interval]) -> datetime:
    """When `budget` of running time has passed since `start`, the clock stopping while away."""
    moment, left = start, budget
    for away_start, away_end in _merged(away):
        if away_end <= moment:
            continue
        if away_start > moment:
            if away_start - moment >= left:
                break
            left -= away_start - moment
        moment = away_end
    return moment + left


def running_time(start: datetime, end: datetime, away: Iterable[Interval]) -> timedelta:
    """How much of [start, end) the clock ran, i.e. the time not spent away."""
    if end <= start:
        return timedelta(0)
    stopped = timedelta(0)
    for away_start, away_end in _merged(away):
        overlap = min(end, away_end) - max(start, away_start)
        if overlap > timedelta(0):
            stopped += overlap
    return end - start - stopped


def capped(away: Iterable[Interval], since: datetime, most: timedelta) -> list[Interval]:
    """The time away from `since` on that still stops a clock allowed at most `most` of it: the first `most`."""
    kept: list[Interval] = []
    left = most
    for start, end in _merged(away):
        start = max(start, since)
        if end <= start:
            continue
        if left <= timedelta(0):
            break
        end = min(end, start + left)
        kept.append((start, end))
        left -= end - start
    return kept
