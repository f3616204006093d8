"""Taking back what a rated match did to one player's rating (annulled games, mass timeouts)."""

from __future__ import annotations

from django.db.models import Q

from daymove.ratings import glicko2
from daymove.ratings.models import Rating, RatingChange


def refund(change: RatingChange) -> float:
    """Undo `change` (in the caller's transaction) and delete it; returns the points given back (−delta).

    If it is the player's latest change in that game, the rating, deviation and volatility return to
    exactly what they were before the match (the deviation then grows with idle time from the match's
    end, as it would have); after later matches only the points are given back, since those matches
    were rated from the values this one left.
    """
    row = Rating.objects.select_for_update().get(user_id=change.user_id, game=change.game)
    later = RatingChange.objects.filter(user_id=change.user_id, game=change.game).filter(
        Q(created__gt=change.created) | Q(created=change.created, pk__gt=change.pk)
    )
    if later.exists():
        row.rating -= change.delta
    else:
        before = glicko2.Glicko(change.rating_before, change.deviation_before, change.volatility_before)
        row.store(before, change.created)
    row.games = max(0, row.games - 1)
    row.save()
    change.delete()
    return -change.delta
