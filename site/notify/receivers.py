"""What notify does when a match, a clock or an account changes: the emails it causes, as `decisions` decides."""

from __future__ import annotations

from django.dispatch import receiver

from daymove.clocks.signals import deadline_set, deadlines_set
from daymove.competitions import signals as league_signals
from daymove.notify import decisions, events
from daymove.notify.decisions import EMAIL
from daymove.notify.declines import record_decline
from daymove.notify.models import EmailPreferences
from daymove.plans import signals as plan_signals
from daymove.play import signals
from daymove.players.signals import account_closing


@receiver(signals.challenge_created)
def email_challenge(sender, challenge, **kwargs) -> None:
    """The named opponent of a direct challenge hears of it."""
    events.send(decisions.challenge_created(challenge, EMAIL))


@receiver(signals.match_started)
def email_match_started(sender, match, **kwargs) -> None:
    """The challenger hears that the match started, if they move first."""
    events.send(decisions.match_started(match, EMAIL))


@receiver(signals.turn_passed)
def email_your_turn(sender, match, awaited=False, **kwargs) -> None:
    """The player to move hears it is their turn (unless their plan waited for this move: its email says it)."""
    events.send(decisions.turn_passed(match, EMAIL, awaited=awaited))


@receiver(signals.draw_offered)
def email_draw_offer(sender, match, seat, **kwargs) -> None:
    """The opponent hears of a draw offer made while they are to move."""
    events.send(decisions.draw_offered(match, seat, EMAIL))


@receiver(signals.draw_declined)
def draw_declined(sender, match, seat, **kwargs) -> None:
    """The offerer's match page says their offer was declined (no email: see `decisions.EMAIL`)."""
    record_decline(match, seat)
    events.send(decisions.draw_declined(match, seat, EMAIL))


@receiver(signals.match_finished)
def email_game_over(sender, match, **kwargs) -> None:
    """Both players hear the result."""
    events.send(decisions.match_finished(match, EMAIL))


@receiver(plan_signals.reply_played)
def email_planned_reply(sender, match, owner, ply, **kwargs) -> None:
    """The owner hears their planned reply was played."""
    events.send(decisions.reply_played(match, owner, ply, EMAIL))


@receiver(plan_signals.plan_dropped)
def email_plan_dropped(sender, match, owner, why, dropped, **kwargs) -> None:
    """The owner hears why their plan was dropped, which lines went, and that it is their turn."""
    events.send(decisions.plan_dropped(match, owner, why, dropped, EMAIL))


@receiver(deadline_set)
def move_reminders(sender, match, clock, new_turn=False, **kwargs) -> None:
    """Reminders follow the running deadline, whatever set or moved it."""
    events.schedule_reminders(match, clock, new_turn=new_turn)


@receiver(deadlines_set)
def first_reminders(sender, clocks, **kwargs) -> None:
    """The first turns of many matches started at once (a league season) get their reminders in one go."""
    events.schedule_first_reminders(clocks)


@receiver(account_closing)
def forget_player(sender, user, **kwargs) -> None:
    """A leaving player's email choices go."""
    EmailPreferences.objects.filter(user=user).delete()


@receiver(league_signals.registration_closing)
def email_registration_reminder(sender, season, **kwargs) -> None:
    """Players registered for a season hear 3 days before it starts."""
    events.send_many(decisions.registration_closing(season, EMAIL))


@receiver(league_signals.season_started)
def email_season_started(sender, season, **kwargs) -> None:
    """Each player of a season that started hears it once (not once per game)."""
    events.send_many(decisions.season_started(season, EMAIL))


@receiver(league_signals.season_closed)
def email_season_closed(sender, season, **kwargs) -> None:
    """Each player of a season that closed hears their place and movement."""
    events.send_many(decisions.season_closed(season, EMAIL))


@receiver(league_signals.season_waiting)
def email_season_waiting(sender, season, missing, **kwargs) -> None:
    """Players registered for a season that waits hear for how many more entrants."""
    events.send_many(decisions.season_waiting(season, missing, EMAIL))


@receiver(league_signals.entry_withdrawn)
def email_withdrawn(sender, entry, reason, **kwargs) -> None:
    """A withdrawn player hears why, and what becomes of their games."""
    events.send(decisions.entry_withdrawn(entry, reason, EMAIL))
