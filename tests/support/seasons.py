"""Many players registered for a series at once, and match results set directly, for the season service tests."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils import timezone

from daymove.competitions.models import Registration, Series
from daymove.play.models import Match
from daymove.players.models import Player


def many_players(count: int, prefix: str = "entrant") -> list:
    """`count` plain accounts (with their player rows), made in a few queries."""
    User = get_user_model()
    User.objects.bulk_create([User(username=f"{prefix}{i}", email=f"{prefix}{i}@example.com") for i in range(count)])
    users = list(User.objects.filter(username__startswith=prefix).order_by("pk"))
    Player.objects.bulk_create([Player(user=u) for u in users])
    return users


def register_all(series: Series, players, mode=Registration.Mode.RECURRING) -> None:
    """Register every player for the series' next season."""
    Registration.objects.bulk_create([Registration(series=series, player=p, mode=mode) for p in players])


def finish(match: Match, winner: int | None) -> None:
    """End a match with `winner` (a seat, or None for a draw), as if played to its end."""
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.FINISHED, winner=winner, to_move=None, finished_at=timezone.now(), result_reason="test"
    )
