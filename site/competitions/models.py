"""Leagues: a recurring series per game, its seasons, their divisions, who entered and which matches they play.

The arithmetic (pairings, standings, clinch, movement, withdrawals, dates) is in this package's pure modules;
these rows hold only what happened.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.registry import get_game

DEFAULT_DIVISION_SIZE = 8
DEFAULT_VACATION_CAP_DAYS = 14
REASON_MAX_LENGTH = 500
LEAGUE = " league"  # the English ending of a series' name that each language says its own way


class Series(models.Model):
    """A recurring league of one game with fixed options and terms; a new season follows each one that closes."""

    slug = models.SlugField(
        verbose_name=_("slug"), max_length=64, unique=True, help_text=_("In the URL, e.g. offboard or abande-hex.")
    )
    name = models.CharField(
        verbose_name=_("name"),
        max_length=80,
        help_text=_(
            'As players read it, e.g. "Offboard league"; a name ending in " league" is said in the reader\'s '
            'language ("Liga Offboard").'
        ),
    )
    game = models.CharField(verbose_name=_("game"), max_length=32, db_index=True)
    options = models.JSONField(verbose_name=_("options"), default=dict, blank=True)
    time_control = models.JSONField(
        verbose_name=_("clock"), default=dict, blank=True, help_text=_("Clock terms (daymove.clocks.terms).")
    )
    division_size = models.PositiveSmallIntegerField(verbose_name=_("division size"), default=DEFAULT_DIVISION_SIZE)
    double_round_robin = models.BooleanField(
        verbose_name=_("double round robin"),
        default=False,
        help_text=_("Everyone plays everyone twice, seats swapped."),
    )
    vacation_cap_days = models.PositiveSmallIntegerField(
        verbose_name=_("vacation cap (days)"),
        default=DEFAULT_VACATION_CAP_DAYS,
        help_text=_("Vacation days a player may use in this series' games a season."),
    )
    rated = models.BooleanField(verbose_name=_("rated"), default=True)
    bots_allowed = models.BooleanField(verbose_name=_("bots allowed"), default=False)
    paused = models.BooleanField(
        verbose_name=_("paused"), default=False, help_text=_("No new season starts while paused.")
    )
    created = models.DateTimeField(verbose_name=_("created"), default=timezone.now)

    class Meta:
        ordering = ["game", "name"]
        verbose_name = _("series")
        verbose_name_plural = _("series")

    def __str__(self):
        return self.label

    def get_absolute_url(self):
        return reverse("competitions:series", args=[self.slug])

    @property
    def label(self) -> str:
        """The name in the reader's language: "Abande hex league" is "Liga Abande hex" in Polish; a name that does
        not end in " league" is the admins' own, as they wrote it."""
        stem = self.name.removesuffix(LEAGUE)
        if stem == self.name or not stem:
            return self.name
        return gettext("%(name)s league") % {"name": stem}

    @property
    def rules(self):
        """The game's rules object."""
        return get_game(self.game)


