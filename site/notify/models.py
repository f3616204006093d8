"""What email each player wants."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from daymove.prepared_sql import Prepared

REMINDER_HOURS = (1, 2, 4, 8, 12, 24, 48, 72)
DEFAULT_REMINDER_HOURS = [24]
# The league emails: each kind is its own choice, a field of EmailPreferences of the same name.
LEAGUE_KINDS = ("league_reminder", "season_started", "season_closed", "season_waiting", "league_withdrawn")
# The ladder emails, likewise.
LADDER_KINDS = ("ladder_challenged", "ladder_passed", "ladder_moved", "ladder_idle")
FIELD_KINDS = LEAGUE_KINDS + LADDER_KINDS


def default_reminder_hours() -> list[int]:
    return list(DEFAULT_REMINDER_HOURS)


class EmailPreferences(models.Model):
    """A player's email choices; a player without a row gets the defaults."""

    class TurnEmails(models.TextChoices):
        EACH = "each", _("An email each time it is my turn")
        DIGEST = "digest", _("One daily digest of the matches waiting for me")
        OFF = "off", _("No turn emails")

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="email_preferences"
    )
    turn_emails = models.CharField(max_length=8, choices=TurnEmails.choices, default=TurnEmails.EACH)
    digest_hour = models.PositiveSmallIntegerField(default=8, help_text=_("Local hour (0–23) of the daily digest."))
    reminders = models.BooleanField(default=True)
    reminder_hours = models.JSONField(
        default=default_reminder_hours, help_text=_("Remind when this many hours are left before a deadline.")
    )
    game_over = models.BooleanField(default=True)
    challenges = models.BooleanField(default=True)
    # Leagues: one choice per kind of league email (each has its own unsubscribe link).
    league_reminder = models.BooleanField(default=True, help_text=_("3 days before a season I registered for starts."))
    season_started = models.BooleanField(default=True, help_text=_("My division, opponents and first deadlines."))
    season_closed = models.BooleanField(default=True, help_text=_("My place, movement and the next start."))
    season_waiting = models.BooleanField(default=True, help_text=_("A season I registered for waits for entrants."))
    league_withdrawn = models.BooleanField(default=True, help_text=_("I was withdrawn from a season, and why."))
    # Ladders: one choice per kind of ladder email.
    ladder_challenged = models.BooleanField(default=True, help_text=_("Someone challenged me on a ladder."))
    ladder_passed = models.BooleanField(default=True, help_text=_("A challenger's win moved me down a place."))
    ladder_moved = models.BooleanField(
        default=True, help_text=_("I dropped for being idle, or was moved by moderators.")
    )
    ladder_idle = models.BooleanField(default=True, help_text=_("A week before I am removed for being idle."))

    class Meta:
        verbose_name = _("email preferences")
        verbose_name_plural = _("email preferences")
        indexes = [models.Index(fields=["turn_emails", "digest_hour"])]

    def __str__(self):
        return f"email preferences of {self.user}"

    def wants(self, kind: str) -> bool:
        """Whether this kind of email is on."""
        if kind in FIELD_KINDS:
            return getattr(self, kind)
        return {
            "your_turn": self.turn_emails == self.TurnEmails.EACH,
            "digest": self.turn_emails == self.TurnEmails.DIGEST,
            "reminder": self.reminders,
            "game_over": self.game_over,
            "challenge": self.challenges,
        }.get(kind, False)

    def turn_off(self, kind: str) -> None:
        """Stop this kind of email (not saved); turning off turn emails or the digest stops both."""
        if kind in ("your_turn", "digest"):
            self.turn_emails = self.TurnEmails.OFF
        elif kind == "reminder":
            self.reminders = False
        elif kind == "game_over":
            self.game_over = False
        elif kind == "challenge":
            self.challenges = False
        elif kind in FIELD_KINDS:
            setattr(self, kind, False)


def preferences_of(user) -> EmailPreferences:
    """The user's saved preferences, or (unsaved) the defaults; read once per user object."""
    # Kept on the user object as its reverse one-to-one keeps what it read (a row or its absence): a move asks twice
    # (its reminders, its turn email) of the same match.players user, and pays one query, whose SQL is built once.
    cache = EmailPreferences.user.field.remote_field
    if cache.is_cached(user):
        found = cache.get_cached_value(user)
    else:
        found = _PREFERENCES.first(user.pk)
        if found is not None:
            found.user = user  # (and so onto the user object)
    return found if found is not None else EmailPreferences(user=user)  # (this too is kept on the user object)


_PREFERENCES = Prepared(lambda user_id: EmailPreferences.objects.filter(user_id=user_id))


class SeenPosition(models.Model):
    """The newest ply of a match that the player's match page has shown them: a turn email waits for it."""

    match = models.ForeignKey("play.Match", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    ply = models.IntegerField(help_text=_("The match's ply when the page last showed its current position."))

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="one_seen_position_per_player")]

    def __str__(self):
        return f"{self.user} saw match {self.match_id} at ply {self.ply}"


class DeclinedOffer(models.Model):
    """A player's draw offer that their opponent declined, at this ply: their match page says so until they move."""

    match = models.ForeignKey("play.Match", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    ply = models.IntegerField(help_text=_("The match's ply when the offer was declined."))

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="one_declined_offer_per_player")]

    def __str__(self):
        return f"{self.user}'s draw offer in match {self.match_id} declined at ply {self.ply}"
