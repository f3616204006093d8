"""Rating a finished match again once its result has been changed (the staff overriding a league game's result)."""

from __future__ import annotations

from daymove.ratings.models import RatingChange
from daymove.ratings.refunds import refund
from daymove.ratings.updates import rate_match


def rerate_match(match) -> list[RatingChange]:
    """Take back what `match` did to both players' ratings and rate the result it has now (in the caller's transaction).

    When neither player has played a rated game of that kind since, both ratings are as if the match had ended
    this way; otherwise the points are given back (`refund`) and the new result is rated from the ratings now.
    """
    for change in RatingChange.objects.filter(match=match).order_by("-pk"):
        refund(change)
    return rate_match(match)
