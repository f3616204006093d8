"""What push does when play changes something: the pushes it causes, as `daymove.notify.decisions` decides."""

from __future__ import annotations

from django.dispatch import receiver

from daymove.competitions import signals as league_signals
from daymove.notify import decisions
from daymove.notify.decisions import PUSH
from daymove.play import signals
from daymove.players.signals import account_closing
from daymove.push import events
from daymove.push.models import PushPreferences, PushSubscription


@receiver(signals.challenge_created)
def push_challenge(sender, challenge, **kwargs) -> None:
    """The named opponent of a direct challenge hears of it."""
    events.send(decisions.challenge_created(challenge, PUSH))


@receiver(signals.match_started)
def push_match_started(sender, match, **kwargs) -> None:
    """The challenger hears the match started, if they move first."""
    events.send(decisions.match_started(match, PUSH))


@receiver(signals.turn_passed)
def push_your_turn(sender, match, awaited=False, **kwargs) -> None:
    """The player to move hears it is their turn."""
    events.send(decisions.turn_passed(match, PUSH, awaited=awaited))


@receiver(signals.draw_offered)
def push_draw_offer(sender, match, seat, **kwargs) -> None:
    """The opponent hears of a draw offer."""
    events.send(decisions.draw_offered(match, seat, PUSH))


@receiver(signals.draw_declined)
def push_draw_declined(sender, match, seat, **kwargs) -> None:
    """The offerer hears their draw offer was declined."""
    events.send(decisions.draw_declined(match, seat, PUSH))


@receiver(signals.match_finished)
def push_game_over(sender, match, **kwargs) -> None:
    """Both players hear the result."""
    events.send(decisions.match_finished(match, PUSH))


@receiver(league_signals.season_started)
def push_season_started(sender, season, **kwargs) -> None:
    """Each player of a season that started hears it once (not once per game)."""
    events.send(decisions.season_started(season, PUSH))


@receiver(account_closing)
def forget_devices(sender, user, **kwargs) -> None:
    """A leaving player's devices and choices go."""
    PushSubscription.objects.filter(user=user).delete()
    PushPreferences.objects.filter(user=user).delete()
