"""Ladders: one standing ladder per game and options, who stands on which rung, its games and what moved.

The arithmetic (reach, refusals, movement, idle decay, strikes) is in `arithmetic`; these rows hold only what
happened. Places on a ladder are always a permutation of 1..N: every change rewrites them under a lock on the
ladder row (see `daymove.ladders.places`).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from daymove.ladders import naming
from games.registry import get_game

# The ladder clock: a bank of 3 days, a day added each move, never more than 7 (daymove.clocks.terms).
DEFAULT_TIME_CONTROL = {"kind": "bank", "initial": 3, "increment": 1, "cap": 7}
NOTE_MAX_LENGTH = 500


def default_time_control() -> dict:
    """A fresh copy of the ladder clock preset."""
    return dict(DEFAULT_TIME_CONTROL)


class Ladder(models.Model):
    """A standing ladder of one game with fixed options (Abande's square and hex boards are two ladders)."""

    slug = models.SlugField(
        verbose_name=_("slug"), max_length=64, unique=True, help_text=_("In the URL, e.g. offboard or abande-hex.")
    )
    name = models.CharField(
        verbose_name=_("name"),
        max_length=80,
        help_text=_(
            'As players read it, e.g. "Offboard ladder" (left as made, it is shown in each reader\'s language).'
        ),
    )
    game = models.CharField(verbose_name=_("game"), max_length=32, db_index=True)
    options = models.JSONField(verbose_name=_("options"), default=dict, blank=True)
    time_control = models.JSONField(
        verbose_name=_("clock"), default=default_time_control, help_text=_("Clock terms (daymove.clocks.terms).")
    )
    active = models.BooleanField(
        verbose_name=_("active"), default=True, help_text=_("Open to new challenges; an inactive ladder is only shown.")
    )
    created = models.DateTimeField(verbose_name=_("created"), default=timezone.now)

    class Meta:
        verbose_name = _("ladder")
        verbose_name_plural = _("ladders")
        ordering = ["game", "name"]

    def __str__(self):
        return self.title

    def get_absolute_url(self):
        return reverse("ladders:ladder", args=[self.slug])

    @property
    def title(self) -> str:
        """Its name on its own (a heading, a list) in the active language, e.g. "Abrana ladder"."""
        return naming.title(self.rules, self.options, self.name)

    @property
    def in_sentence(self) -> str:
        """Its name as a sentence says it ("on the …"), in the active language."""
        return naming.in_sentence(self.rules, self.options, self.name)

    @property
    def rules(self):
        """The game's rules object."""
        return get_game(self.game)


class Rung(models.Model):
    """A player's place on a ladder, from 1 (the top); the idle clock counts from `last_ended_at`."""

    ladder = models.ForeignKey(Ladder, verbose_name=_("ladder"), on_delete=models.CASCADE, related_name="rungs")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE, related_name="ladder_rungs"
    )
    place = models.PositiveIntegerField(verbose_name=_("place"))
    joined_at = models.DateTimeField(verbose_name=_("joined"), default=timezone.now)
    last_ended_at = models.DateTimeField(
        verbose_name=_("last game ended"),
        default=timezone.now,
        help_text=_("When the player's last ladder game ended (or when they joined)."),
    )
    idle_drops = models.PositiveSmallIntegerField(
        verbose_name=_("idle drops"),
        default=0,
        help_text=_("Idle months already applied since the last game (each one a drop)."),
    )
    warned_at = models.DateTimeField(
        verbose_name=_("warned"), null=True, blank=True, help_text=_("When the idle warning went out, once.")
    )

    class Meta:
        verbose_name = _("place on a ladder")
        verbose_name_plural = _("places on ladders")
        ordering = ["ladder", "place"]
        constraints = [
            models.UniqueConstraint(fields=["ladder", "player"], name="one_rung_per_player"),
            models.UniqueConstraint(fields=["ladder", "place"], name="one_player_per_place"),
        ]

    def __str__(self):
        return gettext("%(player)s on the %(ladder)s, place %(place)s") % {
            "player": self.player,
            "ladder": self.ladder.in_sentence,
            "place": self.place,
        }


