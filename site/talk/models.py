"""Chat messages between a match's players, and private notes (one per player per match)."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

CHAT_MAX_LENGTH = 500
NOTE_MAX_LENGTH = 5000


class ChatMessage(models.Model):
    """One line of chat in a match; a moderator may hide it, a deleted account empties it."""

    match = models.ForeignKey("play.Match", on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages")
    text = models.CharField(max_length=CHAT_MAX_LENGTH)
    hidden = models.BooleanField(default=False, help_text="Hidden by a moderator: players see a placeholder.")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["created", "pk"]
        indexes = [models.Index(fields=["match", "created"])]

    def __str__(self):
        return f"{self.author} in match {self.match_id}: {self.text[:40]}"


class PrivateNote(models.Model):
    """A player's own notes on a match, shown to nobody else (not even the admin)."""

    match = models.ForeignKey("play.Match", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(max_length=NOTE_MAX_LENGTH, blank=True)
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="one_note_per_player_per_match")]

    def __str__(self):
        return f"note by {self.user_id} on match {self.match_id}"
