"""League rows for the tests of what is told about leagues (emails, names, calendar, admin): a series, a season and
a division whose every Berger pairing is a started match, built directly so these tests do not hang on the season
service."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from daymove.competitions.berger import schedule
from daymove.competitions.models import Division, Entry, LeagueGame, Registration, Season, Series
from games.registry import all_games
from tests.support.clocks import PER_MOVE_3, start


def a_game() -> str:
    """Any game's slug (tests outside tests/games name none)."""
    return next(iter(all_games()))


def a_series(name="Test league", game=None, **fields) -> Series:
    game = game or a_game()
    slug = name.lower().replace(" ", "-")
    return Series.objects.create(slug=slug, name=name, game=game, time_control=PER_MOVE_3, **fields)


def a_season(series: Series, number=1, status=Season.Status.OPEN, starts_in=timedelta(days=3)) -> Season:
    now = timezone.now()
    season = Season.objects.create(series=series, number=number, status=status, starts_at=now + starts_in)
    if status != Season.Status.OPEN:
        Season.objects.filter(pk=season.pk).update(started_at=season.starts_at, closes_by=now + timedelta(weeks=12))
        season.refresh_from_db()
    return season


def register(series: Series, *players, mode=Registration.Mode.RECURRING) -> None:
    for player in players:
        Registration.objects.create(series=series, player=player, mode=mode)


def a_division(season: Season, players, index=0, with_games=True) -> Division:
    """A division of `players` (seats in order) with, if asked, every game of its schedule started as a match."""
    division = Division.objects.create(season=season, level=index + 1, index=index)
    for seat, player in enumerate(players, 1):
        Entry.objects.create(division=division, player=player, seat=seat, rating_at_start=1500)
    if with_games:
        for pairing in schedule(len(players), season.series.double_round_robin):
            first, second = players[pairing.first - 1], players[pairing.second - 1]
            match = start(first, second, season.series.time_control, game=season.series.game)
            LeagueGame.objects.create(division=division, match=match, round=pairing.round)
    return division


def entry_of(division: Division, player) -> Entry:
    return Entry.objects.get(division=division, player=player)
