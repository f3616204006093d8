"""What plans do when a move is played, a match ends or a player leaves."""

from __future__ import annotations

from django.dispatch import receiver

from daymove.plans import engine
from daymove.plans.models import AnalysisTree, ConditionalPlan
from daymove.play import signals
from daymove.players.signals import account_closing


@receiver(signals.awaiting_reply)
def play_planned_reply(sender, match, **kwargs) -> None:
    """The player to move answers at once if their plan expects the move just played."""
    engine.answer(match)


@receiver(signals.match_finished)
def close_plans(sender, match, **kwargs) -> None:
    """Plans end with their match."""
    engine.close_plans(match)


@receiver(account_closing)
def forget_player(sender, user, **kwargs) -> None:
    """A leaving player's analyses and plans go."""
    AnalysisTree.objects.filter(owner=user).delete()
    ConditionalPlan.objects.filter(owner=user).delete()
