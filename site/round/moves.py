"""The outer move service: a move stored by play's compare-and-set, then what it causes, in order.

After a move that leaves the match going on: the clock (the next deadline, and with it the
reminders), the bot's turn if a bot is to move, then the planned reply of the player to move. A
planned reply is a move like any other, played here in a loop (each with its own follow-ups) rather
than from inside a receiver; one that cannot be played rolls back alone (a savepoint) and drops its
plan, so someone's plan never costs the opponent their move. Each move is announced
(`turn_passed`, or `match_finished` through `endings.finish`) once its follow-ups are recorded.
"""

from __future__ import annotations

import logging

from django.db import transaction

from daymove.clocks.services import after_move
from daymove.errors import Conflict, Refused
from daymove.outbox.jobs import held_later
from daymove.plans import engine
from daymove.play import moves, signals
from daymove.play.bot_jobs import schedule_bot_turn
from daymove.play.models import Match
from daymove.play.moves import MoveResult
from daymove.round.endings import finish

log = logging.getLogger(__name__)


def submit_move(match_id, user, text: str, seen_ply, *, at=None) -> MoveResult:
    """Apply `text` for `user` if the match is still at `seen_ply` (see `daymove.play.moves.submit_move`), then
    what it causes, in the same transaction; Refused with a reason if it cannot be played."""
    with transaction.atomic():
        result = moves.submit_move(match_id, user, text, seen_ply, at=at)
        if result.repeated:
            return result
        match = result.match
        with held_later():  # the reminders and the turn email (all due later) in one insert, still in this transaction
            while match is not None:  # a planned reply played is followed in turn, until no plan answers
                match = _follow(match)
    return result


def _follow(match: Match) -> Match | None:
    """What the move just stored causes, then its announcement; the match after the planned reply, if one was played."""
    if not match.is_active:
        finish(match)
        return None
    match.clock = after_move(match)  # as just saved: the answer's clock needs no second read
    schedule_bot_turn(match)
    answer = engine.planned_reply(match)
    awaited = answer is not None and answer.awaited
    replied = None
    if answer is not None and answer.reply is not None:
        replied, answer = _play_reply(match, answer)
    signals.turn_passed.send(sender=Match, match=match, awaited=awaited)
    if answer is not None:
        engine.announce(answer, match)
    return replied


def _play_reply(match: Match, answer: engine.Answer) -> tuple[Match | None, engine.Answer | None]:
    """Play the planned reply at the moment of the move it answers; (the match after it, the answer to announce)."""
    try:
        with transaction.atomic():
            result = moves.submit_move(match.pk, answer.plan.owner, answer.reply, match.ply, at=match.updated)
    except Exception as error:  # someone's plan must never cost the opponent their move
        if not isinstance(error, Refused):
            log.exception("planned reply in match %s failed", match.pk)
        # A refusal that is not a conflict is the rules' (the reply is not legal after the move it answers).
        illegal = isinstance(error, Refused) and not isinstance(error, Conflict)
        return None, engine.reply_refused(answer, match, illegal=illegal)
    return result.match, answer
