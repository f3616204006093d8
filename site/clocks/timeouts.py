"""Timeouts: end every match whose player to move is past the deadline, each exactly once.

The sweep reads (match, ply, seat to move) and hands each to `endings.end_match`, a compare-and-set on
the match row (still active, still at that ply): of two sweeps, or a sweep and a last-second move,
exactly one changes the match, and the result (with ratings, by `play.signals.match_finished`) is
written in the same transaction.
"""

from __future__ import annotations

import logging

from django.db.models import Q
from django.utils import timezone

from daymove.clocks.models import MatchClock
from daymove.errors import Conflict
from daymove.play.endings import end_match
from daymove.play.lookups import get_match
from daymove.play.models import Match, Move

log = logging.getLogger(__name__)

BATCH = 200


def overdue(now=None) -> list[tuple[int, int, int]]:
    """(match id, ply, seat to move) of active matches whose player to move is past the deadline."""
    now = now or timezone.now()
    rows = (
        MatchClock.objects.filter(match__status=Match.Status.ACTIVE)
        .filter(Q(match__to_move=0, deadline0__lt=now) | Q(match__to_move=1, deadline1__lt=now))
        .order_by("match_id")
        .values_list("match_id", "match__ply", "match__to_move")[:BATCH]
    )
    return list(rows)


def apply_timeout(match_id: int, seen_ply: int, seat: int) -> Match | None:
    """End the match on time if it is still at `seen_ply`: a loss for `seat`, or aborted if it never moved."""
    match = get_match(match_id)
    never_moved = not Move.objects.filter(match_id=match_id, seat=seat).exists()
    try:
        if never_moved:
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
