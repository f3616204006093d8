"""Players' time zones (IANA names, checked with zoneinfo)."""

from __future__ import annotations

from functools import cache
from zoneinfo import ZoneInfo, available_timezones

UTC = ZoneInfo("UTC")


@cache
def zone_names() -> list[str]:
    """Every IANA time zone name this machine knows, sorted."""
    return sorted(available_timezones())


def is_zone(name: str) -> bool:
    """True if `name` is a known IANA time zone."""
    return name in set(zone_names())


def zone_named(name: str | None) -> ZoneInfo:
    """The zone called `name`, or UTC if there is no such zone."""
    if name and is_zone(name):
        return ZoneInfo(name)
    return UTC


def zone_of(user) -> ZoneInfo:
    """The user's own time zone (UTC for a user without a profile)."""
    player = getattr(user, "player", None)
    return zone_named(player.time_zone if player is not None else None)
