"""What plans do when a player leaves (players' signal); `daymove.round` calls what a move or an ending does to them."""

from __future__ import annotations

from django.dispatch import receiver

from daymove.plans.models import AnalysisTree, ConditionalPlan
from daymove.players.signals import account_closing


@receiver(account_closing)
def forget_player(sender, user, **kwargs) -> None:
    """A leaving player's analyses and plans go."""
    AnalysisTree.objects.filter(owner=user).delete()
    ConditionalPlan.objects.filter(owner=user).delete()
