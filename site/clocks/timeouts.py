"""Timeouts: the active matches whose player to move is past the deadline (`daymove.round.timeouts` ends them)."""

from __future__ import annotations

from django.db.models import Q
from django.utils import timezone

from daymove.clocks.models import MatchClock
from daymove.play.models import Match

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
