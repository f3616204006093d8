"""What notify does when a match, a clock or an account changes: record the emails it causes (see `events`)."""

from __future__ import annotations

from django.dispatch import receiver

from daymove.clocks.signals import deadline_set
from daymove.notify import events
from daymove.notify.models import EmailPreferences
from daymove.plans import signals as plan_signals
from daymove.play import signals
from daymove.players.signals import account_closing


@receiver(signals.challenge_created)
def email_challenge(sender, challenge, **kwargs) -> None:
    """The named opponent of a direct challenge hears of it."""
    events.challenge_created(challenge)


@receiver(signals.match_started)
def email_match_started(sender, match, **kwargs) -> None:
    """The challenger hears that the match started, if they move first."""
    events.match_started(match)


@receiver(signals.turn_passed)
def email_your_turn(sender, match, awaited, **kwargs) -> None:
    """The player to move hears it is their turn (unless their plan waited for this move: its email says it)."""
    events.turn_passed(match, awaited=awaited)


@receiver(signals.draw_offered)
def email_draw_offer(sender, match, seat, **kwargs) -> None:
    """The opponent hears of a draw offer made while they are to move."""
    events.draw_offered(match, seat)


@receiver(signals.match_finished)
def email_game_over(sender, match, **kwargs) -> None:
    """Both players hear the result."""
    events.match_finished(match)


@receiver(plan_signals.reply_played)
def email_planned_reply(sender, match, owner, ply, **kwargs) -> None:
    """The owner hears their planned reply was played."""
    events.reply_played(match, owner, ply)


@receiver(plan_signals.plan_dropped)
def email_plan_dropped(sender, match, owner, why, dropped, **kwargs) -> None:
    """The owner hears why their plan was dropped, which lines went, and that it is their turn."""
    events.plan_dropped(match, owner, why, dropped)


@receiver(deadline_set)
def move_reminders(sender, match, **kwargs) -> None:
    """Reminders follow the running deadline, whatever set or moved it."""
    events.schedule_reminders(match)


@receiver(account_closing)
def forget_player(sender, user, **kwargs) -> None:
    """A leaving player's email choices go."""
    EmailPreferences.objects.filter(user=user).delete()
