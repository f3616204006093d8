"""Every reason a ladder challenge is refused, through the database, and the rows the ladder page shows."""

from datetime import timedelta

import pytest
import time_machine
from allauth.account.models import EmailAddress
from django.utils import timezone

from daymove.clocks.vacations import book_vacation, local_today
from daymove.errors import Refused
from daymove.ladders.arithmetic import Refusal
from daymove.ladders.refusals import refusal, said
from daymove.ladders.rows import in_place_order, rows
from daymove.round.ladder_challenges import challenge_on_ladder
from daymove.safety.blocks import block
from tests.factories import UserFactory
from tests.support.ladders import a_ladder, challenge_and_end, line_up, names


@pytest.fixture
def ladder(db):
    return a_ladder()


@pytest.fixture
def p(ladder):
    """p[1] .. p[12] on places 1 .. 12 (reach 5)."""
    players = [UserFactory(username=f"p{i}") for i in range(1, 13)]
    line_up(ladder, players)
    return {i: player for i, player in enumerate(players, 1)}


def test_the_rules_reasons_read_as_the_page_shows_them():
    assert said(Refusal.TOO_FAR, 30) == "Too far above you: you may challenge up to 6 places up."
    assert said(Refusal.ON_VACATION, 30) == "This player is on vacation."
    assert all(said(reason, 30) for reason in Refusal)  # every reason has its words


def test_a_player_may_challenge_up_to_five_places_above_and_no_one_below(ladder, p):
    assert refusal(ladder, p[12], p[7]) is None
    assert refusal(ladder, p[12], p[6]) == "Too far above you: you may challenge up to 5 places up."
    assert refusal(ladder, p[7], p[12]) == "This player is below you: challenge someone above."
    assert refusal(ladder, p[7], p[7]) == "This is you."
    assert refusal(ladder, p[7], UserFactory()) == "This player is not on the ladder."


def test_a_newcomer_reaches_from_just_below_the_bottom(ladder, p):
    newcomer = UserFactory()
    assert refusal(ladder, newcomer, p[8]) is None
    assert refusal(ladder, newcomer, p[7]) == "Too far above you: you may challenge up to 5 places up."


def test_two_open_games_out_and_two_in_at_most_and_one_at_a_time_per_pair(ladder, p):
    challenge_on_ladder(ladder, p[12], "p10")
    assert refusal(ladder, p[12], p[10]) == "You are already playing each other on the ladder."
    challenge_on_ladder(ladder, p[12], "p9")
    assert refusal(ladder, p[12], p[8]) == "You already have 2 open ladder challenges."
    challenge_on_ladder(ladder, p[11], "p8")
    challenge_on_ladder(ladder, p[10], "p8")
    assert refusal(ladder, p[9], p[8]) == "This player already has 2 open ladder games against challengers."
    with pytest.raises(Refused, match="already has 2 open ladder games"):
        challenge_on_ladder(ladder, p[9], "p8")
    assert names(ladder) == [f"p{i}" for i in range(1, 13)]


def test_no_repeat_of_a_pair_within_14_days(ladder, p):
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        challenge_and_end(ladder, p[12], p[10], winner=p[10])
    with time_machine.travel(start + timedelta(days=13), tick=False):
        assert refusal(ladder, p[12], p[10]) == "You played each other on the ladder less than 14 days ago."
    with time_machine.travel(start + timedelta(days=14, hours=1), tick=False):
        assert refusal(ladder, p[12], p[10]) is None


def test_players_on_vacation_cannot_be_challenged_and_their_games_do_not_count_against_the_caps(ladder, p):
    challenge_on_ladder(ladder, p[12], "p10")
    challenge_on_ladder(ladder, p[12], "p9")
    today = local_today(p[10])
    book_vacation(p[10], today, today + timedelta(days=3))
    assert refusal(ladder, p[11], p[10]) == "This player is on vacation."
    assert refusal(ladder, p[12], p[8]) is None  # the game against p10 does not count while p10 is away


def test_bots_unverified_players_blocks_and_closed_ladders_are_refused(ladder, p, bot):
    assert refusal(ladder, bot, p[12]) == "Bots do not play on ladders."
    unverified = UserFactory(verified=False)
    EmailAddress.objects.filter(user=unverified).delete()
    assert refusal(ladder, unverified, p[12]).startswith("Ladder games are rated")
    block(p[11], "p12")
    assert refusal(ladder, p[12], p[11]) == "One of you has blocked the other."
    ladder.active = False
    ladder.save()
    assert refusal(ladder, p[12], p[11]) == "This ladder is closed to new challenges."


def test_rows_give_every_player_in_place_order_with_a_button_or_the_reason(ladder, p):
    challenge_on_ladder(ladder, p[12], "p10")
    shown = rows(ladder, p[12], in_place_order(ladder))
    assert [row.player.username for row in shown] == [f"p{i}" for i in range(1, 13)]
    assert [row.place for row in shown] == list(range(1, 13))
    assert [row.can_challenge for row in shown] == [False] * 6 + [True] * 3 + [False, True, False]
    assert shown[0].reason.startswith("Too far above you")
    assert shown[9].reason == "You are already playing each other on the ladder." and shown[9].open_games == 1
    assert shown[11].is_viewer and shown[11].reason == "This is you."
    anonymous = rows(ladder, None, in_place_order(ladder))
    assert not any(row.can_challenge or row.reason for row in anonymous)


def test_rows_cost_the_same_queries_however_long_the_ladder(ladder, p, django_assert_max_num_queries):
    viewer = p[12]
    with django_assert_max_num_queries(8):
        rows(ladder, viewer, in_place_order(ladder)[:50])
    line_up(ladder, [UserFactory() for _ in range(30)])
    with django_assert_max_num_queries(8):
        rows(ladder, viewer, in_place_order(ladder)[:50])


def test_a_defender_at_the_match_cap_is_refused_in_the_challengers_words(ladder, p, settings):
    settings.DAYMOVE_MAX_ACTIVE_MATCHES = 1
    challenge_on_ladder(ladder, p[11], "p10")
    with pytest.raises(Refused, match="p10 has 1 match"):
        challenge_on_ladder(ladder, p[12], "p10")
    assert names(ladder) == [f"p{i}" for i in range(1, 13)]
