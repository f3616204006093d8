"""Beat's league tasks run twice at once (two beats, or a retry beside a slow run): each change still happens once.

Threads with their own connections (SQLite here, PostgreSQL when DATABASE_URL names one)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from daymove.competitions import seasons, signals, tasks
from daymove.competitions.models import LeagueGame, Season
from daymove.play.models import Match
from tests.support.leagues import a_series
from tests.support.seasons import finish, many_players, register_all
from tests.support.threads import THREADS, run_together

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def announced():
    got = []

    def hear(sender, signal, **kwargs):
        got.append(signal)

    for signal in (signals.season_started, signals.season_closed, signals.registration_closing, signals.season_waiting):
        signal.connect(hear, weak=False)
    yield got
    for signal in (signals.season_started, signals.season_closed, signals.registration_closing, signals.season_waiting):
        signal.disconnect(hear)


def test_parallel_beats_start_remind_and_close_a_season_once(announced):
    series = a_series()
    register_all(series, many_players(6))
    season = seasons.next_season(series)

    reminded = run_together([lambda: tasks.remind(season.starts_at - timedelta(days=1))] * THREADS)
    assert sum(reminded) == 1, reminded

    started = run_together([lambda: tasks.start_due(season.starts_at)] * THREADS)
    assert sum(started) == 1, started
    assert Match.objects.count() == 15
    assert Season.objects.filter(series=series, status=Season.Status.OPEN).count() == 1

    for game in LeagueGame.objects.select_related("match"):
        finish(game.match, 0)
    closed = run_together([lambda: tasks.close_due(season.starts_at + timedelta(days=9))] * THREADS)
    assert sum(closed) == 1, closed
    assert announced == [signals.registration_closing, signals.season_started, signals.season_closed]


def test_parallel_beats_say_once_that_a_season_waits(announced):
    series = a_series()
    register_all(series, many_players(2))
    season = seasons.next_season(series)
    results = run_together([lambda: tasks.start_due(season.starts_at)] * THREADS)
    assert all(r == 0 for r in results), results
    assert announced == [signals.season_waiting]
