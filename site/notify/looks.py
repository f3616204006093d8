"""Whether a player has had a look at a match's newest position, so that a turn email waiting for it is dropped.

The match page (or its live play area) records the ply it showed a player with one conditional UPDATE; the
row is made with the turn email that waits for it, in the move's transaction.
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef

from daymove.notify.models import SeenPosition
from daymove.play.match_facts import match_fact
from daymove.play.models import Match

UNSEEN = "position_unseen"  # the match fact: a look at the current position is waited for


def unseen(match_ref, viewer_id) -> Exists:
    """Whether a turn email waits for the viewer to look at the match's current position (a match fact)."""
    return Exists(SeenPosition.objects.filter(match=match_ref, user=viewer_id, ply__lt=OuterRef("ply")))


def expect_a_look(match_id: int, user, ply: int) -> None:
    """Make sure the row exists that a look at `ply` will update (one INSERT, ignored if it is there)."""
    SeenPosition.objects.bulk_create([SeenPosition(match_id=match_id, user=user, ply=ply - 1)], ignore_conflicts=True)


def saw_position(match: Match, user) -> None:
    """The page showed the player to move in `match` its current position: recorded if newer than the last seen.

    Only the player to move has a turn email that may wait for a look, so only their look is recorded; it writes
    only when the position is newer than the one last seen (read with the page's match when it can be).
    """
    if match.is_active and match.seat_of(user) == match.to_move and match_fact(match, user, UNSEEN, lambda: True):
        SeenPosition.objects.filter(match_id=match.pk, user_id=user.pk, ply__lt=match.ply).update(ply=match.ply)


def has_seen(match_id: int, user, ply: int) -> bool:
    """Whether the page has shown `user` the match at `ply` or later."""
    return SeenPosition.objects.filter(match_id=match_id, user=user, ply__gte=ply).exists()
