"""The mass-timeout rule, with ratings before and after: the absent player takes every loss, opponents keep theirs."""

from datetime import UTC, datetime, timedelta

import pytest

from daymove.moderation.models import ModerationAction
from daymove.play import lookups
from daymove.play.models import Match
from daymove.ratings.models import Rating, RatingChange
from daymove.ratings.updates import ratings_for
from daymove.round import challenges, moves
from daymove.round.timeouts import sweep_timeouts
from tests.factories import UserFactory

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
ONE_DAY = {"kind": "per_move", "days": 1}


@pytest.fixture
def opponents(db):
    """Three established players (the rule must keep real ratings, not only newcomers' 1500)."""
    players = [UserFactory(username=name) for name in ("olga", "piet", "quinn")]
    for rating, player in zip((1620.0, 1480.0, 1710.0), players):
        Rating.objects.create(user=player, game="abande", rating=rating, deviation=70, volatility=0.06, updated=T0)
    return players


def carol_to_move_against(opponent) -> Match:
    """A rated match where both have moved and carol (seat 1) is to move, with one day per move."""
    carol = UserFactory(username="carol")
    challenge = challenges.create_challenge(opponent, "abande", {}, "carol", 0, rated=True, time_control=ONE_DAY)
    match = challenges.accept_challenge(challenge.pk, carol)
    for _ in range(3):
        match = lookups.get_match(match.pk)
        text = match.rules.legal_move_strings(match.position())[0]
        moves.submit_move(match.pk, match.players[match.to_move], text, match.ply)
    return lookups.get_match(match.pk)


def ratings_now(users, when) -> dict:
    """(rating, deviation grown to `when`, rated games) of each player, newcomers included."""
    rows = ratings_for([u.pk for u in users], "abande")
    return {
        u.username: (round(rows[u.pk].rating, 6), round(rows[u.pk].current(when).deviation, 6), rows[u.pk].games)
        for u in users
    }


def test_timing_out_of_three_matches_at_once_costs_only_the_absent_player(opponents, time_machine):
    time_machine.move_to(T0, tick=False)
    matches = [carol_to_move_against(opponent) for opponent in opponents]
    carol = matches[0].player1
    time_machine.move_to(T0 + timedelta(days=1, hours=1), tick=False)
    later = T0 + timedelta(days=30)
    before = ratings_now(opponents, later)
    carol_before = ratings_for([carol.pk], "abande")[carol.pk].rating

    assert sweep_timeouts() == 3

    assert [Match.objects.get(pk=m.pk).result_reason for m in matches] == ["timeout"] * 3
    assert ratings_now(opponents, later) == before  # not one point, not one game, not the deviation
    assert not RatingChange.objects.filter(user__in=opponents).exists()
    carol_changes = RatingChange.objects.filter(user=carol).order_by("pk")
    assert [c.score for c in carol_changes] == [0.0, 0.0, 0.0]  # carol takes every loss
    carol_after = Rating.objects.get(user=carol, game="abande")
    assert carol_after.games == 3 and carol_after.rating < carol_before - 100
    log = ModerationAction.objects.get(kind=ModerationAction.Kind.MASS_TIMEOUT)
    assert log.target == carol and log.moderator is None and sorted(log.details["timeouts"]) == [m.pk for m in matches]


def test_fewer_timeouts_than_the_threshold_are_rated_as_usual(opponents, time_machine, settings):
    settings.DAYMOVE_MASS_TIMEOUT_MATCHES = 3
    time_machine.move_to(T0, tick=False)
    for opponent in opponents[:2]:
        carol_to_move_against(opponent)
    time_machine.move_to(T0 + timedelta(days=1, hours=1), tick=False)
    before = {r.user.username: r.rating for r in Rating.objects.filter(user__in=opponents)}
    assert sweep_timeouts() == 2
    after = {r.user.username: r for r in Rating.objects.filter(user__in=opponents[:2])}
    assert all(after[name].rating > before[name] and after[name].games == 1 for name in after)
    assert not ModerationAction.objects.exists()


def test_timeouts_days_apart_are_not_at_once(opponents, time_machine, settings):
    settings.DAYMOVE_MASS_TIMEOUT_HOURS = 24
    for day, opponent in enumerate(opponents):
        time_machine.move_to(T0 + timedelta(days=2 * day), tick=False)
        carol_to_move_against(opponent)
        time_machine.move_to(T0 + timedelta(days=2 * day + 1, hours=1), tick=False)
        assert sweep_timeouts() == 1
    assert RatingChange.objects.filter(user__in=opponents).count() == 3  # each rated as usual
    assert not ModerationAction.objects.exists()
