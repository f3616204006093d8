"""Challenges, matches and moves. A match's position is a cache of its moves (see `replaycheck`)."""

from __future__ import annotations

from functools import cached_property

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from daymove.play.wording import said
from daymove.prepared_sql import Prepared
from games.registry import get_game

RESULT_NOTE_MAX_LENGTH = 500  # a moderator's reason for a declared result


class Challenge(models.Model):
    """An invitation to play: open to anyone, or to one named player."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        CANCELLED = "cancelled", "Cancelled"

    game = models.CharField(max_length=32, db_index=True)
    options = models.JSONField(default=dict, blank=True)
    creator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_made")
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="challenges_received",
        help_text="Empty for an open challenge.",
    )
    creator_seat = models.SmallIntegerField(null=True, blank=True, help_text="Empty: drawn at random.")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN, db_index=True)
    rated = models.BooleanField(default=True, help_text="The match changes both players' ratings.")
    match = models.OneToOneField("Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="challenge")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("challenge")
        verbose_name_plural = _("challenges")
        ordering = ["-created"]
        indexes = [
            # The lobby's page of open challenges, newest first: read in order and stopped after a page, however
            # many there are.
            models.Index(
                fields=["-created"], condition=models.Q(status="open", opponent__isnull=True), name="open_to_all_newest"
            ),
        ]

    def __str__(self):
        return f"{self.game} challenge by {self.creator}"

    @property
    def rules(self):
        """The game's rules object."""
        return get_game(self.game)


class MatchQuerySet(models.QuerySet):
    """The questions asked of matches all over the site: whose they are, which still run, whose move they wait for."""

    def involving(self, user):
        """The matches `user` plays in, in either seat."""
        return self.filter(Q(player0=user) | Q(player1=user))

    def active(self):
        """The matches still being played."""
        return self.filter(status=Match.Status.ACTIVE)

    def waiting_for(self, user):
        """The active matches in which `user` is to move."""
        return self.active().filter(Q(player0=user, to_move=0) | Q(player1=user, to_move=1))


