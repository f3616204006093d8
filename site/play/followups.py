"""What a change to a match causes, recorded in the same transaction as the change.

The move service and the challenge service call these inside their transactions; each line here
records work (outbox jobs, clock changes, rating updates) so that it is neither lost nor doubled.
"""

from __future__ import annotations

from daymove.play.models import Match

# Handlers are imported inside the functions: they use the move service, which imports this module.


def after_start(match: Match) -> None:
    """A match has just been created from an accepted challenge."""
    from daymove.play.bots import schedule_bot_turn

    schedule_bot_turn(match)


def after_move(match: Match) -> None:
    """A move has just been applied (the match row holds the new position; it may have ended)."""
    from daymove.play.bots import schedule_bot_turn

    schedule_bot_turn(match)
    if not match.is_active:
        after_finish(match)


def after_finish(match: Match) -> None:
    """A match has just ended (by a move, resignation, timeout or an admin)."""
