"""What the admin's match actions do: abort, declare a result, extend a deadline, re-queue a bot turn."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from daymove.clocks.models import DAY, MatchClock
from daymove.clocks.services import away_intervals
from daymove.clocks.timing import deadline_after
from daymove.errors import Conflict, Refused
from daymove.outbox.jobs import hand_over
from daymove.outbox.models import Job
from daymove.play import followups
from daymove.play.bots import bot_level, bot_turn_key, schedule_bot_turn
from daymove.play.endings import end_match
from daymove.play.models import Match


def abort(match: Match) -> Match:
    """End an active match with no result (not rated)."""
    return end_match(match, None, "aborted-by-admin", aborted=True)


def declare_result(match: Match, winner: int | None) -> Match:
    """End an active match with the given winner (None: a draw); rated like any result."""
    return end_match(match, winner, "declared-by-admin")


def extend_deadline(match: Match, days: int) -> MatchClock:
    """Give the player to move `days` more for this turn (the turn counts as started that much later).

    Moving the turn's start, rather than the deadline alone, keeps the extension when a vacation
    makes the clocks recompute the deadline, and charges a time bank nothing for those days.
    """
    with transaction.atomic():
        clock = (
            MatchClock.objects.select_for_update(of=("self",))
            .filter(match=match, match__status=Match.Status.ACTIVE)
            .first()
        )
        if clock is None or clock.running_seat is None or clock.deadline_of(clock.running_seat) is None:
            raise Refused("This match has no running deadline to extend.")
        seat = clock.running_seat
        clock.turn_started += days * DAY
        deadline = deadline_after(
            clock.turn_started, clock.budget(seat), away_intervals(match.players[seat].pk, clock.turn_started)
        )
        setattr(clock, f"deadline{seat}", deadline)
        clock.save(update_fields=["turn_started", f"deadline{seat}"])
        followups.after_clock_change(match)
    return clock


def requeue_bot_turn(match: Match) -> Job:
    """Queue the bot's turn again (e.g. after its job failed); Refused unless a bot is to move."""
    if not match.is_active or match.to_move is None or bot_level(match.players[match.to_move]) is None:
        raise Refused("No bot is to move in this match.")
    key = bot_turn_key(match.pk, match.ply)
    with transaction.atomic():
        reset = (
            Job.objects.filter(key=key)
            .exclude(status=Job.Status.RUNNING)
            .update(status=Job.Status.PENDING, run_after=timezone.now(), attempts=0, last_error="")
        )
        if not reset and Job.objects.filter(key=key, status=Job.Status.RUNNING).exists():
            raise Conflict("The bot is thinking about this turn right now.")
        schedule_bot_turn(match)  # records the job if there was none
        job = Job.objects.get(key=key)
        if reset:
            transaction.on_commit(lambda: hand_over(job))
    return job
