"""Timeouts applied: every match whose player to move is past the deadline ends, each exactly once.

The sweep reads (match, ply, seat to move) from the clocks (`daymove.clocks.timeouts.overdue`) and
ends each with a compare-and-set on the match row (still active, still at that ply): of two sweeps,
or a sweep and a last-second move, exactly one changes the match, and what an ending causes (the
rating, the mass-timeout rule) is written in the same transaction.
"""

from __future__ import annotations

import logging

from django.db.models import Q

from daymove.clocks.timeouts import overdue
from daymove.competitions.results import is_league_game
from daymove.errors import Conflict
from daymove.play.lookups import get_match
from daymove.play.models import Match, Move
from daymove.round.endings import end_match

log = logging.getLogger(__name__)


def apply_timeout(match_id: int, seen_ply: int, seat: int) -> Match | None:
    """End the match on time if it is still at `seen_ply`: a loss for `seat`, or aborted if it never moved.

    A league game is a fixture of its division's table: a player who never moved loses it on time all the same.
    """
    match = get_match(match_id)
    never_moved = not Move.objects.filter(match_id=match_id, seat=seat).exists()
    aborts = never_moved and not is_league_game(match)
    try:
        if aborts:
            return end_match(match, None, "aborted", aborted=True, only_if=Q(ply=seen_ply, to_move=seat))
        return end_match(match, 1 - seat, "timeout", only_if=Q(ply=seen_ply, to_move=seat))
    except Conflict:
        return None  # a move or another sweep got there first


def sweep_timeouts() -> int:
    """Apply every due timeout; returns how many matches this sweep ended."""
    ended = 0
    for match_id, ply, seat in overdue():
        if apply_timeout(match_id, ply, seat) is not None:
            log.info("match %s ended on time at ply %s (seat %s)", match_id, ply, seat)
            ended += 1
    return ended
