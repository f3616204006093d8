"""Rated results: both ratings change once, in the result's transaction; leaderboards and profiles."""

import re
from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from daymove.errors import Conflict
from daymove.play.models import Match
from daymove.ratings import glicko2
from daymove.ratings.models import Rating, RatingChange
from daymove.ratings.updates import rate_match
from daymove.round import draws, endings
from daymove.round.endings import end_match
from tests.factories import MatchFactory, UserFactory


def _rating(user, game="abande") -> Rating:
    return Rating.objects.get(user=user, game=game)


def test_rated_result_updates_both_ratings_exactly_once(match, alice, bob):
    endings.resign(match.pk, bob)  # alice (seat 0) wins
    a, b = _rating(alice), _rating(bob)
    expected_a, expected_b = glicko2.game(glicko2.Glicko(), glicko2.Glicko(), 1)
    assert a.rating == pytest.approx(expected_a.rating) and b.rating == pytest.approx(expected_b.rating)
    assert a.rating > 1500 > b.rating
    assert a.deviation < 500 and a.games == b.games == 1
    assert RatingChange.objects.filter(match=match).count() == 2
    change = RatingChange.objects.get(match=match, user=alice)
    assert (change.rating_before, change.score) == (1500, 1.0)
    assert change.rating_after == pytest.approx(a.rating)

    # Nothing applies it a second time: a second finish is refused, a second rating call does nothing.
    with pytest.raises(Conflict):
        endings.resign(match.pk, alice)
    match.refresh_from_db()
    assert rate_match(match) == []
    assert _rating(alice).rating == a.rating and _rating(alice).games == 1
    assert RatingChange.objects.count() == 2


def test_rating_is_written_in_the_results_transaction(match, alice, bob, monkeypatch):
    """If rating fails, the result is rolled back with it: never a result without its rating change."""
    from daymove.ratings import updates

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(updates.glicko2, "game", broken)
    with pytest.raises(RuntimeError):
        endings.resign(match.pk, bob)
    match.refresh_from_db()
    assert match.is_active and not RatingChange.objects.exists()


def test_casual_match_changes_no_rating(alice, bob):
    casual = MatchFactory(player0=alice, player1=bob, rated=False)
    endings.resign(casual.pk, bob)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_aborted_match_is_not_rated(match):
    end_match(match, None, "aborted", aborted=True)
    assert not RatingChange.objects.exists()


def test_draw_by_agreement_is_rated_as_half(match, alice, bob):
    Rating.objects.create(user=alice, game="abande", rating=1700, deviation=80, volatility=0.06)
    draws.offer_draw(match.pk, alice)
    draws.accept_draw(match.pk, bob)
    match.refresh_from_db()
    assert (match.status, match.winner, match.result_reason) == ("finished", None, "agreement")
    assert _rating(alice).rating < 1700 and _rating(bob).rating > 1500  # the weaker side gains from a draw
    assert {c.score for c in RatingChange.objects.filter(match=match)} == {0.5}


def test_bots_are_rated(alice, bot):
    bot_match = MatchFactory(player0=alice, player1=bot)
    endings.resign(bot_match.pk, alice)
    assert _rating(bot).rating > 1500 > _rating(alice).rating


def test_idle_time_grows_the_deviation_before_the_next_game(alice, bob, carol):
    start = timezone.now()
    Rating.objects.create(user=alice, game="abande", rating=1600, deviation=60, volatility=0.06, updated=start)
    with time_machine.travel(start + timedelta(days=200), tick=False):
        later = MatchFactory(player0=alice, player1=bob)
        endings.resign(later.pk, bob)
    change = RatingChange.objects.get(match=later, user=alice)
    grown = glicko2.inflate(glicko2.Glicko(1600, 60, 0.06), 200).deviation
    assert change.deviation_before == pytest.approx(grown, rel=1e-6)
    assert change.deviation_before > 60


