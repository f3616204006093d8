"""What talk does when a player leaves (players' signal)."""

from __future__ import annotations

from django.dispatch import receiver

from daymove.players.signals import account_closing
from daymove.talk.models import ChatMessage, PrivateNote


@receiver(account_closing)
def forget_player(sender, user, **kwargs) -> None:
    """A leaving player's chat lines are emptied (the other side's stay readable) and their notes go."""
    ChatMessage.objects.filter(author=user).update(text="")
    PrivateNote.objects.filter(user=user).delete()
