"""A league game's match page names its league, season, division and round and links to the division; a ladder
game's links to its ladder; a friendly game's says nothing of either; the league line costs no query of its own."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from daymove.competitions.models import Season
from daymove.competitions.naming import league_label
from daymove.round.ladder_challenges import challenge_on_ladder
from tests.factories import UserFactory
from tests.support.clocks import start
from tests.support.ladders import a_ladder, line_up
from tests.support.leagues import a_division, a_season, a_series

pytestmark = pytest.mark.django_db


@pytest.fixture
def players():
    return [UserFactory(username=name) for name in ("ria", "sol", "tam", "uma")]


@pytest.fixture
def league_match(players):
    series = a_series("Named league")
    division = a_division(a_season(series, 3, status=Season.Status.RUNNING), players)
    return division.games.order_by("round", "pk").first().match, division


def page(client: Client, match) -> tuple[str, list[str]]:
    """The match page's HTML and the queries it made."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(match.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode(), [q["sql"] for q in queries.captured_queries]


def viewer(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_a_league_games_page_names_it_and_links_to_its_division(league_match):
    match, division = league_match
    label = league_label(match)
    assert label.startswith("Named league, season 3, division 1, round 1 of ")
    for client in (viewer(), viewer(match.player0), viewer(UserFactory())):
        html, _ = page(client, match)
        assert f'<a href="{division.get_absolute_url()}">{label}</a>' in html


def test_a_ladder_games_page_links_to_its_ladder(players):
    ladder = a_ladder()
    line_up(ladder, players[:2])
    match = challenge_on_ladder(ladder, players[1], players[0].username)
    html, _ = page(viewer(players[1]), match)
    assert f'<a href="{ladder.get_absolute_url()}">{ladder.name}</a>' in html


def test_the_league_line_costs_no_query_more_than_a_friendly_game(league_match, players):
    match, _ = league_match
    friendly = start(match.player0, match.player1, game=match.game)
    # The same two players, the same turn, a game of the same kind: only the league line differs.
    friendly_html, friendly_queries = page(viewer(match.player0), friendly)
    _, league_queries = page(viewer(match.player0), match)
    assert 'class="competition"' not in friendly_html
    # The league game's round of rounds is read with the match, in the same query.
    assert len(league_queries) == len(friendly_queries)
    # The friendly game's league and ladder rows are asked for only in the match's own query, as left joins.
    asked = [sql for sql in friendly_queries if "leaguegame" in sql or "laddergame" in sql]
    assert len(asked) == 1 and 'FROM "play_match"' in asked[0] and "LEFT OUTER JOIN" in asked[0]


def test_the_live_head_part_keeps_the_league_line(league_match):
    match, division = league_match
    response = viewer(match.player1).get(reverse("match_part", args=[match.pk, "head"]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert division.get_absolute_url() in response.content.decode()
