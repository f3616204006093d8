"""Players' time zones (IANA names, checked with zoneinfo)."""

from __future__ import annotations

import importlib.resources
import zoneinfo
from functools import cache
from pathlib import Path
from zoneinfo import ZoneInfo, available_timezones

UTC = ZoneInfo("UTC")


@cache
def zone_names() -> list[str]:
    """Every IANA time zone name this machine knows, sorted."""
    return sorted(available_timezones())


# The world's regions in the IANA database; names outside them are aliases kept for old systems ("US/Eastern",
# "Etc/GMT+5", "EST5EDT") or not places at all ("Factory", "localtime", "posixrules").
REGIONS = ("Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific")


@cache
def canonical_zone_names() -> list[str]:
    """The zones of zone.tab, the IANA table of each country's zones: no old spellings or aliases ("Europe/Kiev",
    "Asia/Calcutta", "Asia/Istanbul", "Australia/ACT"), which stay valid settings but are not offered.

    Read where zoneinfo reads its zones (the system's folder, else the tzdata package); without the table, every name
    in a region.
    """
    for folder in zoneinfo.TZPATH:
        if (table := Path(folder) / "zone.tab").is_file():
            break
    else:
        try:
            table = importlib.resources.files("tzdata").joinpath("zoneinfo", "zone.tab")
        except ModuleNotFoundError:
            return [name for name in zone_names() if name.partition("/")[0] in REGIONS]
    listed = {line.split("\t")[2] for line in table.read_text().splitlines() if line and not line.startswith("#")}
    return sorted(listed & set(zone_names()))


def zone_choices(keep: str | None = None) -> list:
    """The time zones a person picks from: UTC, then each region's places (grouped, "Buenos Aires (Argentina)").

    `keep`, a known zone outside the list (a player's present setting), is offered too so saving keeps it.
    """
    groups: dict[str, list] = {region: [] for region in REGIONS}
    for name in canonical_zone_names():
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
