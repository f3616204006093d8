"""What play does when a player blocks another (safety's signal)."""

from __future__ import annotations

from django.db.models import Q
from django.dispatch import receiver

from daymove.play.models import Challenge
from daymove.safety.signals import player_blocked


@receiver(player_blocked)
def withdraw_challenges_between(sender, blocker, blocked, **kwargs) -> None:
    """After a block, the direct challenges between the two players are withdrawn."""
    Challenge.objects.filter(
        Q(creator=blocker, opponent=blocked) | Q(creator=blocked, opponent=blocker), status=Challenge.Status.OPEN
    ).update(status=Challenge.Status.CANCELLED)
