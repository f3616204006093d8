"""Bot opponents' turns: recorded as outbox jobs on the `bots` queue with the move that hands a bot the turn.

`daymove.round` records them after a move or a match's start, and plays them (`round.bot_turns`).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from daymove.errors import Conflict, Refused
from daymove.outbox.jobs import hand_over, record
from daymove.outbox.models import Job
from daymove.play.models import Match
from daymove.players.bots import is_bot


def bot_turn_key(match_id: int, ply: int) -> str:
    """The outbox key of a bot's turn at `ply` of a match: one job per turn, however often it is recorded."""
    return f"bot:{match_id}:{ply}"


def schedule_bot_turn(match: Match) -> None:
    """If a bot is to move in this active match, record its turn (call inside the move's transaction)."""
    if not match.is_active or match.to_move is None:
        return
    if not is_bot(match.players[match.to_move]):
        return
    record("bot_turn", bot_turn_key(match.pk, match.ply), {"match": match.pk, "ply": match.ply})


def requeue_bot_turn(match: Match) -> Job:
    """Queue the bot's turn again (e.g. after its job failed); Refused unless a bot is to move."""
    if not match.is_active or match.to_move is None or not is_bot(match.players[match.to_move]):
        raise Refused(gettext("No bot is to move in this match."))
    key = bot_turn_key(match.pk, match.ply)
    with transaction.atomic():
        reset = (
            Job.objects.filter(key=key)
            .exclude(status=Job.Status.RUNNING)
            .update(status=Job.Status.PENDING, run_after=timezone.now(), attempts=0, last_error="")
        )
        if not reset and Job.objects.filter(key=key, status=Job.Status.RUNNING).exists():
            raise Conflict(gettext("The bot is thinking about this turn right now."))
        schedule_bot_turn(match)  # records the job if there was none
        job = Job.objects.get(key=key)
        if reset:
            transaction.on_commit(lambda: hand_over(job))
    return job
