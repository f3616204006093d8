"""The league pages as people use them: every league, a league with its rules and joining, a season, a division with
its standings, crosstable and fixtures, and the downloads; bad addresses and forged forms answered, never a 500."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from daymove.competitions.models import Entry, LeagueGame, Registration, Season
from daymove.round import endings
from tests.factories import UserFactory
from tests.support.leagues import a_division, a_season, a_series

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    """A series with season 1 running (two divisions of four; in the top one the first game won by its second
    player) and season 2 open for registration."""
    players = [UserFactory(username=name) for name in ("lea", "max", "noa", "oli")]
    series = a_series("Page league")
    running = a_season(series, 1, status=Season.Status.RUNNING)
    division = a_division(running, players)
    a_division(running, [UserFactory(username=f"low{n}") for n in range(4)], index=1, with_games=False)
    first = LeagueGame.objects.filter(division=division).order_by("round", "pk").first().match
    endings.resign(first.pk, first.player0)
    upcoming = a_season(series, 2)
    return series, running, division, players, first, upcoming


def client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def viewers(players):
    """Anonymous, a player of the division, and someone else."""
    return [client_for(), client_for(players[0]), client_for(UserFactory(username="outsider"))]


def division_url(division, suffix="/"):
    season = division.season
    return f"/leagues/{season.series.slug}/{season.number}/{division.index + 1}{suffix}"


def test_the_leagues_page_lists_every_series_with_its_seasons_and_the_viewers_place(league):
    series, running, division, players, first, upcoming = league
    for client in viewers(players):
        page = client.get(reverse("competitions:index")).content.decode()
        assert series.name in page and series.get_absolute_url() in page
        assert f"Season {running.number}</a> running" in page and f"next season ({upcoming.number})" in page
    page = client_for(players[0]).get(reverse("competitions:index")).content.decode()
    assert "you are" in page and "division 1, place" in page


def test_the_leagues_page_filters_by_game_and_says_when_the_game_is_unknown(league):
    series = league[0]
    page = Client().get(reverse("competitions:index"), {"game": series.game}).content.decode()
    assert series.name in page
    response = Client().get(reverse("competitions:index"), {"game": "no-such-game"})
    assert response.status_code == 400 and "Select a valid choice" in response.content.decode()


def test_the_series_page_shows_the_rules_before_joining_and_the_running_divisions(league):
    series, running, division, players, first, upcoming = league
    for client in viewers(players):
        page = client.get(series.get_absolute_url()).content.decode()
        assert "fewer than half your games finished, all your games are struck" in page  # the withdrawal rule
        assert "second timeout in a season withdraws you" in page
        assert f"At most {series.vacation_cap_days} days of vacation" in page
        assert "3 days per move" in page and "everyone plays everyone once" in page
        assert "direct encounter, wins, Sonneborn–Berger, Koya, rating at the season" in page
        assert division.get_absolute_url() in page and f"season {upcoming.number}" in page
    assert "Log in</a> or" in Client().get(series.get_absolute_url()).content.decode()


def test_joining_every_season_then_skipping_then_leaving(league):
    series = league[0]
    joiner = UserFactory(username="joiner")
    client = client_for(joiner)
    url = reverse("competitions:registration", args=[series.slug])
    response = client.post(url, {"mode": "recurring"}, follow=True)
    assert Registration.objects.get(series=series, player=joiner).mode == "recurring"
    assert "You are entered for every season" in response.content.decode()
    assert "Your choice now: <strong>Every season</strong>" in response.content.decode()
    client.post(url, {"mode": "skip"})
    assert Registration.objects.get(series=series, player=joiner).mode == "skip"
    client.post(url, {"mode": "leave"})
    assert not Registration.objects.filter(series=series, player=joiner).exists()


def test_registration_needs_a_login_and_the_csrf_token(league):
    series = league[0]
    url = reverse("competitions:registration", args=[series.slug])
    response = Client().post(url, {"mode": "recurring"})
    assert response.status_code == 302 and response.url.startswith(reverse("account_login"))
    joiner = UserFactory(username="careful")
    guarded = Client(enforce_csrf_checks=True)
    guarded.force_login(joiner)
    assert guarded.post(url, {"mode": "recurring"}).status_code == 403
    assert not Registration.objects.filter(player=joiner).exists()


def test_a_forged_choice_is_answered_with_a_clear_message_and_changes_nothing(league):
    series = league[0]
    joiner = UserFactory(username="forger")
    url = reverse("competitions:registration", args=[series.slug])
    for forged in ({"mode": "forever"}, {}, {"mode": "x" * 5000}, {"mode": "Once"}):
        response = client_for(joiner).post(url, forged)
        assert response.status_code == 400, forged
        assert "Choose to join every season" in response.content.decode()
    assert not Registration.objects.filter(player=joiner).exists()


def test_a_player_who_cannot_join_is_told_why_on_the_page_and_when_trying(league):
    series = league[0]
    unverified = UserFactory(username="unverified", verified=False)
    client = client_for(unverified)
    assert "Leagues need a verified email address" in client.get(series.get_absolute_url()).content.decode()
    response = client.post(reverse("competitions:registration", args=[series.slug]), {"mode": "once"})
    assert response.status_code == 400 and "Leagues need a verified email address" in response.content.decode()
    assert not Registration.objects.filter(player=unverified).exists()


def test_the_season_page_shows_its_dates_status_and_division_leaders(league):
    series, running, division, players, first, upcoming = league
    winner = first.player1.username
    for client in viewers(players):
        page = client.get(running.get_absolute_url()).content.decode()
        assert "Running" in page and division.get_absolute_url() in page
        assert f"leading: {winner} (1)" in page
        assert "1 of 6 games finished" in page
    assert "Starts" in Client().get(upcoming.get_absolute_url()).content.decode()


def test_the_division_page_shows_standings_crosstable_and_fixtures(league):
    series, running, division, players, first, upcoming = league
    winner, loser = first.player1.username, first.player0.username
    for client in viewers(players):
        page = client.get(division.get_absolute_url()).content.decode()
        assert "<caption" in page and 'role="region"' in page and 'tabindex="0"' in page
        standings = page[page.index("standings-heading") :]
        assert standings.index(f">{winner}</a>") < standings.index(f">{loser}</a>")  # the winner heads the table
        assert "in the race" in page  # statuses in words
        assert "Equal on points" in page and "share the place: equal on points and every tie-break" in page
        assert first.get_absolute_url() in page  # cells and fixtures link to the games
        assert "to move, by <time" in page  # a pending cell: whose move and the deadline
        assert "Round 1" in page and "Round 3" in page
        assert "1-0" in page or "0-1" in page
    assert "For you:" in client_for(players[0]).get(division.get_absolute_url()).content.decode()


def test_the_table_part_is_drawn_alone_for_a_live_update(league):
    division = league[2]
    response = Client().get(division_url(division, "/table/"), HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200 and body.lstrip().startswith('<div id="division-table"')
    assert 'hx-trigger="sse:table"' in body and "<html" not in body


def test_the_division_page_follows_its_live_topic(league):
    division = league[2]
    page = Client().get(division.get_absolute_url()).content.decode()
    assert f'data-live-topic="division-{division.pk}"' in page


def test_the_downloads_hold_the_standings_and_every_game_with_its_result(league):
    series, running, division, players, first, upcoming = league
    data = Client().get(division_url(division, ".json")).json()
    assert data["series"] == series.name and data["season"] == 1 and data["division"] == 1
    assert [row["player"] for row in data["standings"]][0] == first.player1.username
    assert len(data["games"]) == 6
    played = next(game for game in data["games"] if game["match"] == first.pk)
    assert played["result"] == "0-1" and played["counted"] == "As played"
    assert sum(game["counted"] == "In progress" for game in data["games"]) == 5
    response = Client().get(division_url(division, ".csv"))
    assert response["Content-Type"].startswith("text/csv") and "attachment" in response["Content-Disposition"]
    standings_part, games_part = response.content.decode().split("\r\n\r\n")
    assert next(csv.DictReader(io.StringIO(standings_part)))["player"] == first.player1.username
    assert len(list(csv.DictReader(io.StringIO(games_part)))) == 6


@pytest.mark.parametrize(
    "path",
    [
        "/leagues/no-such-league/",
        "/leagues/page-league/9/",
        "/leagues/page-league/1/3/",
        "/leagues/page-league/1/0/",
        "/leagues/page-league/99999999999999999999999/",
        "/leagues/page-league/1/99999999999999999999999/",
        "/leagues/page-league/1/99999999999999999999999.json",
        "/leagues/page-league/3/1.csv",
        "/leagues/page-league/1/5/table/",
    ],
)
def test_an_unknown_league_season_or_division_is_the_not_found_page(league, path):
    response = Client().get(path)
    assert response.status_code == 404 and "<html" in response.content.decode()


def test_registration_in_an_unknown_league_is_not_found(league):
    response = client_for(UserFactory(username="lost")).post("/leagues/no-such-league/registration/", {"mode": "once"})
    assert response.status_code == 404


def test_the_profile_lists_the_players_seasons_with_place_and_movement(league):
    series, running, division, players, first, upcoming = league
    old = a_season(series, 9, status=Season.Status.CLOSED)
    past = a_division(old, [players[0], UserFactory(username="rival")], with_games=False)
    Entry.objects.filter(division=past, player=players[0]).update(final_place=1, movement=Entry.Movement.UP)
    page = Client().get(reverse("profile", args=[players[0].username])).content.decode()
    section = page[page.index("League seasons") :]
    assert division.get_absolute_url() in section and past.get_absolute_url() in section
    assert "season 9</a>" in section and "place 1 · promoted" in section
    assert "(running)" in section
    newcomer = UserFactory(username="newcomer")
    assert "League seasons" not in Client().get(reverse("profile", args=[newcomer.username])).content.decode()


def test_settled_statuses_are_said_in_words_beside_their_colour(league):
    series, running, division, players, first, upcoming = league
    for game in LeagueGame.objects.filter(division=division).exclude(match=first).select_related("match"):
        match = game.match
        loser = match.player0 if players.index(match.player0) > players.index(match.player1) else match.player1
        endings.resign(match.pk, loser)  # the earlier-named player wins (but oli beat lea in round 1)
    page = Client().get(division.get_absolute_url()).content.decode()
    standings = page[page.index("standings-heading") : page.index("crosstable-heading")]
    last_row = standings[standings.index('class="zone-down"') :]
    assert "oli" in last_row and "relegated (certain)" in last_row
    assert standings.count(">safe</span>") == 3
