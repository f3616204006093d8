"""seeds/ gives a new user leagues at once: a series per game open for registration, and a season in progress."""

import pytest
from django.core.management import call_command
from django.test import Client

from daymove.competitions.models import Division, Entry, LeagueGame, Registration, Season, Series
from daymove.outbox.models import Job
from daymove.play.models import Match
from daymove.play.replaycheck import check_all_matches
from games.registry import all_games

pytestmark = pytest.mark.slow  # loads the whole of seeds/ (10-20 s): `make test`, not `make check`


def _variants():
    """Every game with the options its series are told apart by: one series per board a game offers."""
    for slug, game in all_games().items():
        boards = [spec.choices for spec in game.chosen_option_specs() if spec.name == "board"]
        for board in boards[0] if boards else [None]:
            yield slug, game.normalize_options({} if board is None else {"board": board})


def _counts():
    return [model.objects.count() for model in (Series, Season, Registration, Division, Entry, LeagueGame, Match)]


def _game_between(season, first: str, second: str) -> LeagueGame:
    pair = [first, second]
    return LeagueGame.objects.select_related("match", "division").get(
        division__season=season, match__player0__username__in=pair, match__player1__username__in=pair
    )


def test_seeds_make_a_series_per_game_open_and_one_season_in_progress_once(db):
    call_command("load_seeds")
    counts = _counts()
    call_command("load_seeds")
    assert _counts() == counts  # a second run changes nothing

    for slug, options in _variants():
        series = Series.objects.get(game=slug, options=options)
        assert series.seasons.filter(status=Season.Status.OPEN).count() == 1, series
    [running] = Season.objects.filter(status=Season.Status.RUNNING)
    assert running.divisions.count() >= 3
    statuses = set(LeagueGame.objects.filter(division__season=running).values_list("match__status", flat=True))
    assert statuses == {Match.Status.ACTIVE, Match.Status.FINISHED}
    assert list(check_all_matches()) == []  # league games were played through the move service

    # alice and bob play each other in one division, their game is going on, and that division has results.
    together = _game_between(running, "alice", "bob")
    assert together.match.is_active and together.match.ply > 0
    assert together.match.players[together.match.to_move].username == "alice"  # she can play it at once
    assert together.division.games.filter(match__status=Match.Status.FINISHED).count() >= 3
    assert Division.objects.filter(season=running).exclude(games__match__status=Match.Status.FINISHED).count() == 0


def test_the_seeded_season_told_nobody_and_alice_sees_her_league_game_and_table(db):
    call_command("load_seeds")
    assert not Job.objects.filter(kind="email").exists()  # demo history is nobody's news

    alice = Client()
    assert alice.login(username="alice", password="daymove-demo")
    running = Season.objects.get(status=Season.Status.RUNNING)
    together = _game_between(running, "alice", "bob")
    assert f"/m/{together.match_id}/" in alice.get("/").content.decode()  # in her games list
    page = alice.get(together.division.get_absolute_url())
    assert page.status_code == 200
    text = page.content.decode()
    assert all(entry.player.username in text for entry in together.division.entries.select_related("player"))
    assert f"/m/{together.match_id}/" in text  # the crosstable links their game
