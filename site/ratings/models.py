"""A player's Glicko-2 rating per game, and the change each rated match made to it."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from daymove.ratings import glicko2


class Rating(models.Model):
    """A player's rating in one game, as it stood after their last rated match (`updated`)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=32)
    rating = models.FloatField(default=glicko2.INITIAL_RATING)
    deviation = models.FloatField(default=glicko2.INITIAL_DEVIATION)
    volatility = models.FloatField(default=glicko2.INITIAL_VOLATILITY)
    games = models.PositiveIntegerField(default=0, help_text="Rated matches played in this game.")
    updated = models.DateTimeField(default=timezone.now, help_text="End of the last rated match.")
    established_until = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When idle time makes the deviation reach 110 again; empty while provisional.",
    )

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="one_rating_per_game")]
        indexes = [models.Index(fields=["game", "established_until", "rating"])]

    def __str__(self):
        return f"{self.user} {self.game} {self.display()}"

    @property
    def glicko(self) -> glicko2.Glicko:
        return glicko2.Glicko(self.rating, self.deviation, self.volatility)

    def current(self, now=None) -> glicko2.Glicko:
        """The rating now: the stored one with the deviation grown by the idle time since `updated`."""
        now = now or timezone.now()
        return glicko2.inflate(self.glicko, (now - self.updated).total_seconds() / 86400)

    def store(self, value: glicko2.Glicko, when) -> None:
        """Set the values after a rated match that ended at `when` (the caller saves)."""
        self.rating, self.deviation, self.volatility = value.rating, value.deviation, value.volatility
        self.updated = when
        days = glicko2.idle_days_until_provisional(value)
        self.established_until = None if days is None else when + timedelta(days=days)

    def display(self, now=None) -> str:
        """The rating as players see it: "1523", or "1500?" while provisional."""
        return display(self.current(now))


def display(value: glicko2.Glicko) -> str:
    """A rating as players see it: rounded, with "?" while provisional."""
    return f"{round(value.rating)}{'?' if value.provisional else ''}"


class RatingChange(models.Model):
    """What one rated match did to one player's rating; exactly one per (match, player)."""

    match = models.ForeignKey("play.Match", on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    game = models.CharField(max_length=32)
    rating_before = models.FloatField()
    deviation_before = models.FloatField(help_text="Including the growth from idle time.")
    volatility_before = models.FloatField()
    rating_after = models.FloatField()
    deviation_after = models.FloatField()
    volatility_after = models.FloatField()
    score = models.FloatField(help_text="1 win, 0.5 draw, 0 loss.")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["created", "pk"]
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="one_rating_change_per_player")]
        indexes = [models.Index(fields=["user", "game", "created"])]

    def __str__(self):
        return f"{self.user} {self.game} {self.delta:+.0f} (match {self.match_id})"

    @property
    def delta(self) -> float:
        return self.rating_after - self.rating_before

    @property
    def delta_display(self) -> str:
        return f"{round(self.rating_after) - round(self.rating_before):+d}"
