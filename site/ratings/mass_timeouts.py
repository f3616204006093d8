"""The mass-timeout rule: a player who times out of many matches at once takes the losses, their opponents keep theirs.

A player who leaves the site with many correspondence games running times out of all of them within
a day or so. Rated as usual, each opponent would get a win they did not play for (OGS saw ratings
pumped this way and annuls such games, issue #682) and a sandbagger could drop their own rating on
purpose. So when a player's timeouts within `DAYMOVE_MASS_TIMEOUT_HOURS` reach
`DAYMOVE_MASS_TIMEOUT_MATCHES`, each of those rated matches keeps its loss for that player and is
taken back for the opponent (`ratings.refunds.refund`), including the earlier timeouts of the window
that were first rated as usual. Each application is announced (`signals.mass_timeout_ruled`) for
moderation to log it as an action of the site.
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

from django.conf import settings
from django.db.models import Count, Q

from daymove.play.models import Match
from daymove.players.models import Player
from daymove.ratings import signals
from daymove.ratings.models import RatingChange
from daymove.ratings.refunds import refund

TIMEOUT = "timeout"


def timeouts_of(user, since) -> list[Match]:
    """The matches `user` lost on time since `since`."""
    lost = Q(player0=user, winner=1) | Q(player1=user, winner=0)
    return list(Match.objects.filter(lost, status=Match.Status.FINISHED, result_reason=TIMEOUT, finished_at__gte=since))


def timeout_counts(user_ids, since) -> dict[int, int]:
    """How many matches each of these users lost on time since `since` (absent: none), in two queries."""
    lost = Match.objects.filter(status=Match.Status.FINISHED, result_reason=TIMEOUT, finished_at__gte=since)
    counts: Counter[int] = Counter()
    for seat, field in ((0, "player0"), (1, "player1")):
        rows = lost.filter(**{f"{field}__in": list(user_ids)}, winner=1 - seat).values(field).annotate(n=Count("pk"))
        counts.update({row[field]: row["n"] for row in rows})
    return dict(counts)


def keep_opponents_ratings(match: Match) -> list[dict]:
    """Apply the rule after `match` ended (in its transaction, after it was rated); the refunds made, if any."""
    if match.status != Match.Status.FINISHED or match.result_reason != TIMEOUT or match.winner is None:
        return []
    loser = match.players[1 - match.winner]
    # One player's timeouts are counted one transaction at a time, so two sweeps cannot both miss the threshold.
    list(Player.objects.select_for_update().filter(user=loser))
    since = match.finished_at - timedelta(hours=settings.DAYMOVE_MASS_TIMEOUT_HOURS)
    timeouts = timeouts_of(loser, since)
    if len(timeouts) < settings.DAYMOVE_MASS_TIMEOUT_MATCHES:
        return []
    refunds = [
        {"match": change.match_id, "user": change.user_id, "points": round(refund(change), 1)}
        for change in RatingChange.objects.filter(match__in=timeouts).exclude(user=loser).order_by("pk")
    ]
    if refunds:
        signals.mass_timeout_ruled.send(
            sender=RatingChange, loser=loser, timeouts=sorted(m.pk for m in timeouts), refunds=refunds
        )
    return refunds
