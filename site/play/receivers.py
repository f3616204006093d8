"""What play does when a match changes (its own signals), a player leaves (players' signal) or blocks another."""

from __future__ import annotations

from django.db.models import Q
from django.dispatch import receiver

from daymove.play import signals
from daymove.play.bots import schedule_bot_turn
from daymove.play.departures import leave_play
from daymove.play.models import Challenge, Match
from daymove.players.signals import account_closing
from daymove.safety.signals import player_blocked


@receiver(signals.match_started)
@receiver(signals.turn_passed)
def record_bot_turn(sender, match: Match, **kwargs) -> None:
    """If a bot is to move now, record its turn with the change."""
    schedule_bot_turn(match)


@receiver(account_closing)
def resign_and_withdraw(sender, user, **kwargs) -> None:
    """A leaving player resigns every active match and withdraws every open challenge: no one waits for them."""
    leave_play(user)


@receiver(player_blocked)
def withdraw_challenges_between(sender, blocker, blocked, **kwargs) -> None:
    """After a block, the direct challenges between the two players are withdrawn."""
    Challenge.objects.filter(
        Q(creator=blocker, opponent=blocked) | Q(creator=blocked, opponent=blocker), status=Challenge.Status.OPEN
    ).update(status=Challenge.Status.CANCELLED)
