"""Analysis trees and conditional plans: private to their owner (see `access` and the leak tests).

Both keep a tree of moves as JSON, a list of nodes {"m": move, "c": [children]} with the main line
first (`trees`). Moves of the owner are in full notation; moves of the opponent as the owner reads
them (for hidden-information games, `Visibility.seen_move`), so nothing the owner cannot know is stored.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from daymove.plans import notes
from daymove.play.models import Match


class AnalysisTree(models.Model):
    """One person's analysis of a match from the position after `root_ply` moves."""

    match = models.ForeignKey(Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="+")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("owner"), on_delete=models.CASCADE, related_name="+"
    )
    root_ply = models.PositiveIntegerField(verbose_name=_("from ply"))
    tree = models.JSONField(verbose_name=_("tree"), default=list, blank=True)
    published = models.BooleanField(
        verbose_name=_("published"), default=False, help_text=_("Shown to everyone once the match has ended.")
    )
    updated = models.DateTimeField(verbose_name=_("updated"), default=timezone.now)

    class Meta:
        verbose_name = _("analysis tree")
        verbose_name_plural = _("analysis trees")
        ordering = ["match", "owner", "root_ply"]
        constraints = [
            models.UniqueConstraint(fields=["match", "owner", "root_ply"], name="one_analysis_per_root"),
        ]

    def __str__(self):
        return gettext("analysis of #%(match)s from ply %(ply)s") % {"match": self.match_id, "ply": self.root_ply}


class ConditionalPlan(models.Model):
    """A player's planned replies in a match: expected opponent move -> reply -> expected move -> ...

    `tree` starts at the position after `ply` moves, where the opponent is to move; its top nodes are
    the moves the owner expects, each with one child, the reply. `version` goes up with every change
    (the owner's edits and the replies played), so a change based on an old version is refused.
    """

    class Status(models.TextChoices):
        ACTIVE = "active", _("Waiting for the opponent's move")
        DONE = "done", _("Played to its end")
        DROPPED = "dropped", _("Dropped")
        CANCELLED = "cancelled", _("Cancelled")

    match = models.ForeignKey(Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="+")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("owner"), on_delete=models.CASCADE, related_name="+"
    )
    ply = models.PositiveIntegerField(verbose_name=_("ply"))
    tree = models.JSONField(verbose_name=_("tree"), default=list, blank=True)
    status = models.CharField(verbose_name=_("status"), max_length=16, choices=Status.choices, default=Status.ACTIVE)
    version = models.PositiveIntegerField(verbose_name=_("version"), default=0)
    said = models.JSONField(
        verbose_name=_("said"),
        default=dict,
        blank=True,
        help_text=_("What happened last, for the owner: a code and its parameters (plans.notes)."),
    )
    old_note = models.CharField(
        verbose_name=_("old note"),
        max_length=300,
        blank=True,
        help_text=_("What happened last, in English, on a plan last changed before `said`."),
    )
    updated = models.DateTimeField(verbose_name=_("updated"), default=timezone.now)

    class Meta:
        verbose_name = _("conditional plan")
        verbose_name_plural = _("conditional plans")
        constraints = [models.UniqueConstraint(fields=["match", "owner"], name="one_plan_per_player")]

    def __str__(self):
        return gettext("plan in #%(match)s (%(status)s)") % {
            "match": self.match_id,
            "status": self.get_status_display(),
        }

    @property
    def note(self) -> str:
        """What happened last, in the active language."""
        return notes.said(self.said) if self.said else self.old_note

    @property
    def note_code(self) -> str:
        """What happened last, as a code ("saved", "unexpected", ...); "" for an old plan's note."""
        return self.said.get("code", "")

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE
