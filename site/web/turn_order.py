"""The order a player's waiting matches are taken in: soonest deadline first, then the longest waiting."""

from __future__ import annotations

from django.db.models import F
from django.db.models.functions import Coalesce

from daymove.play.models import Match
from daymove.prepared_sql import Prepared


def by_deadline(matches):
    """`matches` (a Match queryset) soonest running deadline first; those without one last, oldest move first."""
    due = Coalesce("clock__deadline0", "clock__deadline1")
    return matches.annotate(due=due).order_by(F("due").asc(nulls_last=True), "updated", "pk")


def next_game(user, after: Match | None = None) -> Match | None:
    """The match where it is `user`'s turn that comes first in deadline order, other than `after`."""
    if user is None or not user.is_authenticated:
        return None
    return _NEXT_GAME.first(user.pk, 0 if after is None else after.pk)  # no match has the id 0


# Asked by the match page and a move: its SQL built once per process (daymove.prepared_sql).
_NEXT_GAME = Prepared(
    lambda user_id, after_id: by_deadline(Match.objects.waiting_for(user_id).exclude(pk=after_id)).select_related(
        "player0", "player1"
    )[:1]
)
