"""Reports of abuse, and what moderators (or the site's own rules) did to an account."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

REPORT_DETAILS_MAX_LENGTH = 2000
WARNING_MAX_LENGTH = 2000


class Report(models.Model):
    """A player's report of another player (or of one of their chat lines), waiting in the moderators' queue."""

    class Reason(models.TextChoices):
        CHAT = "chat", _("Abusive or unwanted chat")
        NAME = "name", _("Offensive or misleading name")
        PROFILE = "profile", _("Offensive or misleading profile text")
        STALLING = "stalling", _("Stalling: letting the clock run in a lost position")
        SANDBAGGING = "sandbagging", _("Sandbagging or rating manipulation")
        CHEATING = "cheating", _("Cheating: help from a program or another person")
        OTHER = "other", _("Something else")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        ACTED = "acted", _("Action taken")
        DISMISSED = "dismissed", _("Dismissed")

    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made")
    reported = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_received")
    reason = models.CharField(max_length=16, choices=Reason.choices)
    details = models.TextField(max_length=REPORT_DETAILS_MAX_LENGTH, blank=True)
    match = models.ForeignKey("play.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    chat_message = models.ForeignKey(
        "talk.ChatMessage", on_delete=models.SET_NULL, null=True, blank=True, related_name="reports"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN, db_index=True)
    created = models.DateTimeField(default=timezone.now)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        ordering = ["created", "pk"]  # the queue: oldest first

    def __str__(self):
        return f"report #{self.pk}: {self.reported} ({self.get_reason_display()})"


class ModerationAction(models.Model):
    """One thing done to a player's account: by a moderator (from a report or not), or by the site's own rules."""

    class Kind(models.TextChoices):
        WARN = "warn", _("Warning")
        MUTE = "mute", _("Chat muted")
        UNMUTE = "unmute", _("Chat mute lifted")
        CLOSE = "close", _("Account closed")
        ANNUL = "annul", _("Ratings annulled")
        DISMISS = "dismiss", _("Report dismissed")
        MASS_TIMEOUT = "mass_timeout", _("Mass timeout: opponents' ratings kept")
        DECLARE = "declare", _("Result declared")
        LADDER_PLACE = "ladder_place", _("Ladder place adjusted")
        LEAGUE_SERIES = "league_series", _("League series created, changed, paused or resumed")
        SEASON_DRAW = "season_draw", _("Season's division draw stored")
        SEASON_START = "season_start", _("Season started")
        SEASON_POSTPONE = "season_postpone", _("Season postponed")
        SEASON_CLOSE = "season_close", _("Season closed")
        LEAGUE_MOVE = "league_move", _("Player moved to another division")
        LEAGUE_WITHDRAW = "league_withdraw", _("Player withdrawn from a season")
        LEAGUE_REINSTATE = "league_reinstate", _("Player's withdrawal taken back")
        LEAGUE_OVERRIDE = "league_override", _("League result overridden")

    target = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="moderation_actions",
        help_text="Empty: an action on a match (both players), named in `match`.",
    )
    match = models.ForeignKey("play.Match", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Empty: applied by the site's own rules.",
    )
    report = models.ForeignKey(Report, on_delete=models.SET_NULL, null=True, blank=True, related_name="actions")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    message = models.TextField(
        max_length=WARNING_MAX_LENGTH,
        blank=True,
        help_text="Shown to the player (warnings); a declared result's reason.",
    )
    details = models.JSONField(default=dict, blank=True)
    until = models.DateTimeField(null=True, blank=True, help_text="End of a chat mute, as it was decided.")
    seen_at = models.DateTimeField(null=True, blank=True, help_text="When the player acknowledged a warning.")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("moderation action")
        verbose_name_plural = _("moderation actions")
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["target", "kind", "until"])]

    def __str__(self):
        return f"{self.get_kind_display()}: {self.target or f'match #{self.match_id}'}"
