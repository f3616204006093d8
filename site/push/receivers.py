"""What push does when play changes something: record the pushes it causes (see `events`)."""

from __future__ import annotations

from django.dispatch import receiver

from daymove.play import signals
from daymove.players.signals import account_closing
from daymove.push import events
from daymove.push.models import PushPreferences, PushSubscription


@receiver(signals.challenge_created)
def push_challenge(sender, challenge, **kwargs) -> None:
    """The named opponent of a direct challenge hears of it."""
    events.challenge_created(challenge)


@receiver(signals.match_started)
def push_match_started(sender, match, **kwargs) -> None:
    """The challenger hears the match started, if they move first."""
    events.match_started(match)


@receiver(signals.turn_passed)
def push_your_turn(sender, match, **kwargs) -> None:
    """The player to move hears it is their turn."""
    events.turn_passed(match)


@receiver(signals.draw_offered)
def push_draw_offer(sender, match, seat, **kwargs) -> None:
    """The opponent hears of a draw offer."""
    events.draw_offered(match, seat)


@receiver(signals.match_finished)
def push_game_over(sender, match, **kwargs) -> None:
    """Both players hear the result."""
    events.match_finished(match)


@receiver(account_closing)
def forget_devices(sender, user, **kwargs) -> None:
    """A leaving player's devices and choices go."""
    PushSubscription.objects.filter(user=user).delete()
    PushPreferences.objects.filter(user=user).delete()
