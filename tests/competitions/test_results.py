"""A league game's ending on its table: a timeout counted against the player who ran out of time, a second one in a
season withdrawing them, the table announced; a friendly match's ending pays one indexed query and nothing else."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from daymove.competitions import signals, withdrawing
from daymove.competitions.models import Entry, LeagueGame, Season
from daymove.play import lookups
from daymove.play.models import Match
from daymove.ratings.models import RatingChange
from daymove.round import endings, leagues
from daymove.round.timeouts import apply_timeout
from tests.factories import UserFactory
from tests.support.clocks import play_one, start
from tests.support.leagues import a_division, a_season, a_series, entry_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def players():
    return [UserFactory(username=name) for name in ("ann", "ben", "cat", "dan")]


@pytest.fixture
def division(players):
    season = a_season(a_series(), status="running")
    return a_division(season, players)


def games_of(division, player) -> list[Match]:
    """The player's league matches in the division."""
    return [
        g.match
        for g in LeagueGame.objects.filter(division=division).select_related("match")
        if player in g.match.players
    ]


def run_out_of_time(match: Match, player) -> Match:
    """Play on until `player` has moved once and it is their turn again, then apply the timeout."""
    match = lookups.get_match(match.pk)
    seat = match.seat_of(player)
    moved = False
    while not (moved and match.to_move == seat):
        moved = moved or match.to_move == seat
        match = play_one(match)
    apply_timeout(match.pk, match.ply, seat)
    return lookups.get_match(match.pk)


@pytest.fixture
def announced():
    """The league signals sent during the test, as (signal name, keyword arguments)."""
    sent = []
    receivers = {}
    for name in ("table_changed", "entry_withdrawn"):

        def receiver(sender, _name=name, **kwargs):
            sent.append((_name, kwargs))

        receivers[name] = receiver
        getattr(signals, name).connect(receiver)
    yield sent
    for name, receiver in receivers.items():
        getattr(signals, name).disconnect(receiver)


def test_a_timeout_counts_against_the_player_who_ran_out_of_time_and_the_table_is_announced(
    division, players, announced
):
    ann, ben = players[0], players[1]
    match = next(m for m in games_of(division, ann) if ben in m.players)
    match = run_out_of_time(match, ann)
    assert match.result_reason == "timeout" and match.players[match.winner] == ben
    assert entry_of(division, ann).timeouts == 1
    assert entry_of(division, ben).timeouts == 0
    assert entry_of(division, ann).withdrawn_at is None  # one timeout is a loss like any other
    assert [name for name, _ in announced] == ["table_changed"]
    assert announced[0][1]["division"] == division


def test_other_endings_count_no_timeout(division, players, announced):
    ann = players[0]
    match = games_of(division, ann)[0]
    endings.resign(match.pk, ann)
    assert entry_of(division, ann).timeouts == 0
    assert [name for name, _ in announced] == ["table_changed"]


def test_a_player_who_never_moved_in_a_league_game_loses_it_on_time(division, players):
    """A friendly game nobody started is aborted on time; a league game is a fixture, so it is a loss."""
    match = lookups.get_match(games_of(division, players[0])[0].pk)
    seat = match.to_move
    apply_timeout(match.pk, 0, seat)
    match = lookups.get_match(match.pk)
    assert match.status == Match.Status.FINISHED and match.result_reason == "timeout" and match.winner == 1 - seat
    assert entry_of(division, match.players[seat]).timeouts == 1


def test_a_second_timeout_in_a_season_withdraws_the_player(division, players, announced):
    ann = players[0]
    first, second, third = games_of(division, ann)
    run_out_of_time(first, ann)
    run_out_of_time(second, ann)
    entry = entry_of(division, ann)
    assert entry.timeouts == 2
    assert entry.withdrawn_at is not None and entry.withdrawal_reason == withdrawing.SECOND_TIMEOUT
    # Two of three games finished: half or more, so the results stand and the third is a forfeit win.
    assert not entry.results_struck
    third = lookups.get_match(third.pk)
    assert third.status == Match.Status.FINISHED and third.result_reason == withdrawing.FORFEIT
    assert third.players[third.winner] != ann and not third.rated
    assert [kwargs["entry"] for name, kwargs in announced if name == "entry_withdrawn"] == [entry]
    # Once per timeout: the second's ending and the forfeit it causes announce the table together.
    assert [name for name, _ in announced].count("table_changed") == 2


def test_two_timeouts_in_different_seasons_do_not_withdraw(players):
    series = a_series()
    ann = players[0]
    for number in (1, 2):
        division = a_division(a_season(series, number=number, status="running"), players)
        run_out_of_time(games_of(division, ann)[0], ann)
    assert list(Entry.objects.filter(player=ann).values_list("timeouts", "withdrawn_at")) == [(1, None), (1, None)]


def _ending_queries(match, player) -> int:
    with CaptureQueriesContext(connection) as queries:
        endings.resign(match.pk, player)
    return len(queries)


def test_a_friendly_match_ends_as_before_with_one_indexed_query_more(monkeypatch, division, players):
    """The league's step costs a friendly match one query on the league game's unique match key, and writes nothing."""
    ann, ben = UserFactory(username="eve"), UserFactory(username="fay")
    with_step = start(ann, ben)
    with CaptureQueriesContext(connection) as queries:
        endings.resign(with_step.pk, ann)
    league_queries = [q["sql"] for q in queries if "competitions_" in q["sql"]]
    assert len(league_queries) == 1 and league_queries[0].startswith("SELECT")
    monkeypatch.setattr(leagues, "after_ending", lambda match: None)
    without_step = start(ann, ben)
    assert _ending_queries(without_step, ann) == len(queries) - 1
    assert not RatingChange.objects.filter(match=with_step).exists()  # unrated challenge, as before
    assert lookups.get_match(with_step.pk).result_reason == "resignation"


def test_a_second_timeout_after_the_season_closed_counts_but_withdraws_nobody(division, players, announced):
    """A game may go on after its season's close; the closed table is final, so its ending withdraws no one."""
    ann = players[0]
    first, second, _ = games_of(division, ann)
    run_out_of_time(first, ann)
    Season.objects.filter(pk=division.season_id).update(status=Season.Status.CLOSED)
    match = run_out_of_time(second, ann)
    assert match.result_reason == "timeout"
    entry = entry_of(division, ann)
    assert entry.timeouts == 2 and entry.withdrawn_at is None
    assert "entry_withdrawn" not in [name for name, _ in announced]
