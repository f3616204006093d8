"""The league pages cost the same queries however many divisions and players a season has, and never read a
match's position: a season of 1,000 entrants has 125 divisions and about 3,500 games
(tests/competitions/measure_league_pages.py times it)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from daymove.competitions import seasons
from daymove.competitions.models import Division, LeagueGame
from tests.support.leagues import a_series
from tests.support.seasons import finish, many_players, register_all

pytestmark = pytest.mark.django_db

# For a logged-in entrant; an anonymous visitor costs fewer.
BUDGETS = {"series": 17, "season": 11, "division": 10}


def running_season(entrants: int):
    """A running season of `entrants` players, half its games finished, and a client logged in as one entrant."""
    series = a_series(f"Budget league {entrants}")
    register_all(series, many_players(entrants, prefix=f"b{entrants}-"))
    season = seasons.next_season(series)
    assert seasons.start_season(season)
    matches = [g.match for g in LeagueGame.objects.filter(division__season=season).select_related("match")]
    for n, match in enumerate(matches[::2]):
        finish(match, None if n % 3 == 2 else n % 3)
    division = Division.objects.filter(season=season).order_by("index").last()
    client = Client()
    client.force_login(division.entries.first().player)
    pages = {"series": series.get_absolute_url(), "season": season.get_absolute_url()}
    return client, pages | {"division": division.get_absolute_url()}, season.divisions.count()


@pytest.mark.parametrize("page", sorted(BUDGETS))
def test_a_league_page_costs_the_same_queries_for_two_divisions_as_for_six(page, django_assert_max_num_queries):
    counts = []
    for entrants in (16, 48):
        client, urls, divisions = running_season(entrants)
        assert divisions == entrants // 8
        with django_assert_max_num_queries(BUDGETS[page]) as queries:
            assert client.get(urls[page]).status_code == 200
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1]


@pytest.mark.parametrize("page", sorted(BUDGETS))
def test_a_league_page_never_reads_a_matchs_position(page):
    client, urls, _ = running_season(16)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(urls[page]).status_code == 200
    tables = [q["sql"] for q in queries.captured_queries if '"competitions_leaguegame"' in q["sql"]]
    assert any('"play_match"."status"' in sql for sql in tables)  # the games' results are read ...
    assert not any('"play_match"."state"' in sql or '"play_match"."scores"' in sql for sql in tables)  # ... no position
