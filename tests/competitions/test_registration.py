"""Joining a league: who may (verified address, few timeouts, bots, caps) and the standing answer per series."""

from __future__ import annotations

from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from django.utils import timezone

from daymove.competitions import seasons
from daymove.competitions.models import Entry, Registration
from daymove.competitions.registration import eligible, games_per_season, refusal_to_join, register, unregister
from daymove.errors import Refused
from daymove.play.models import Match
from tests.factories import MatchFactory, UserFactory
from tests.support.leagues import a_series


def lost_on_time(player, days_ago):
    MatchFactory(
        player0=player,
        status=Match.Status.FINISHED,
        winner=1,
        to_move=None,
        result_reason="timeout",
        finished_at=timezone.now() - timedelta(days=days_ago),
    )


@pytest.mark.django_db
def test_a_verified_player_joins_and_changes_their_answer(alice):
    series = a_series()
    assert refusal_to_join(series, alice) is None
    assert register(series, alice).mode == Registration.Mode.RECURRING
    assert register(series, alice, Registration.Mode.SKIP).mode == Registration.Mode.SKIP
    assert Registration.objects.filter(series=series, player=alice).count() == 1
    unregister(series, alice)
    assert not Registration.objects.filter(series=series, player=alice).exists()


@pytest.mark.django_db
def test_an_unverified_player_is_told_to_confirm_their_address():
    series = a_series()
    player = UserFactory(verified=False)
    with pytest.raises(Refused, match="verified email address"):
        register(series, player)
    assert not Registration.objects.exists()


@pytest.mark.django_db
def test_three_timeouts_in_ninety_days_refuse_two_do_not(alice):
    series = a_series()
    lost_on_time(alice, 10)
    lost_on_time(alice, 80)
    lost_on_time(alice, 100)
    assert refusal_to_join(series, alice) is None
    lost_on_time(alice, 1)
    assert "3 matches on time in the last 90 days" in refusal_to_join(series, alice)


@pytest.mark.django_db
def test_bots_join_only_series_that_allow_them(bot):
    assert "Bots do not play" in refusal_to_join(a_series(), bot)
    assert refusal_to_join(a_series("Bot league", bots_allowed=True), bot) is None


@pytest.mark.django_db
def test_a_player_whose_match_cap_a_season_would_exceed_is_told_how_many_to_finish(alice, settings):
    series = a_series()
    settings.DAYMOVE_MAX_ACTIVE_MATCHES = games_per_season(series) + 2
    for _ in range(2):
        MatchFactory(player0=alice)
    assert refusal_to_join(series, alice) is None
    MatchFactory(player0=alice)
    reason = refusal_to_join(series, alice)
    assert f"up to {games_per_season(series)} matches to your 3 in progress" in reason and "finish 1 first" in reason


@pytest.mark.django_db
def test_a_double_round_robin_counts_twice_the_games():
    assert games_per_season(a_series("Twice", double_round_robin=True)) == 2 * games_per_season(a_series("Once"))


@pytest.mark.django_db
def test_a_made_up_mode_is_refused(alice):
    with pytest.raises(Refused):
        register(a_series(), alice, "sometimes")


@pytest.mark.django_db
def test_at_the_start_a_registered_player_who_no_longer_qualifies_is_left_out_and_keeps_their_registration(bot):
    series = a_series()
    players = [UserFactory() for _ in range(4)]
    late_timeouts, unverified = UserFactory(), UserFactory()
    for player in [*players, late_timeouts, unverified, bot]:
        Registration.objects.create(series=series, player=player)
    for days in (1, 2, 3):
        lost_on_time(late_timeouts, days)
    EmailAddress.objects.filter(user=unverified).update(verified=False)

    season = seasons.next_season(series)
    assert [u.pk for u in seasons.entrants(season)] == [p.pk for p in players]
    assert seasons.start_season(season)
    assert not Entry.objects.filter(player__in=[late_timeouts, unverified, bot]).exists()
    assert Registration.objects.filter(player__in=[late_timeouts, unverified]).count() == 2


@pytest.mark.django_db
def test_the_rules_for_many_at_once_agree_with_the_rules_for_one(settings, bot):
    series = a_series(bots_allowed=True)
    settings.DAYMOVE_MAX_ACTIVE_MATCHES = games_per_season(series) + 1
    people = [UserFactory() for _ in range(5)]
    lost_on_time(people[0], 5)
    for days in (1, 2, 3):
        lost_on_time(people[1], days)
    MatchFactory(player0=people[2], player1=people[3])
    MatchFactory(player0=people[4], player1=people[2])
    EmailAddress.objects.filter(user=people[4]).update(verified=False)
    everyone = [*people, bot]
    assert [u.pk for u in eligible(series, everyone)] == [u.pk for u in everyone if refusal_to_join(series, u) is None]
    assert [u.pk for u in eligible(series, everyone)] == [people[0].pk, people[3].pk, bot.pk]
