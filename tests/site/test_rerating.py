"""Rating a finished match again after its result changed: as if it had ended so, or its points given back first."""

from __future__ import annotations

import pytest

from daymove.play.models import Match
from daymove.ratings import glicko2
from daymove.ratings.models import Rating, RatingChange
from daymove.ratings.rerating import rerate_match
from daymove.round import endings
from tests.factories import MatchFactory, UserFactory


def _rating(user, game) -> Rating:
    return Rating.objects.get(user=user, game=game)


def _declare(match: Match, winner) -> Match:
    Match.objects.filter(pk=match.pk).update(winner=winner, result_reason="declared-by-admin")
    return Match.objects.get(pk=match.pk)


@pytest.mark.django_db
def test_a_match_rerated_with_nothing_since_is_as_if_it_had_ended_the_other_way(match, alice, bob):
    endings.resign(match.pk, bob)  # alice wins
    rerate_match(_declare(match, 1))  # bob wins after all
    a, b = _rating(alice, match.game), _rating(bob, match.game)
    expected_a, expected_b = glicko2.game(glicko2.Glicko(), glicko2.Glicko(), 0)
    assert a.rating == pytest.approx(expected_a.rating) and b.rating == pytest.approx(expected_b.rating)
    assert a.deviation == pytest.approx(expected_a.deviation) and a.games == b.games == 1
    assert sorted(RatingChange.objects.filter(match=match).values_list("user__username", "score")) == [
        ("alice", 0.0),
        ("bob", 1.0),
    ]


@pytest.mark.django_db
def test_after_later_matches_the_points_are_given_back_and_the_new_result_rated(match, alice, bob):
    endings.resign(match.pk, bob)
    later = MatchFactory(player0=alice, player1=UserFactory(username="carl"))
    endings.resign(later.pk, alice)
    before = _rating(alice, match.game)
    won = RatingChange.objects.get(match=match, user=alice)
    changes = rerate_match(_declare(match, None))  # a draw after all
    after = _rating(alice, match.game)
    drawn = next(c for c in changes if c.user_id == alice.pk)
    assert drawn.score == 0.5 and after.games == before.games
    assert after.rating == pytest.approx(before.rating - won.delta + drawn.delta)


@pytest.mark.django_db
def test_an_unrated_match_stays_unrated(alice, bob):
    match = MatchFactory(player0=alice, player1=bob, rated=False)
    endings.resign(match.pk, bob)
    assert rerate_match(_declare(match, 1)) == []
    assert not RatingChange.objects.filter(match=match).exists()
