"""Players' time zones (IANA names, checked with zoneinfo)."""

from __future__ import annotations

from functools import cache
from zoneinfo import ZoneInfo, available_timezones

UTC = ZoneInfo("UTC")


@cache
def zone_names() -> list[str]:
    """Every IANA time zone name this machine knows, sorted."""
    return sorted(available_timezones())


# The world's regions in the IANA database; names outside them are aliases kept for old systems ("US/Eastern",
# "Etc/GMT+5", "EST5EDT") or not places at all ("Factory", "localtime", "posixrules").
REGIONS = ("Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific")


def zone_choices(keep: str | None = None) -> list:
    """The time zones a person picks from: UTC, then each region's places (grouped, "Buenos Aires (Argentina)").

    `keep`, a known zone outside the list (a player's present setting), is offered too so saving keeps it.
    """
    groups: dict[str, list] = {region: [] for region in REGIONS}
    for name in zone_names():
        region, _, place = name.partition("/")
        if region in groups and place:
            *within, city = place.replace("_", " ").split("/")
            groups[region].append((name, f"{city} ({within[0]})" if within else city))
    choices: list = [("UTC", "UTC")]
    if keep and keep != "UTC" and is_zone(keep) and not any(keep == n for g in groups.values() for n, _ in g):
        choices.append((keep, keep))
    return choices + [(region, sorted(places, key=lambda c: c[1])) for region, places in groups.items() if places]


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