class Match(models.Model):
    """One game between two players; `state` caches the position after `ply` moves."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("In progress")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    game = models.CharField(verbose_name=_("game"), max_length=32, db_index=True)
    options = models.JSONField(verbose_name=_("options"), default=dict, blank=True)
    status = models.CharField(
        verbose_name=_("status"), max_length=16, choices=Status.choices, default=Status.ACTIVE, db_index=True
    )
    player0 = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("first player"), on_delete=models.PROTECT, related_name="+"
    )
    player1 = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("second player"), on_delete=models.PROTECT, related_name="+"
    )
    ply = models.PositiveIntegerField(verbose_name=_("ply"), default=0)
    to_move = models.SmallIntegerField(
        verbose_name=_("seat to move"), null=True, blank=True, help_text=_("Seat to move; empty when over.")
    )
    state = models.JSONField(
        verbose_name=_("state"), help_text=_("Cached position (the rules' JSON); hidden information inside.")
    )
    winner = models.SmallIntegerField(
        verbose_name=_("winner"), null=True, blank=True, help_text=_("Winning seat; empty for a draw.")
    )
    scores = models.JSONField(verbose_name=_("scores"), null=True, blank=True)
    result_reason = models.CharField(verbose_name=_("how it ended"), max_length=32, blank=True)
    result_note = models.CharField(
        verbose_name=_("reason for a declared result"),
        max_length=RESULT_NOTE_MAX_LENGTH,
        blank=True,
        help_text=_("The moderators' reason for a declared result."),
    )
    rated = models.BooleanField(
        verbose_name=_("rated"), default=True, help_text=_("The result changes both players' ratings.")
    )
    draw_offer_seat = models.SmallIntegerField(
        verbose_name=_("seat offering a draw"),
        null=True,
        blank=True,
        help_text=_("Seat offering a draw; the offer lapses when the other seat moves."),
    )
    created = models.DateTimeField(verbose_name=_("created"), default=timezone.now)
    updated = models.DateTimeField(verbose_name=_("updated"), default=timezone.now)
    finished_at = models.DateTimeField(verbose_name=_("finished"), null=True, blank=True)

    objects = MatchQuerySet.as_manager()

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        ordering = ["-updated"]
        indexes = [
            models.Index(fields=["status", "to_move"]),
            # The archives (daymove.web.archive) read a page in start order from (created, id) keys: the site's,
            # one game's, one player's from either seat (read one seat at a time), and by length.
            models.Index(fields=["-created", "-id"], name="match_newest"),
            models.Index(fields=["game", "-created", "-id"], name="match_game_newest"),
            models.Index(fields=["player0", "-created", "-id"], name="match_seat0_newest"),
            models.Index(fields=["player1", "-created", "-id"], name="match_seat1_newest"),
            models.Index(fields=["-ply", "-id"], name="match_longest"),
            # The watch page: games in progress, latest move first.
            models.Index(fields=["-updated", "-id"], condition=Q(status="active"), name="running_latest_move"),
        ]

    def __str__(self):
        return f"#{self.pk} {self.game}: {self.player0} v {self.player1}"

    def get_absolute_url(self):
        return reverse("match", args=[self.pk])

    @cached_property
    def rules(self):
        """The game's rules object."""
        return get_game(self.game)

    @property
    def players(self):
        """The two users, by seat."""
        return (self.player0, self.player1)

    def seat_of(self, user) -> int | None:
        """The seat `user` plays in this match, or None."""
        if user is None or not user.is_authenticated:
            return None
        if user.pk == self.player0_id:
            return 0
        if user.pk == self.player1_id:
            return 1
        return None

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    def position(self):
        """The cached position as a rules state."""
        return self.rules.from_json(self.state)

    def notations(self) -> list[str]:
        """The moves in full notation, in order (secret in hidden-information games: never shown as such)."""
        return [row["notation"] for row in _NOTATIONS.values(self.pk)]

    def history_for(self, seat: int | None, notations: list[str]) -> list[str]:
        """The move list as `seat` may read it: redacted while the match runs, whole once it has ended."""
        if not self.is_active:
            return list(notations)
        return self.rules.visibility.history_for(self.position(), seat, notations)

    def outcome_json(self) -> dict | None:
        """How the match ended, as the rules' outcomes are written (None while it runs)."""
        if self.is_active:
            return None
        return {"winner": self.winner, "scores": self.scores, "reason": self.result_reason}

    def result_text(self) -> str:
        """How the match ended in a sentence, e.g. "alice won: bob's last piece was captured (2 pieces to 0)"."""
        if self.is_active:
            return ""
        names = (self.player0.username, self.player1.username)
        # Only an abort on time names whose turn it was (the one who never moved): read the position just then.
        mover = self.rules.current_player(self.position()) if self.result_reason == "aborted" else None
        return said(self.rules.result_message(self.outcome_json(), names, mover=mover))


class Move(models.Model):
    """The move played at `ply` (taking the match from ply to ply + 1); one per ply, ever."""

    match = models.ForeignKey(Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField(verbose_name=_("ply"))
    seat = models.SmallIntegerField(verbose_name=_("seat"))
    notation = models.CharField(
        verbose_name=_("notation"), max_length=64, help_text=_("Full notation; secret in hidden-information games.")
    )
    created = models.DateTimeField(verbose_name=_("created"), default=timezone.now)

    class Meta:
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        ordering = ["match", "ply"]
        constraints = [models.UniqueConstraint(fields=["match", "ply"], name="one_move_per_ply")]

    def __str__(self):
        return f"{self.match_id}/{self.ply}"


# Read by every board drawn afresh and every move: its SQL built once per process (daymove.prepared_sql).
_NOTATIONS = Prepared(lambda match_id: Move.objects.filter(match_id=match_id).order_by("ply").values("notation"))