class Season(models.Model):
    """One season of a series: open for registration until it starts, then running until it closes."""

    class Status(models.TextChoices):
        OPEN = "open", _("Registration open")
        RUNNING = "running", pgettext_lazy("a season", "Running")
        CLOSED = "closed", pgettext_lazy("a season", "Closed")

    series = models.ForeignKey(Series, verbose_name=_("series"), on_delete=models.PROTECT, related_name="seasons")
    number = models.PositiveIntegerField(verbose_name=_("number"))
    status = models.CharField(
        verbose_name=_("status"), max_length=16, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    starts_at = models.DateTimeField(
        verbose_name=_("starts at"), help_text=_("When the season starts if it has enough entrants by then.")
    )
    started_at = models.DateTimeField(verbose_name=_("started at"), null=True, blank=True)
    closes_by = models.DateTimeField(
        verbose_name=_("closes by"), null=True, blank=True, help_text=_("The latest close: 12 weeks after the start.")
    )
    closed_at = models.DateTimeField(verbose_name=_("closed at"), null=True, blank=True)
    reminded_at = models.DateTimeField(
        verbose_name=_("reminded at"), null=True, blank=True, help_text=_("When the registration reminder went out.")
    )
    waiting_for = models.PositiveSmallIntegerField(
        verbose_name=_("waiting for"),
        null=True,
        blank=True,
        help_text=_("How many more entrants the season was last said to wait for."),
    )

    class Meta:
        ordering = ["series", "-number"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [models.UniqueConstraint(fields=["series", "number"], name="one_season_number_per_series")]

    def __str__(self):
        return gettext("%(league)s, season %(number)s") % {"league": self.series, "number": self.number}

    def get_absolute_url(self):
        return reverse("competitions:season", args=[self.series.slug, self.number])


class Registration(models.Model):
    """A player's standing answer for a series' next season: join every season, join the next only, or skip it."""

    class Mode(models.TextChoices):
        RECURRING = "recurring", _("Every season")
        ONCE = "once", _("Next season only")
        SKIP = "skip", _("Skip next season")

    series = models.ForeignKey(Series, verbose_name=_("series"), on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="league_registrations",
    )
    mode = models.CharField(verbose_name=_("mode"), max_length=16, choices=Mode.choices, default=Mode.RECURRING)
    skipped_season = models.PositiveIntegerField(
        verbose_name=_("skipped season"),
        null=True,
        blank=True,
        help_text=_("The season number skipped: the next draw keeps the division before it."),
    )
    created = models.DateTimeField(verbose_name=_("created"), default=timezone.now)
    updated = models.DateTimeField(verbose_name=_("updated"), default=timezone.now)

    class Meta:
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [models.UniqueConstraint(fields=["series", "player"], name="one_registration_per_series")]

    def __str__(self):
        words = gettext("%(player)s in %(league)s: %(mode)s")
        return words % {"player": self.player, "league": self.series, "mode": self.get_mode_display()}


class Division(models.Model):
    """A round-robin group of a season; level 1 is the top, and a level may hold several divisions."""

    season = models.ForeignKey(Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="divisions")
    level = models.PositiveSmallIntegerField(verbose_name=_("level"))
    number = models.PositiveSmallIntegerField(
        verbose_name=_("number"), default=1, help_text=_("Which division of its level, from 1.")
    )
    index = models.PositiveSmallIntegerField(
        verbose_name=_("order"), help_text=_("Order in the season, from 0 (the top division).")
    )

    class Meta:
        ordering = ["season", "index"]
        verbose_name = _("division")
        verbose_name_plural = _("divisions")
        constraints = [
            models.UniqueConstraint(fields=["season", "index"], name="one_division_per_index"),
        ]

    def __str__(self):
        return gettext("%(season)s, division %(number)s") % {"season": self.season, "number": self.index + 1}

    def get_absolute_url(self):
        return reverse("competitions:division", args=[self.season.series.slug, self.season.number, self.index + 1])


class Entry(models.Model):
    """A player in a season's division: their seed, withdrawal if any, and where the season left them."""

    class Movement(models.TextChoices):
        UP = "up", pgettext_lazy("a player, at a season's close", "Promoted")
        STAY = "stay", pgettext_lazy("a player, at a season's close", "Stays")
        DOWN = "down", pgettext_lazy("a player, at a season's close", "Relegated")

    division = models.ForeignKey(Division, verbose_name=_("division"), on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.PROTECT, related_name="league_entries"
    )
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"), help_text=_("Number in the Berger table, from 1."))
    rating_at_start = models.FloatField(verbose_name=_("rating at the start"))
    provisional = models.BooleanField(verbose_name=_("provisional"), default=False)
    timeouts = models.PositiveSmallIntegerField(verbose_name=_("timeouts"), default=0)
    withdrawn_at = models.DateTimeField(verbose_name=_("withdrawn at"), null=True, blank=True)
    withdrawal_reason = models.CharField(verbose_name=_("withdrawal reason"), max_length=REASON_MAX_LENGTH, blank=True)
    results_struck = models.BooleanField(
        verbose_name=_("results struck"), default=False, help_text=_("Withdrew with under half their games finished.")
    )
    final_place = models.PositiveSmallIntegerField(verbose_name=_("final place"), null=True, blank=True)
    movement = models.CharField(verbose_name=_("movement"), max_length=8, choices=Movement.choices, blank=True)

    class Meta:
        ordering = ["division", "seat"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [models.UniqueConstraint(fields=["division", "player"], name="one_entry_per_division")]

    def __str__(self):
        return gettext("%(player)s in %(division)s") % {"player": self.player, "division": self.division}


class LeagueGame(models.Model):
    """A match of a division's round robin, with the Berger round it belongs to and how the table counts it."""

    class Counted(models.TextChoices):
        RESULT = "result", _("As played")
        FORFEIT = "forfeit", _("Forfeit")
        STRUCK = "struck", _("Struck from the table")

    division = models.ForeignKey(Division, verbose_name=_("division"), on_delete=models.CASCADE, related_name="games")
    match = models.OneToOneField(
        "play.Match", verbose_name=_("match"), on_delete=models.PROTECT, related_name="league_game"
    )
    round = models.PositiveSmallIntegerField(verbose_name=_("round"))
    counted = models.CharField(verbose_name=_("counted"), max_length=8, choices=Counted.choices, default=Counted.RESULT)
    forfeit_winner = models.SmallIntegerField(
        verbose_name=_("forfeit winner"), null=True, blank=True, help_text=_("The seat given a forfeit win.")
    )
    override_note = models.CharField(
        verbose_name=_("override note"),
        max_length=REASON_MAX_LENGTH,
        blank=True,
        help_text=_("The admins' reason for an overridden result."),
    )

    class Meta:
        ordering = ["division", "round", "pk"]
        verbose_name = _("league game")
        verbose_name_plural = _("league games")

    def __str__(self):
        words = gettext("%(division)s, round %(round)s: match #%(match)s")
        return words % {"division": self.division, "round": self.round, "match": self.match_id}
