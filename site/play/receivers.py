"""What play does when a match changes (its own signals) or a player leaves (players' signal)."""

from __future__ import annotations

import contextlib

from django.db.models import Q
from django.dispatch import receiver

from daymove.errors import Conflict
from daymove.play import signals
from daymove.play.bots import schedule_bot_turn
from daymove.play.endings import resign
from daymove.play.models import Challenge, Match
from daymove.players.signals import account_closing


@receiver(signals.match_started)
@receiver(signals.turn_passed)
def record_bot_turn(sender, match: Match, **kwargs) -> None:
    """If a bot is to move now, record its turn with the change."""
    schedule_bot_turn(match)


@receiver(account_closing)
def resign_and_withdraw(sender, user, **kwargs) -> None:
    """A leaving player resigns every active match and withdraws every open challenge: no one waits for them."""
    for match_id in Match.objects.filter(Q(player0=user) | Q(player1=user), status=Match.Status.ACTIVE).values_list(
        "pk", flat=True
    ):
        with contextlib.suppress(Conflict):  # it ended meanwhile
            resign(match_id, user)
    Challenge.objects.filter(Q(creator=user) | Q(opponent=user), status=Challenge.Status.OPEN).update(
        status=Challenge.Status.CANCELLED
    )
