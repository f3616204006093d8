"""A player's league dates in their calendar feed (`daymove.clocks.calendar`, which this app adds a source to):
the start of each season they are registered for (registration closes then), and the start and close of each
season they play in (a running season's close is its latest: 12 weeks after the start), in the language active when
the feed is written."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext

from daymove.clocks.calendar import CalendarEvent
from daymove.competitions.models import Entry, Season
from daymove.competitions.seasons import ENTERING

Status = Season.Status


def _url(path: str) -> str:
    return settings.SITE_URL + path


def _registered_start(season: Season) -> CalendarEvent:
    registration = _url(reverse("competitions:registration", args=[season.series.slug]))
    description = gettext(
        "You are registered for %(season)s: it starts at this time, with at least 4 players. To play this season "
        "only or skip it, change your registration before then: %(url)s"
    )
    return CalendarEvent(
        uid=f"league-season-{season.pk}-start",
        start=season.starts_at,
        summary=gettext("%(season)s starts (registration closes)") % {"season": season},
        description=description % {"season": season, "url": registration},
        url=_url(season.series.get_absolute_url()),
    )


def _played(season: Season) -> list[CalendarEvent]:
    url = _url(season.get_absolute_url())
    words = {"season": season, "url": url}
    events = [
        CalendarEvent(
            uid=f"league-season-{season.pk}-start",
            start=season.started_at,
            summary=gettext("%(season)s starts") % words,
            description=gettext("%(season)s starts: every game of your division at once. %(url)s") % words,
            url=url,
        )
    ]
    if season.status == Status.CLOSED:
        summary = gettext("%(season)s closed") % words
        description = gettext("%(season)s closed: the final tables. %(url)s") % words
        events.append(CalendarEvent(f"league-season-{season.pk}-close", season.closed_at, summary, description, url))
    elif season.closes_by:
        summary = gettext("%(season)s closes (at the latest)") % words
        description = (
            gettext("%(season)s closes when all its games have ended, and at the latest at this time. %(url)s") % words
        )
        events.append(CalendarEvent(f"league-season-{season.pk}-close", season.closes_by, summary, description, url))
    return events


def league_events(user) -> list[CalendarEvent]:
    """The user's league dates: registered seasons' starts, played seasons' starts and closes (two queries)."""
    open_seasons = Season.objects.filter(
        status=Status.OPEN,
        series__paused=False,
        series__registrations__player=user,
        series__registrations__mode__in=ENTERING,
    ).select_related("series")
    events = {event.uid: event for event in map(_registered_start, open_seasons)}
    played = (
        Entry.objects.filter(player=user)
        .exclude(division__season__status=Status.OPEN)
        .select_related("division__season__series")
        .order_by("division__season__started_at")
    )
    for entry in played:
        events.update((event.uid, event) for event in _played(entry.division.season))
    return list(events.values())
