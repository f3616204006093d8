"""A 10-player division page's cost against a match page's (issue 28: within 2x in loadbench), in-process on the test
database: median ms of 200 warm requests each, half the division's games ended. Not collected with the suite (a
measurement, not a check); run it by name:

    .venv/bin/pytest -q -s tests/competitions/measure_division_page.py
"""

from __future__ import annotations

import statistics
import time

import pytest
from django.test import Client

from daymove.competitions.models import Season
from tests.support.leagues import a_division, a_season, a_series
from tests.support.seasons import finish, many_players

REPEATS = 200


def median_ms(client, requests: dict) -> dict:
    """Median ms of REPEATS of each request (name: (url, headers)), after a few to warm the caches; the requests
    take turns, so a busy machine slows them alike."""
    times = {name: [] for name in requests}
    for repeat in range(5 + REPEATS):
        for name, (url, headers) in requests.items():
            started = time.perf_counter()
            response = client.get(url, headers=headers)
            if repeat >= 5:
                times[name].append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200
    return {name: statistics.median(ms) for name, ms in times.items()}


@pytest.mark.django_db
def test_measure_a_division_page_against_a_match_page():
    season = a_season(a_series("Measured league"), status=Season.Status.RUNNING)
    players = many_players(10)
    division = a_division(season, players)
    games = list(division.games.select_related("match").order_by("pk"))
    for n, game in enumerate(games[::2]):
        finish(game.match, n % 3 if n % 3 < 2 else None)
    running = next(g.match for g in games if g.match.status == "active")
    for viewer in (players[0], None):  # a player of the division, then a visitor
        client = Client()
        if viewer is not None:
            client.force_login(viewer)
        url = division.get_absolute_url()
        ms = median_ms(
            client,
            {
                "match": (running.get_absolute_url(), {}),
                "division": (url, {}),
                "part": (url + "table/", {"HX-Request": "true"}),
            },
        )
        match_ms, division_ms, part_ms = ms["match"], ms["division"], ms["part"]
        print(
            f"\n{'player' if viewer else 'visitor'}: match page {match_ms:.1f} ms; division page {division_ms:.1f} ms "
            f"({division_ms / match_ms:.2f}x); live table part {part_ms:.1f} ms ({part_ms / match_ms:.2f}x)"
        )