class LadderGame(models.Model):
    """A match played as a ladder challenge: who challenged whom, and what its ending did to the ladder."""

    class Outcome(models.TextChoices):
        PENDING = "", _("Being played")
        PASSED = "passed", _("The challenger won and took the defender's place")
        WON_NO_MOVE = "won", _("The challenger won but was no longer below the defender")
        HELD = "held", _("The defender held their place")
        DRAWN = "drawn", _("Drawn: no place changed")
        NO_MOVE = "no-move", _("Ended before both sides moved: no place changed")
        VOID = "void", _("Annulled: no place changed")
        LEFT = "left", _("A player left the ladder: played on as an ordinary rated game")

    ladder = models.ForeignKey(Ladder, verbose_name=_("ladder"), on_delete=models.CASCADE, related_name="games")
    match = models.OneToOneField(
        "play.Match", verbose_name=_("match"), on_delete=models.CASCADE, related_name="ladder_game"
    )
    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("challenger"), on_delete=models.CASCADE, related_name="+"
    )
    defender = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("defender"), on_delete=models.CASCADE, related_name="+"
    )
    created = models.DateTimeField(verbose_name=_("started"), default=timezone.now)
    ended_at = models.DateTimeField(
        verbose_name=_("ended"), null=True, blank=True, help_text=_("Empty while it counts as open on the ladder.")
    )
    applied_at = models.DateTimeField(
        verbose_name=_("applied"), null=True, blank=True, help_text=_("When its result was applied to the places.")
    )
    outcome = models.CharField(
        verbose_name=_("outcome"), max_length=16, choices=Outcome.choices, default=Outcome.PENDING, blank=True
    )
    note = models.CharField(verbose_name=_("note"), max_length=NOTE_MAX_LENGTH, blank=True)

    class Meta:
        verbose_name = _("ladder game")
        verbose_name_plural = _("ladder games")
        ordering = ["-created"]
        indexes = [
            models.Index(fields=["ladder", "ended_at"]),
            models.Index(fields=["challenger", "ended_at"]),
            models.Index(fields=["defender", "ended_at"]),
        ]

    def __str__(self):
        return gettext("%(challenger)s challenged %(defender)s on the %(ladder)s") % {
            "challenger": self.challenger,
            "defender": self.defender,
            "ladder": self.ladder.in_sentence,
        }

    @property
    def is_open(self) -> bool:
        return self.ended_at is None


# What the site says of a change it made (PlaceChange.said's codes, each with its "days"): idle that long (dropped or
# removed), or two games ended before moving or two timeouts within that many days (removed).
IDLE = "idle"
STRUCK_OUT = "struck-out"


class PlaceChange(models.Model):
    """One line of a player's position history on a ladder."""

    class Reason(models.TextChoices):
        JOINED = "joined", _("Joined")
        WON = "won", _("Won a challenge")
        PASSED = "passed", _("Passed by a challenger")
        DECAYED = "decayed", _("Idle")
        REMOVED = "removed", _("Removed")
        LEFT = "left", _("Left")
        ADJUSTED = "adjusted", _("Adjusted by a moderator")
        MOVED_UP = "moved-up", _("Moved up: someone above dropped or left")

    ladder = models.ForeignKey(Ladder, verbose_name=_("ladder"), on_delete=models.CASCADE, related_name="place_changes")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="ladder_place_changes",
    )
    from_place = models.PositiveIntegerField(
        verbose_name=_("from place"), null=True, blank=True, help_text=_("Empty when joining.")
    )
    to_place = models.PositiveIntegerField(
        verbose_name=_("to place"), null=True, blank=True, help_text=_("Empty when leaving or removed.")
    )
    reason = models.CharField(verbose_name=_("reason"), max_length=16, choices=Reason.choices)
    match = models.ForeignKey(
        "play.Match", verbose_name=_("game"), on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    note = models.CharField(
        verbose_name=_("moderator's reason"),
        max_length=NOTE_MAX_LENGTH,
        blank=True,
        help_text=_("A moderator's reason, as written."),
    )
    said = models.JSONField(
        verbose_name=_("said by the site"),
        default=dict,
        blank=True,
        help_text=_("Why the site moved the player: a code and its numbers (see `why`)."),
    )
    at = models.DateTimeField(verbose_name=_("when"), default=timezone.now)

    class Meta:
        verbose_name = _("place change")
        verbose_name_plural = _("place changes")
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["ladder", "player", "at"]), models.Index(fields=["ladder", "at"])]

    def __str__(self):
        return gettext("%(player)s on the %(ladder)s: %(from)s → %(to)s (%(reason)s)") % {
            "player": self.player,
            "ladder": self.ladder.in_sentence,
            "from": self.from_place or "–",
            "to": self.to_place or "–",
            "reason": self.get_reason_display(),
        }

    @property
    def why(self) -> str:
        """What the site says of this change beyond its reason, in the active language; else the moderator's note."""
        if not self.said:
            return self.note
        days = self.said["days"]
        if self.said["code"] == STRUCK_OUT:
            return gettext("two games ended before they moved, or two timeouts, within %(days)s days") % {"days": days}
        return ngettext("no ladder game ended in %(days)s day", "no ladder game ended in %(days)s days", days) % {
            "days": days
        }


class Mark(models.Model):
    """A strike on a ladder: a game ended before the player moved, or a timeout; 2 of a kind in 30 days remove."""

    class Kind(models.TextChoices):
        NO_MOVE = "no-move", _("Game ended before they moved")
        TIMEOUT = "timeout", _("Lost on time")

    ladder = models.ForeignKey(Ladder, verbose_name=_("ladder"), on_delete=models.CASCADE, related_name="marks")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE, related_name="ladder_marks"
    )
    kind = models.CharField(verbose_name=_("kind"), max_length=16, choices=Kind.choices)
    match = models.ForeignKey(
        "play.Match", verbose_name=_("game"), on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(verbose_name=_("when"), default=timezone.now)

    class Meta:
        verbose_name = _("ladder mark")
        verbose_name_plural = _("ladder marks")
        ordering = ["-at"]
        indexes = [models.Index(fields=["ladder", "player", "at"])]
        constraints = [models.UniqueConstraint(fields=["match", "player"], name="one_mark_per_match_and_player")]

    def __str__(self):
        return gettext("%(kind)s: %(player)s on the %(ladder)s") % {
            "kind": self.get_kind_display(),
            "player": self.player,
            "ladder": self.ladder.in_sentence,
        }
