"""What safety does when an account is deleted (players' signal)."""

from __future__ import annotations

from django.db.models import Q
from django.dispatch import receiver

from daymove.players.signals import account_closing
from daymove.safety.models import Block, ChatMute


@receiver(account_closing)
def forget_player(sender, user, **kwargs) -> None:
    """A leaving player's blocks (made and received) and chat mutes go."""
    Block.objects.filter(Q(blocker=user) | Q(blocked=user)).delete()
    ChatMute.objects.filter(user=user).delete()
