"""Withdrawals under races (threads with their own connections; SQLite here, PostgreSQL when DATABASE_URL names
one): one withdrawal of an entry wins, and a game a withdrawal forfeits while its player resigns it ends once."""

from __future__ import annotations

import pytest
from django.core import mail

from daymove.competitions.models import Entry, LeagueGame, Season
from daymove.errors import Conflict
from daymove.play import lookups
from daymove.play.models import Match
from daymove.ratings.models import RatingChange
from daymove.round import endings, leagues
from tests.factories import UserFactory
from tests.support.leagues import a_division, a_season, a_series, entry_of
from tests.support.threads import THREADS, run_together

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def division():
    players = [UserFactory(username=name) for name in ("ann", "ben", "cat", "dan", "eve")]
    return a_division(a_season(a_series(), status=Season.Status.RUNNING), players)


def ann_games(division) -> list[LeagueGame]:
    ann = Entry.objects.get(division=division, seat=1).player
    rows = LeagueGame.objects.filter(division=division).select_related("match").order_by("pk")
    return [g for g in rows if ann in g.match.players]


def test_parallel_withdrawals_of_one_entry_withdraw_it_once(division):
    entry = Entry.objects.get(division=division, seat=1)
    results = run_together([lambda: leagues.withdraw(entry, "Asked twice", by=None) for _ in range(THREADS)])
    assert sorted(results, key=str) == [False] * (THREADS - 1) + [True], results
    assert sum(m.subject.startswith("You were withdrawn") for m in mail.outbox) == 1  # told once
    assert {g.match.status for g in ann_games(division)} == {Match.Status.ABORTED}


def test_a_forfeit_racing_the_players_resignation_ends_the_game_once_either_way(division):
    ann = Entry.objects.get(division=division, seat=1).player
    first, second, raced, _ = ann_games(division)
    for game in (first, second):  # half finished: the withdrawal gives the rest as forfeits
        endings.resign(game.match_id, ann)
    Match.objects.filter(pk=raced.match_id).update(rated=True)
    results = run_together(
        [
            lambda: leagues.withdraw(entry_of(division, ann), "Left", by=None),
            lambda: endings.resign(raced.match_id, ann),
        ]
    )
    assert results[0] is True and isinstance(results[1], Match | Conflict), results
    game = LeagueGame.objects.select_related("match").get(pk=raced.pk)
    match = lookups.get_match(game.match_id)
    assert match.status == Match.Status.FINISHED
    if match.result_reason == "forfeit":  # the withdrawal came first: a forfeit, unrated
        assert game.counted == LeagueGame.Counted.FORFEIT and not match.rated
        assert not RatingChange.objects.filter(match=match).exists()
    else:  # the resignation came first: a result as played, rated
        assert match.result_reason == "resignation" and game.counted == LeagueGame.Counted.RESULT
        assert match.rated and RatingChange.objects.filter(match=match).count() == 2
    assert entry_of(division, ann).withdrawn_at is not None
