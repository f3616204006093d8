"""Whether a player has had a look at a match's newest position, so that a turn email waiting for it is dropped.

The match page (or its live play area) records the ply it showed a player with one conditional UPDATE; the
row is made with the turn email that waits for it, in the move's transaction.
"""

from __future__ import annotations

from daymove.notify.models import SeenPosition
from daymove.play.models import Match


def expect_a_look(match_id: int, user, ply: int) -> None:
    """Make sure the row exists that a look at `ply` will update (one INSERT, ignored if it is there)."""
    SeenPosition.objects.bulk_create([SeenPosition(match_id=match_id, user=user, ply=ply - 1)], ignore_conflicts=True)


def saw_position(match: Match, user) -> None:
    """The page showed the player to move in `match` its current position: recorded if newer than the last seen.

    Only the player to move has a turn email that may wait for a look, so only their look is recorded; it writes
    only when the position is newer than the one last seen.
    """
    if match.is_active and match.seat_of(user) == match.to_move:
        SeenPosition.objects.filter(match_id=match.pk, user_id=user.pk, ply__lt=match.ply).update(ply=match.ply)


def has_seen(match_id: int, user, ply: int) -> bool:
    """Whether the page has shown `user` the match at `ply` or later."""
    return SeenPosition.objects.filter(match_id=match_id, user=user, ply__gte=ply).exists()
