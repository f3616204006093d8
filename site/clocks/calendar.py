"""The private iCalendar feed (RFC 5545) of a player's deadlines, and what other apps add to it (`add_source`),
written with the standard library."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import urlsplit

from django.conf import settings
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext

from daymove.clocks.models import CalendarFeed, MatchClock
from daymove.play.models import Match
from daymove.players.languages import language_of

# A deadline is a moment: its event lasts a quarter of an hour from it, so calendars draw it as a short block, and
# the calendar reminds the player two hours before (the emails' reminders are the player's own choice on top).
EVENT_LENGTH = "PT15M"
ALARM_HOURS = 2
ALARM_BEFORE = f"PT{ALARM_HOURS}H"


def feed_url(feed: CalendarFeed) -> str:
    """The absolute URL of the feed (the token is its only key)."""
    return settings.SITE_URL + reverse("calendar_feed", args=[feed.token])


def regenerate(user) -> CalendarFeed:
    """A new secret URL for the user's feed; the old one stops working."""
    feed, _ = CalendarFeed.objects.update_or_create(
        user=user, defaults={"token": secrets.token_urlsafe(32), "created": timezone.now()}
    )
    return feed


def revoke(user) -> None:
    """Turn the user's feed off: its URL answers 404 from now on."""
    CalendarFeed.objects.filter(user=user).delete()


def user_for_token(token: str):
    """The owner of a feed token, or None."""
    feed = CalendarFeed.objects.filter(token=token).select_related("user").first()
    return feed.user if feed and feed.user.is_active else None


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def _fold(line: str) -> str:
    """Lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1)."""
    data = line.encode()
    parts = []
    while len(data) > (cut := 75 if not parts else 74):  # a continuation's leading space counts
        while cut and (data[cut] & 0xC0) == 0x80:  # never split inside a UTF-8 character
            cut -= 1
        parts.append(data[:cut].decode())
        data = data[cut:]
    parts.append(data.decode())
    return "\r\n ".join(parts)


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


@dataclass(frozen=True)
class CalendarEvent:
    """One event of a player's feed, at a moment; `uid` is stable, so a calendar updates the event rather than
    adding another when it changes."""

    uid: str
    start: datetime
    summary: str
    description: str
    url: str
    alarm: str | None = None  # what the calendar says ALARM_HOURS before, if anything


# Functions giving more of a player's events, from apps above clocks that may not be imported here (leagues add
# their registration deadlines, starts and closes): each takes the user and returns CalendarEvents.
_sources: list[Callable[[object], Iterable[CalendarEvent]]] = []


def add_source(source: Callable[[object], Iterable[CalendarEvent]]) -> None:
    """Have the feed list the events `source(user)` gives, after the deadlines (once, however often added)."""
    if source not in _sources:
        _sources.append(source)


def _deadlines(user) -> list[CalendarEvent]:
    """One event at each running deadline of the user's active matches."""
    clocks = (
        MatchClock.objects.filter(match__status=Match.Status.ACTIVE)
        .filter(Q(match__player0=user, deadline0__isnull=False) | Q(match__player1=user, deadline1__isnull=False))
        .select_related("match", "match__player0", "match__player1")
        .order_by("match_id")
    )
    events = []
    for clock in clocks:
        match = clock.match
        seat = match.seat_of(user)
        opponent = match.players[1 - seat]
        url = settings.SITE_URL + match.get_absolute_url()
        words = {"game": match.rules.name, "number": match.pk, "opponent": opponent.username, "url": url}
        alarm = ngettext(
            "Your move in %(game)s #%(number)s is due in %(hours)s hour.",
            "Your move in %(game)s #%(number)s is due in %(hours)s hours.",
            ALARM_HOURS,
        )
        events.append(
            CalendarEvent(
                uid=f"deadline-{match.pk}-{match.ply}",
                start=clock.deadline_of(seat),
                summary=gettext("Daymove deadline: %(game)s #%(number)s v %(opponent)s") % words,
                description=gettext("Your move in %(game)s against %(opponent)s is due by this time. %(url)s") % words,
                url=url,
                alarm=alarm % (words | {"hours": ALARM_HOURS}),
            )
        )
    return events


def _event_lines(event: CalendarEvent, host: str, now: datetime) -> list[str]:
    lines = [
        "BEGIN:VEVENT",
        f"UID:{event.uid}@{host}",
        f"DTSTAMP:{_stamp(now)}",
        f"DTSTART:{_stamp(event.start)}",
        f"DURATION:{EVENT_LENGTH}",
        _escape_property("SUMMARY", event.summary),
        _escape_property("DESCRIPTION", event.description),
        f"URL:{event.url}",
    ]
    if event.alarm:
        lines += [
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            f"TRIGGER:-{ALARM_BEFORE}",
            _escape_property("DESCRIPTION", event.alarm),
            "END:VALARM",
        ]
    return [*lines, "END:VEVENT"]


def ics(user) -> str:
    """The feed: the user's running deadlines, then the events of every added source, in the user's language (a
    calendar app asking for it says nothing of the reader)."""
    with translation.override(language_of(user)):
        return _ics(user)


def _ics(user) -> str:
    host = urlsplit(settings.SITE_URL).hostname or "daymove"
    now = timezone.now()
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Daymove//Deadlines//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        _escape_property("X-WR-CALNAME", gettext("Daymove deadlines of %(player)s") % {"player": user.username}),
    ]
    events = _deadlines(user) + [event for source in _sources for event in source(user)]
    for event in events:
        lines += _event_lines(event, host, now)
    lines.append("END:VCALENDAR")
    return "".join(_fold(line) + "\r\n" for line in lines)


def _escape_property(name: str, text: str) -> str:
    return f"{name}:{_escape(text)}"
