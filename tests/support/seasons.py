"""Many players registered for a series at once, and match results set directly, for the season service tests."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.utils import timezone

from daymove.competitions import seasons
from daymove.competitions.models import Division, Registration, Series
from daymove.play.models import Match
from daymove.players.models import Player


def many_players(count: int, prefix: str = "entrant") -> list:
    """`count` accounts with verified addresses (and their player rows), made in a few queries."""
    User = get_user_model()
    names = [f"{prefix}{i}" for i in range(count)]
    User.objects.bulk_create([User(username=name, email=f"{name}@example.com") for name in names])
    users = list(User.objects.filter(username__in=names).order_by("pk"))
    Player.objects.bulk_create([Player(user=u) for u in users])
    EmailAddress.objects.bulk_create([EmailAddress(user=u, email=u.email, verified=True, primary=True) for u in users])
    return users


def register_all(series: Series, players, mode=Registration.Mode.RECURRING) -> None:
    """Register every player for the series' next season."""
    Registration.objects.bulk_create([Registration(series=series, player=p, mode=mode) for p in players])


def finish(match: Match, winner: int | None) -> None:
    """End a match with `winner` (a seat, or None for a draw), as if played to its end."""
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.FINISHED, winner=winner, to_move=None, finished_at=timezone.now(), result_reason="test"
    )


def two_divisions_of_four(series):
    """A running season of two divisions of four, stored by the admin's draw: top (index 0) and bottom (index 1)."""
    players = many_players(8)
    register_all(series, players)
    season = seasons.next_season(series)
    stored = seasons.draw_season(season)
    assert len(stored) == 1
    # The admin splits the one drawn division into two of four.
    bottom = Division.objects.create(season=season, level=2, number=1, index=1)
    for entry in list(stored[0].entries.order_by("seat"))[4:]:
        seasons.move_before_start(entry, bottom)
    assert seasons.start_season(season)
    season.refresh_from_db()
    return season, [list(Division.objects.get(season=season, index=i).entries.all()) for i in (0, 1)]


def result(division_entries, a, b, winner_player):
    """Finish the game between entries a and b: won by winner_player (an entry) or drawn (None)."""
    match = Match.objects.get(
        league_game__division=division_entries[0].division,
        player0__in=[a.player_id, b.player_id],
        player1__in=[a.player_id, b.player_id],
    )
    finish(match, None if winner_player is None else match.seat_of(winner_player.player))
    return match
