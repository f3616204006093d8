"""What clocks do when a player leaves (players' signal); `daymove.round` calls what a move or an ending does to it."""

from __future__ import annotations

from django.dispatch import receiver

from daymove.clocks.models import CalendarFeed, Vacation
from daymove.players.signals import account_closing


@receiver(account_closing)
def forget_player(sender, user, **kwargs) -> None:
    """A leaving player's vacations and calendar feed go."""
    Vacation.objects.filter(user=user).delete()
    CalendarFeed.objects.filter(user=user).delete()