def test_established_until_follows_the_deviation(alice):
    row = Rating(user=alice, game="abande")
    now = timezone.now()
    row.store(glicko2.Glicko(1600, 60, 0.06), now)
    assert row.established_until > now and row.display(now) == "1600"
    assert row.display(row.established_until + timedelta(days=1)) == "1600?"
    row.store(glicko2.Glicko(1600, 200, 0.06), now)
    assert row.established_until is None and row.display(now) == "1600?"


# ---- leaderboard and profile ----------------------------------------------------------------


def _established(user, game="abande", rating=1600.0):
    row = Rating(user=user, game=game, games=12)
    row.store(glicko2.Glicko(rating, 70, 0.06), timezone.now())
    row.save()
    return row


def test_leaderboard_lists_established_players_only(client, alice, bob, carol, bot):
    _established(alice, rating=1700)
    _established(bob, rating=1650)
    Rating.objects.create(user=carol, game="abande", rating=1900, deviation=200)  # provisional
    _established(bot, rating=2000)  # bots are rated but not listed
    stale = UserFactory(username="stale")
    row = _established(stale, rating=1800)
    Rating.objects.filter(pk=row.pk).update(established_until=timezone.now() - timedelta(days=1))
    gone = UserFactory(username="gone")
    _established(gone, rating=1750)
    gone.is_active = False
    gone.save()
    page = client.get(reverse("leaderboard", args=["abande"])).content.decode()
    assert page.index("alice") < page.index("bob")
    for absent in ("carol", "bot-casual", "stale", "gone"):
        assert f">{absent}<" not in page
    assert client.get(reverse("leaderboard", args=["nonsense"])).status_code == 404
    assert client.get(reverse("leaderboard_index")).status_code == 302


def _count_queries(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


def test_leaderboard_query_count_does_not_grow(client, db):
    url = reverse("leaderboard", args=["abande"])
    for i in range(3):
        _established(UserFactory(), rating=1500 + i)
    small = _count_queries(client, url)
    for i in range(25):
        _established(UserFactory(), rating=1600 + i)
    assert _count_queries(client, url) == small


def _finished_matches(user, opponent, count):
    for i in range(count):
        m = MatchFactory(player0=user, player1=opponent)
        endings.resign(m.pk, opponent if i % 2 == 0 else user)


def _match_links(page: str) -> list[int]:
    return [int(n) for n in re.findall(r'href="/m/(\d+)/"', page)]


def test_profile_shows_rating_chart_record_current_games_and_the_archive(client, alice, bob):
    _finished_matches(alice, bob, 3)  # alice wins, loses, wins
    casual = MatchFactory(player0=alice, player1=bob, rated=False)
    draws.offer_draw(casual.pk, alice)
    draws.accept_draw(casual.pk, bob)
    running = MatchFactory(player0=bob, player1=alice)
    page = client.get(reverse("profile", args=["alice"])).content.decode()
    row = _rating(alice)
    assert f"{round(row.rating)}?" in page  # three games: still provisional
    assert "2 won, 1 drawn, 1 lost" in page
    assert '<svg class="rating-chart"' in page and "<polyline" in page
    assert _match_links(page) == [running.pk]  # current games only; finished ones are in the archive

    # The profile's link to the whole archive leads to every finished match (and the running one).
    archive = reverse("player_archive", args=["alice"])
    assert f'href="{archive}"' in page
    listed = _match_links(client.get(archive).content.decode())
    finished = Match.objects.involving(alice).filter(status=Match.Status.FINISHED)
    assert len(finished) == 4
    assert sorted(listed) == sorted([m.pk for m in finished] + [running.pk])
    assert client.get(reverse("profile", args=["nobody"])).status_code == 404


def test_profile_query_count_does_not_grow(client, alice, bob):
    url = reverse("profile", args=["alice"])
    _finished_matches(alice, bob, 2)
    small = _count_queries(client, url)
    _finished_matches(alice, bob, 12)
    MatchFactory(player0=alice, player1=bob, game="parity")
    assert _count_queries(client, url) == small
