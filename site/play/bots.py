"""Bot opponents: their turns run as outbox jobs on the `bots` queue, through the move service.

A bot's move goes through the move service, so the move service cannot call this module: the bot's
turn is recorded by a receiver of play's own signals (see `receivers`).
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from daymove.errors import Conflict, Refused
from daymove.outbox.jobs import BOTS, hand_over, handler, record
from daymove.outbox.models import Job
from daymove.play import moves
from daymove.play.lookups import get_match
from daymove.play.models import Match
from daymove.players.bots import bot_level, is_bot
from games.bot.mcts import choose_move

log = logging.getLogger(__name__)


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


@handler("bot_turn", queue=BOTS)
def play_bot_turn(payload: dict) -> None:
    """Choose and submit the bot's move; a late or duplicate job finds the ply moved on and does nothing."""
    match = get_match(payload["match"])
    if not match.is_active or match.ply != payload["ply"]:
        return
    bot = match.players[match.to_move]
    level = bot_level(bot)
    if level is None:
        return
    view = match.rules.player_view(match.position(), match.to_move)  # the bot sees only its own view
    text = choose_move(match.rules, view, level, seed=match.pk * 1000 + match.ply)
    try:
        moves.submit_move(match.pk, bot, text, match.ply)
    except Refused as refusal:
        log.info("bot move %s in match %s not applied: %s", text, match.pk, refusal.message)
