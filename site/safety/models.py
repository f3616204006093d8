"""Blocks between players, chat mutes, and name keys: rows about accounts only."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone


class Block(models.Model):
    """`blocker` wants nothing more to do with `blocked`: no challenges or chat either way, no chat lines shown."""

    blocker = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks_made")
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks_received")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created"]
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="one_block_per_pair"),
            models.CheckConstraint(condition=~Q(blocker=F("blocked")), name="no_blocking_oneself"),
        ]

    def __str__(self):
        return f"{self.blocker} blocked {self.blocked}"


class ChatMute(models.Model):
    """A moderator keeps `user` out of every chat until `until` (the moderation log says who and why)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes")
    until = models.DateTimeField()
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["user", "until"])]

    def __str__(self):
        return f"{self.user} muted until {self.until:%Y-%m-%d %H:%M}"


class NameKey(models.Model):
    """A username's compared form (see `names.name_key`): names that read alike share a key, a key has one account.

    Missing only for an account whose name already read like an older one's (made before this rule,
    by an admin, or in a race of two sign-ups).
    """

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="name_key")
    key = models.CharField(max_length=150, unique=True)

    def __str__(self):
        return f"{self.user}: {self.key}"
