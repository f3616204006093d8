"""What the admin's match actions do that is play's own: abort, declare a result."""

from __future__ import annotations

from daymove.play.endings import end_match
from daymove.play.models import Match


def abort(match: Match) -> Match:
    """End an active match with no result (not rated)."""
    return end_match(match, None, "aborted-by-admin", aborted=True)


def declare_result(match: Match, winner: int | None) -> Match:
    """End an active match with the given winner (None: a draw); rated like any result."""
    return end_match(match, winner, "declared-by-admin")
