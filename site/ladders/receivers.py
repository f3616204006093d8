"""What the ladders do when a player leaves the site (players' signal): they leave every ladder."""

from __future__ import annotations

from django.dispatch import receiver
from django.utils import timezone

from daymove.ladders.membership import take_off
from daymove.ladders.models import Rung
from daymove.ladders.places import lock
from daymove.players.signals import account_closing


@receiver(account_closing)
def leave_ladders(sender, user, **kwargs) -> None:
    """A leaving player's places go; everyone below moves up (their history lines stay, under the closed account)."""
    for rung in Rung.objects.filter(player=user).select_related("player"):
        take_off(lock(rung.ladder_id), rung, "left", timezone.now())
