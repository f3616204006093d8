"""The league pages' cost with a season of 1,000 entrants (125 divisions, about 3,500 games, half of them finished):
queries and milliseconds of the series, season and division pages. Not collected with the suite (a measurement, not
a check; the budgets are tests/competitions/test_page_budgets.py); run it by name:

    .venv/bin/pytest -q -s tests/competitions/measure_league_pages.py
"""

from __future__ import annotations

import statistics
import time

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from daymove.competitions import seasons
from daymove.competitions.models import Division, LeagueGame
from tests.support.leagues import a_series
from tests.support.seasons import finish, many_players, register_all

ENTRANTS = 1000


def cost(client, url) -> tuple[int, float]:
    """Queries of one request and its median time in ms over three."""
    times = []
    for _ in range(3):
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200
    return len(queries.captured_queries), statistics.median(times)


@pytest.mark.django_db
def test_measure_the_league_pages_with_a_thousand_entrants():
    series = a_series("Measured league")
    players = many_players(ENTRANTS)
    register_all(series, players)
    season = seasons.next_season(series)
    assert seasons.start_season(season)
    games = list(LeagueGame.objects.filter(division__season=season).select_related("match").order_by("pk"))
    for n, game in enumerate(games[::2]):
        finish(game.match, n % 3 if n % 3 < 2 else None)
    division = Division.objects.filter(season=season).order_by("index").first()
    client = Client()
    client.force_login(division.entries.first().player)
    divisions = Division.objects.filter(season=season).count()
    print(f"\n{ENTRANTS} entrants, {divisions} divisions, {len(games)} games ({len(games[::2])} finished)")
    for name, url in (
        ("series page", series.get_absolute_url()),
        ("season page", season.get_absolute_url()),
        ("division page", division.get_absolute_url()),
    ):
        queries, ms = cost(client, url)
        print(f"{name}: {queries} queries, {ms:.0f} ms")
