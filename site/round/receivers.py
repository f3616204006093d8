"""What the round does when a player leaves (players' signal): their matches end as any resignation does."""

from __future__ import annotations

from django.dispatch import receiver

from daymove.players.signals import account_closing
from daymove.round.departures import leave_play


@receiver(account_closing)
def resign_and_withdraw(sender, user, **kwargs) -> None:
    """A leaving player resigns every active match and withdraws every open challenge: no one waits for them."""
    leave_play(user)
