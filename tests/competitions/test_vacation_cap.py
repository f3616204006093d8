"""A series' vacation cap: in its league games only the first `vacation_cap_days` of a season's time away stop the
clock; the same player's friendly matches stop for all of it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from daymove.clocks.models import MatchClock
from daymove.clocks.timing import capped
from daymove.clocks.vacations import book_vacation, local_today
from daymove.competitions import seasons
from daymove.competitions.models import LeagueGame, Season
from daymove.play import lookups
from tests.factories import UserFactory
from tests.support.clocks import DAY, PER_MOVE_3, T0, play_one, start
from tests.support.leagues import a_division, a_season, a_series
from tests.support.seasons import many_players, register_all


def at(day: int, hour: int = 0) -> datetime:
    return datetime(2026, 1, 1, hour, tzinfo=UTC) + day * DAY


@pytest.mark.parametrize(
    ("away", "since", "most", "expected"),
    [
        ([], at(0), 14 * DAY, []),
        ([(at(2), at(5))], at(0), 14 * DAY, [(at(2), at(5))]),  # under the cap: all of it
        ([(at(2), at(22))], at(0), 14 * DAY, [(at(2), at(16))]),  # over: the first 14 days
        ([(at(1), at(11)), (at(20), at(30))], at(0), 14 * DAY, [(at(1), at(11)), (at(20), at(24))]),  # a season's sum
        ([(at(-5), at(3))], at(0), 14 * DAY, [(at(0), at(3))]),  # counted from the season's start
        ([(at(1), at(6)), (at(4), at(9))], at(0), 6 * DAY, [(at(1), at(7))]),  # overlapping bookings once
        ([(at(1), at(6))], at(0), timedelta(0), []),  # a cap of 0: vacation never stops the clock
    ],
)
def test_only_the_first_days_of_time_away_up_to_the_cap_stop_the_clock(away, since, most, expected):
    assert capped(away, since, most) == expected


@pytest.fixture
def league_and_friendly(db):
    """At T0: a running season (cap 14 days) whose league game and a friendly match wait for the same player."""
    with time_machine.travel(T0, tick=False):
        ann, ben, zed = (UserFactory(username=name) for name in ("ann", "ben", "zed"))
        series = a_series(vacation_cap_days=14)
        division = a_division(a_season(series, status=Season.Status.RUNNING, starts_in=timedelta(0)), [ann, ben])
        league = LeagueGame.objects.get(division=division).match
        mover = league.players[league.to_move]
        other = ann if mover == ben else ben
        friendly = start(mover, zed, PER_MOVE_3, seat=league.to_move, game=league.game)
    assert friendly.to_move == league.to_move
    return mover, other, league, friendly


def deadline(match) -> datetime:
    return MatchClock.objects.get(match=match).due


@pytest.mark.django_db
def test_vacation_beyond_the_cap_no_longer_stops_a_league_games_clock(league_and_friendly):
    mover, _, league, friendly = league_and_friendly
    with time_machine.travel(T0, tick=False):
        today = local_today(mover)
        vacation = book_vacation(mover, today, today + timedelta(days=19))  # 20 days away from now
    assert vacation.ends - vacation.starts > 19 * DAY
    assert deadline(friendly) == vacation.ends + 3 * DAY
    assert deadline(league) == T0 + 14 * DAY + 3 * DAY


@pytest.mark.django_db
def test_the_cap_is_for_the_whole_season_across_vacations_and_turns(league_and_friendly):
    mover, _, league, friendly = league_and_friendly
    with time_machine.travel(T0, tick=False):
        today = local_today(mover)
        first = book_vacation(mover, today, today + timedelta(days=9))  # under 10 days, all within the cap
    used = first.ends - first.starts
    with time_machine.travel(T0 + 30 * DAY, tick=False):
        league = play_one(play_one(lookups.get_match(league.pk)))  # the mover's turn again, a new turn now
        today = local_today(mover)
        vacation = book_vacation(mover, today, today + timedelta(days=9))  # 10 more: what is left of 14 counts
        assert deadline(league) == T0 + 30 * DAY + (14 * DAY - used) + 3 * DAY
        friendly = play_one(play_one(lookups.get_match(friendly.pk)))
        assert deadline(friendly) == vacation.ends + 3 * DAY  # the whole vacation still counts


@pytest.mark.django_db
def test_a_season_starting_while_a_player_is_away_caps_their_first_deadlines():
    series = a_series(vacation_cap_days=14)
    players = many_players(4)
    register_all(series, players)
    away = players[0]
    with time_machine.travel(T0, tick=False):
        today = local_today(away)
        book_vacation(away, today, today + timedelta(days=29))
        assert seasons.start_season(seasons.next_season(series))
    clocks = MatchClock.objects.filter(match__league_game__isnull=False, running_seat__isnull=False)
    waiting = [c for c in clocks.select_related("match") if c.match.players[c.running_seat] == away]
    assert waiting and {c.due for c in waiting} == {T0 + 14 * DAY + 3 * DAY}
