"""Vacations: days away booked in advance or from today; every clock of the player stops meanwhile.

Booking or cancelling moves the running deadlines of all the player's active matches in the same
transaction. A vacation that starts today starts now, never in the past, so a booking cannot undo
a deadline that has already passed.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from daymove.clocks import signals
from daymove.clocks.models import Vacation
from daymove.clocks.services import recompute_deadlines
from daymove.clocks.zones import zone_of
from daymove.errors import NotFound, Refused
from daymove.players.models import Player

BOOK_AHEAD_DAYS = 365


def allowance() -> int:
    """Days away each player may book per calendar year."""
    return settings.DAYMOVE_VACATION_DAYS_PER_YEAR


def local_today(user) -> date:
    """Today's date where the user lives."""
    return timezone.now().astimezone(zone_of(user)).date()


def _days_in_year(start: date, end: date, year: int) -> int:
    first, last = max(start, date(year, 1, 1)), min(end, date(year, 12, 31))
    return max((last - first).days + 1, 0)


def days_used(user, year: int) -> int:
    """Days of vacation the user has booked in calendar year `year`."""
    rows = Vacation.objects.filter(user=user, start_date__lte=date(year, 12, 31), end_date__gte=date(year, 1, 1))
    return sum(_days_in_year(v.start_date, v.end_date, year) for v in rows)


def days_left(user, year: int | None = None) -> int:
    """Days of the yearly allowance the user has not booked (this year by default)."""
    year = year or local_today(user).year
    return max(allowance() - days_used(user, year), 0)


def _midnight(day: date, zone) -> datetime:
    return datetime.combine(day, time.min, tzinfo=zone)


def book_vacation(user, start: date, end: date, auto_reply: bool = False) -> Vacation:
    """Book days away (dates inclusive, in the user's time zone); Refused with the reason if not allowed."""
    zone = zone_of(user)
    today = local_today(user)
    if start < today:
        raise Refused(gettext("A vacation cannot start in the past."))
    if end < start:
        raise Refused(gettext("The last day must not be before the first day."))
    if start > today + timedelta(days=BOOK_AHEAD_DAYS):
        raise Refused(gettext("Book at most %(most)s days ahead.") % {"most": BOOK_AHEAD_DAYS})
    with transaction.atomic():
        Player.objects.select_for_update().filter(user=user).first()  # one booking at a time per player
        if Vacation.objects.filter(user=user, start_date__lte=end, end_date__gte=start).exists():
            raise Refused(gettext("You already have a vacation on some of those days."))
        for year in range(start.year, end.year + 1):
            wanted = _days_in_year(start, end, year)
            left = allowance() - days_used(user, year)
            if wanted > left:
                raise Refused(
                    ngettext(
                        "That is %(wanted)s days in %(year)s, and you have %(left)s of your %(count)s day left.",
                        "That is %(wanted)s days in %(year)s, and you have %(left)s of your %(count)s days left.",
                        allowance(),
                    )
                    % {"wanted": wanted, "year": year, "left": max(left, 0), "count": allowance()}
                )
        vacation = Vacation.objects.create(
            user=user,
            start_date=start,
            end_date=end,
            starts=max(_midnight(start, zone), timezone.now()),
            ends=_midnight(end + timedelta(days=1), zone),
            auto_reply=auto_reply,
        )
        recompute_deadlines(user)
        signals.away_changed.send(sender=Vacation, user=user)
    return vacation


def cancel_vacation(user, vacation_id) -> None:
    """Cancel a vacation not yet begun, or end one in progress now; NotFound for someone else's."""
    now = timezone.now()
    with transaction.atomic():
        try:
            vacation = Vacation.objects.select_for_update().get(pk=vacation_id, user=user)
        except (Vacation.DoesNotExist, ValueError, TypeError):
            raise NotFound(gettext("There is no such vacation.")) from None
        if vacation.ends <= now:
            raise Refused(gettext("That vacation is already over."))
        if vacation.starts > now:
            vacation.delete()
        else:
            vacation.end_date, vacation.ends = local_today(user), now
            vacation.save(update_fields=["end_date", "ends"])
        recompute_deadlines(user)
        signals.away_changed.send(sender=Vacation, user=user)


def upcoming(user) -> list[Vacation]:
    """The user's vacations that have not ended, soonest first."""
    return list(Vacation.objects.filter(user=user, ends__gt=timezone.now()).order_by("starts"))


def away_notice(user) -> Vacation | None:
    """The vacation the user is on now, else their next booked one (what opponents are shown)."""
    vacations = upcoming(user)
    return vacations[0] if vacations else None


BOOKED = "vacation_booked"  # the match fact: a player of the match has a vacation that may not be over


def booked(match_ref, viewer_id) -> Exists:
    """Whether either player has a vacation ending after the match last changed (a match fact, one for every
    viewer): when there is none, nobody is away now, as now is later still."""
    players = Q(user=OuterRef("player0")) | Q(user=OuterRef("player1"))
    return Exists(Vacation.objects.filter(players, ends__gt=OuterRef("updated")))
