"""A league's tables are public, like any competition's results: a player who unlists their games still has their
league games in the division's crosstable and fixtures (the series' rules say so before anyone joins), while the
watch page and the archive of all games leave them out as for any other game."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from daymove.competitions.models import Season
from daymove.players.models import Player
from tests.factories import UserFactory
from tests.support.leagues import a_division, a_season, a_series

pytestmark = pytest.mark.django_db

RULE = "League games are listed on the league&#x27;s tables whatever your archive setting"


@pytest.fixture
def division():
    players = [UserFactory(username=name) for name in ("vic", "wes", "xan", "yul")]
    Player.objects.filter(user=players[0]).update(games_listed=False)
    return a_division(a_season(a_series("Open league"), status=Season.Status.RUNNING), players)


def test_the_rules_say_league_games_are_listed_on_the_tables_whatever_the_archive_setting(division):
    page = Client().get(division.season.series.get_absolute_url()).content.decode()
    assert RULE in page


def test_an_unlisted_players_league_games_are_on_the_table_but_not_in_the_archive_of_all_games(division):
    games = list(division.games.select_related("match"))
    unlisted = [g.match for g in games if "vic" in (g.match.player0.username, g.match.player1.username)]
    listed = [g.match for g in games if g.match not in unlisted]
    assert unlisted and listed
    table = Client().get(division.get_absolute_url()).content.decode()
    archive = Client().get(reverse("site_archive")).content.decode()
    for match in unlisted:
        assert match.get_absolute_url() in table and f'href="{match.get_absolute_url()}"' not in archive
    for match in listed:
        assert match.get_absolute_url() in table and f'href="{match.get_absolute_url()}"' in archive
