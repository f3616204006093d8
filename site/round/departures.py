"""A player leaving play: withdrawn from their leagues, every other active match resigned, every open challenge
withdrawn, so no one waits for them."""

from __future__ import annotations

import contextlib

from django.db.models import Q

from daymove.errors import Conflict
from daymove.play.models import Challenge, Match
from daymove.round.endings import resign
from daymove.round.leagues import leave_leagues


def leave_play(user) -> tuple[list[int], int]:
    """Resign `user`'s active matches and withdraw their open challenges; (resigned match ids, challenges withdrawn)."""
    leave_leagues(user)  # first: the league's withdrawal rule decides how their league games end, not resignations
    resigned = []
    active = Match.objects.involving(user).active()
    for match_id in active.values_list("pk", flat=True):
        with contextlib.suppress(Conflict):  # it ended meanwhile
            resign(match_id, user)
            resigned.append(match_id)
    withdrawn = Challenge.objects.filter(Q(creator=user) | Q(opponent=user), status=Challenge.Status.OPEN).update(
        status=Challenge.Status.CANCELLED
    )
    return resigned, withdrawn
