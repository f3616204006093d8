"""Time controls, each player's deadline, vacations and the private calendar feed."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

DAY = timedelta(days=1)


def days_per_move(days: int) -> str:
    """ "1 day per move", "3 days per move", in the active language."""
    return ngettext("%(days)s day per move", "%(days)s days per move", days) % {"days": days}


# For choices made once at import and shown in each request's language.
days_per_move_lazy = lazy(days_per_move, str)


class TimeControl(models.Model):
    """The terms of a clock: a fixed number of days per move, or a time bank with an increment."""

    class Kind(models.TextChoices):
        PER_MOVE = "per_move", "Days per move"
        BANK = "bank", "Time bank"

    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.PER_MOVE)
    days_per_move = models.PositiveSmallIntegerField(default=3)
    bank_initial_days = models.PositiveSmallIntegerField(default=0)
    bank_increment_days = models.PositiveSmallIntegerField(default=0)
    bank_cap_days = models.PositiveSmallIntegerField(default=0)

    class Meta:
        abstract = True

    def __str__(self):
        if self.kind == self.Kind.BANK:
            return gettext("time bank: %(initial)s days, +%(increment)s a move, at most %(cap)s") % {
                "initial": self.bank_initial_days,
                "increment": self.bank_increment_days,
                "cap": self.bank_cap_days,
            }
        return days_per_move(self.days_per_move)

    def terms(self) -> dict:
        """The terms as a plain dict (see `daymove.clocks.terms`)."""
        if self.kind == self.Kind.BANK:
            return {
                "kind": self.kind,
                "initial": self.bank_initial_days,
                "increment": self.bank_increment_days,
                "cap": self.bank_cap_days,
            }
        return {"kind": self.kind, "days": self.days_per_move}


class ChallengeClock(TimeControl):
    """The time control a challenge offers."""

    challenge = models.OneToOneField("play.Challenge", on_delete=models.CASCADE, primary_key=True, related_name="clock")


class MatchClock(TimeControl):
    """A match's clock. Only the player to move has a running deadline; the other's is empty."""

    match = models.OneToOneField("play.Match", on_delete=models.CASCADE, primary_key=True, related_name="clock")
    running_seat = models.SmallIntegerField(null=True, blank=True, help_text="Whose clock runs; empty when over.")
    turn_started = models.DateTimeField(default=timezone.now)
    # Time bank left to each seat at the start of its turn (time banks only).
    bank0 = models.DurationField(null=True, blank=True)
    bank1 = models.DurationField(null=True, blank=True)
    # Vacation is included: a deadline is moved on by every booked day away inside it. Bots have none.
    deadline0 = models.DateTimeField(null=True, blank=True, db_index=True)
    deadline1 = models.DateTimeField(null=True, blank=True, db_index=True)

    class Meta:
        verbose_name = _("match clock")
        verbose_name_plural = _("match clocks")

    def deadline_of(self, seat: int | None):
        """The deadline of `seat` (None when its clock does not run)."""
        return {0: self.deadline0, 1: self.deadline1}.get(seat)

    @property
    def due(self):
        """The running deadline: at most one seat has one, the seat to move."""
        return self.deadline0 or self.deadline1

    def bank_of(self, seat: int) -> timedelta | None:
        return self.bank0 if seat == 0 else self.bank1

    def budget(self, seat: int) -> timedelta:
        """The running time `seat` has for its current turn."""
        if self.kind == self.Kind.BANK:
            return self.bank_of(seat) or timedelta(0)
        return self.days_per_move * DAY


class Vacation(models.Model):
    """Days away: the player's clocks stop from `starts` to `ends` (dates are the player's own, inclusive)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    start_date = models.DateField()
    end_date = models.DateField()
    starts = models.DateTimeField()
    ends = models.DateTimeField()
    # Started by an out-of-office reply to a turn email (daymove.inbound), not booked by the player.
    auto_reply = models.BooleanField(default=False)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("vacation")
        verbose_name_plural = _("vacations")
        ordering = ["starts"]
        indexes = [models.Index(fields=["user", "ends"])]

    def __str__(self):
        return f"{self.user} away {self.start_date}–{self.end_date}"

    @property
    def days(self) -> int:
        return (self.end_date - self.start_date).days + 1


class CalendarFeed(models.Model):
    """The secret token of a player's iCalendar feed of deadlines; regenerate it to revoke the old URL."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="calendar_feed")
    token = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("calendar feed")
        verbose_name_plural = _("calendar feeds")

    def __str__(self):
        return f"calendar of {self.user}"
