"""What clocks do when a challenge or match changes (play's signals) or a player leaves (players' signal)."""

from __future__ import annotations

from django.dispatch import receiver

from daymove.clocks import services
from daymove.clocks.models import CalendarFeed, Vacation
from daymove.play import signals
from daymove.players.signals import account_closing


@receiver(signals.challenge_created)
def store_challenge_terms(sender, challenge, time_control, **kwargs) -> None:
    """Keep the time control the challenge offers (Refused, and so no challenge, if it is not allowed)."""
    services.set_challenge_terms(challenge, time_control)


@receiver(signals.match_started)
def start_clock(sender, match, **kwargs) -> None:
    """The first turn's clock starts with the match."""
    services.start_clock(match)


@receiver(signals.turn_passed)
def charge_and_start_turn(sender, match, **kwargs) -> None:
    """The mover's time bank is charged and the next turn's clock starts."""
    services.after_move(match)


@receiver(signals.match_finished)
def stop_clock(sender, match, **kwargs) -> None:
    """A finished match has no running deadline."""
    services.stop_clock(match)


@receiver(account_closing)
def forget_player(sender, user, **kwargs) -> None:
    """A leaving player's vacations and calendar feed go."""
    Vacation.objects.filter(user=user).delete()
    CalendarFeed.objects.filter(user=user).delete()
