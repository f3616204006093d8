"""Leagues: a recurring series per game, its seasons, their divisions, who entered and which matches they play.

The arithmetic (pairings, standings, clinch, movement, withdrawals, dates) is in this package's pure modules;
these rows hold only what happened.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone

from games.registry import get_game

DEFAULT_DIVISION_SIZE = 8
DEFAULT_VACATION_CAP_DAYS = 14
REASON_MAX_LENGTH = 500


class Series(models.Model):
    """A recurring league of one game with fixed options and terms; a new season follows each one that closes."""

    slug = models.SlugField(max_length=64, unique=True, help_text="In the URL, e.g. offboard or abande-hex.")
    name = models.CharField(max_length=80, help_text='As players read it, e.g. "Offboard league".')
    game = models.CharField(max_length=32, db_index=True)
    options = models.JSONField(default=dict, blank=True)
    time_control = models.JSONField(default=dict, blank=True, help_text="Clock terms (daymove.clocks.terms).")
    division_size = models.PositiveSmallIntegerField(default=DEFAULT_DIVISION_SIZE)
    double_round_robin = models.BooleanField(default=False, help_text="Everyone plays everyone twice, seats swapped.")
    vacation_cap_days = models.PositiveSmallIntegerField(
        default=DEFAULT_VACATION_CAP_DAYS, help_text="Vacation days a player may use in this series' games a season."
    )
    rated = models.BooleanField(default=True)
    bots_allowed = models.BooleanField(default=False)
    paused = models.BooleanField(default=False, help_text="No new season starts while paused.")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "name"]
        verbose_name_plural = "series"

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("competitions:series", args=[self.slug])

    @property
    def rules(self):
        """The game's rules object."""
        return get_game(self.game)


class Season(models.Model):
    """One season of a series: open for registration until it starts, then running until it closes."""

    class Status(models.TextChoices):
        OPEN = "open", "Registration open"
        RUNNING = "running", "Running"
        CLOSED = "closed", "Closed"

    series = models.ForeignKey(Series, on_delete=models.PROTECT, related_name="seasons")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN, db_index=True)
    starts_at = models.DateTimeField(help_text="When the season starts if it has enough entrants by then.")
    started_at = models.DateTimeField(null=True, blank=True)
    closes_by = models.DateTimeField(null=True, blank=True, help_text="The latest close: 12 weeks after the start.")
    closed_at = models.DateTimeField(null=True, blank=True)
    reminded_at = models.DateTimeField(null=True, blank=True, help_text="When the registration reminder went out.")
    waiting_for = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="How many more entrants the season was last said to wait for."
    )

    class Meta:
        ordering = ["series", "-number"]
        constraints = [models.UniqueConstraint(fields=["series", "number"], name="one_season_number_per_series")]

    def __str__(self):
        return f"{self.series}, season {self.number}"

    def get_absolute_url(self):
        return reverse("competitions:season", args=[self.series.slug, self.number])


class Registration(models.Model):
    """A player's standing answer for a series' next season: join every season, join the next only, or skip it."""

    class Mode(models.TextChoices):
        RECURRING = "recurring", "Every season"
        ONCE = "once", "Next season only"
        SKIP = "skip", "Skip next season"

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_registrations")
    mode = models.CharField(max_length=16, choices=Mode.choices, default=Mode.RECURRING)
    skipped_season = models.PositiveIntegerField(
        null=True, blank=True, help_text="The season number skipped: the next draw keeps the division before it."
    )
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["series", "player"], name="one_registration_per_series")]

    def __str__(self):
        return f"{self.player} in {self.series}: {self.get_mode_display()}"


class Division(models.Model):
    """A round-robin group of a season; level 1 is the top, and a level may hold several divisions."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="divisions")
    level = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField(default=1, help_text="Which division of its level, from 1.")
    index = models.PositiveSmallIntegerField(help_text="Order in the season, from 0 (the top division).")

    class Meta:
        ordering = ["season", "index"]
        constraints = [
            models.UniqueConstraint(fields=["season", "index"], name="one_division_per_index"),
        ]

    def __str__(self):
        return f"{self.season}, division {self.index + 1}"

    def get_absolute_url(self):
        return reverse("competitions:division", args=[self.season.series.slug, self.season.number, self.index + 1])


class Entry(models.Model):
    """A player in a season's division: their seed, withdrawal if any, and where the season left them."""

    class Movement(models.TextChoices):
        UP = "up", "Promoted"
        STAY = "stay", "Stays"
        DOWN = "down", "Relegated"

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="league_entries")
    seat = models.PositiveSmallIntegerField(help_text="Number in the Berger table, from 1.")
    rating_at_start = models.FloatField()
    provisional = models.BooleanField(default=False)
    timeouts = models.PositiveSmallIntegerField(default=0)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawal_reason = models.CharField(max_length=REASON_MAX_LENGTH, blank=True)
    results_struck = models.BooleanField(default=False, help_text="Withdrew with under half their games finished.")
    final_place = models.PositiveSmallIntegerField(null=True, blank=True)
    movement = models.CharField(max_length=8, choices=Movement.choices, blank=True)

    class Meta:
        ordering = ["division", "seat"]
        verbose_name_plural = "entries"
        constraints = [models.UniqueConstraint(fields=["division", "player"], name="one_entry_per_division")]

    def __str__(self):
        return f"{self.player} in {self.division}"


class LeagueGame(models.Model):
    """A match of a division's round robin, with the Berger round it belongs to and how the table counts it."""

    class Counted(models.TextChoices):
        RESULT = "result", "As played"
        FORFEIT = "forfeit", "Forfeit"
        STRUCK = "struck", "Struck from the table"

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="games")
    match = models.OneToOneField("play.Match", on_delete=models.PROTECT, related_name="league_game")
    round = models.PositiveSmallIntegerField()
    counted = models.CharField(max_length=8, choices=Counted.choices, default=Counted.RESULT)
    forfeit_winner = models.SmallIntegerField(null=True, blank=True, help_text="The seat given a forfeit win.")
    override_note = models.CharField(
        max_length=REASON_MAX_LENGTH, blank=True, help_text="The admins' reason for an overridden result."
    )

    class Meta:
        ordering = ["division", "round", "pk"]

    def __str__(self):
        return f"{self.division}, round {self.round}: match #{self.match_id}"
