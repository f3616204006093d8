"""Ladder: who may challenge whom (every refusal), how places move, idle decay and removal."""

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daymove.ladders.arithmetic import (
    Ending,
    OpenGame,
    PastGame,
    Refusal,
    apply_ending,
    apply_endings,
    decay,
    idle_dates,
    idle_days,
    idle_drop,
    idle_months,
    join,
    reach,
    refusal,
    removal_date,
    removal_due,
    remove,
    struck_out,
    warning_due,
)

TODAY = date(2026, 3, 1)
LADDER = tuple(range(1, 11))  # player n on place n


def check(challenger, defender, open_games=(), past_games=(), vacation=(), ladder=LADDER):
    return refusal(ladder, challenger, defender, open_games, past_games, vacation, TODAY)


def test_reach_is_five_places_or_a_fifth_of_the_ladder():
    assert [reach(n) for n in (3, 10, 29, 30, 100)] == [5, 5, 5, 6, 20]


def test_a_challenge_within_reach_is_allowed_and_a_newcomer_challenges_from_below_the_bottom():
    assert check(10, 5) is None
    # Someone not on the ladder counts as place 11: places 6 to 10 are within reach, 5 is not.
    assert check(42, 6) is None
    assert check(42, 5) is Refusal.TOO_FAR


@pytest.mark.parametrize(
    ("challenger", "defender", "setup", "reason"),
    [
        (5, 5, {}, Refusal.YOURSELF),
        (5, 42, {}, Refusal.NOT_ON_LADDER),
        (5, 7, {}, Refusal.BELOW),
        (10, 4, {}, Refusal.TOO_FAR),
        (10, 5, {"vacation": {5}}, Refusal.ON_VACATION),
        (10, 5, {"open_games": [OpenGame(10, 5)]}, Refusal.PLAYING),
        (10, 5, {"open_games": [OpenGame(10, 6), OpenGame(10, 7)]}, Refusal.YOUR_CAP),
        (10, 5, {"open_games": [OpenGame(8, 5), OpenGame(9, 5)]}, Refusal.THEIR_CAP),
        (10, 5, {"past_games": [PastGame(5, 10, TODAY - timedelta(days=13))]}, Refusal.TOO_SOON),
        (10, 5, {"past_games": [PastGame(10, 5, TODAY - timedelta(days=14))]}, None),
    ],
)
def test_every_refusal_reason(challenger, defender, setup, reason):
    assert check(challenger, defender, **setup) is reason


def test_open_games_of_players_on_vacation_do_not_count_against_the_caps():
    # 10 already challenges 6 and 7, but 7 is away: only one counts.
    assert check(10, 5, open_games=[OpenGame(10, 6), OpenGame(10, 7)], vacation={7}) is None
    # 5 defends against 8 and 9, but 9 is away.
    assert check(10, 5, open_games=[OpenGame(8, 5), OpenGame(9, 5)], vacation={9}) is None


def test_a_winning_challenger_takes_the_defenders_place_and_those_between_move_down_one():
    assert apply_ending(LADDER, Ending(7, 3, challenger_won=True)) == (1, 2, 7, 3, 4, 5, 6, 8, 9, 10)
    # A draw or the defender's win changes nothing.
    assert apply_ending(LADDER, Ending(7, 3, challenger_won=False)) == LADDER


def test_a_newcomer_joins_at_the_bottom_then_climbs_by_winning():
    ladder = join(LADDER, 42)
    assert ladder[-1] == 42 and join(ladder, 42) == ladder
    assert apply_ending(ladder, Ending(42, 8, challenger_won=True)) == (1, 2, 3, 4, 5, 6, 7, 42, 8, 9, 10)


def test_results_apply_in_end_order_and_only_while_the_challenger_is_below():
    # 6 challenged both 2 and 4. Beating 2 first puts 6 on place 2, above 4: the later win over 4 moves nobody.
    endings = [Ending(6, 2, True), Ending(6, 4, True)]
    assert apply_endings(LADDER, endings) == (1, 6, 2, 3, 4, 5, 7, 8, 9, 10)
    # The other order: 6 takes 4's place, then 2's.
    assert apply_endings(LADDER, endings[::-1]) == (1, 6, 2, 3, 4, 5, 7, 8, 9, 10)
    # Two challengers of one defender: 5 beats 3 (5 on place 3), then 4, now on place 5, beats 3 on place 4.
    assert apply_endings(LADDER, [Ending(5, 3, True), Ending(4, 3, True)]) == (1, 2, 5, 4, 3, 6, 7, 8, 9, 10)


@st.composite
def ladders_and_endings(draw):
    ladder = draw(st.permutations(range(1, draw(st.integers(2, 30)) + 1)))
    players = st.sampled_from(ladder)
    endings = draw(st.lists(st.builds(Ending, players, players, st.booleans()), max_size=40))
    return tuple(ladder), endings


@given(ladders_and_endings())
def test_endings_in_any_order_always_leave_a_permutation(case):
    ladder, endings = case
    for ending in endings:
        after = apply_ending(ladder, ending)
        assert sorted(after) == sorted(ladder)
        before_c, before_d = ladder.index(ending.challenger), ladder.index(ending.defender)
        if ending.challenger_won and before_c > before_d:
            # The challenger is on the defender's old place; everyone between moved down exactly one.
            assert after.index(ending.challenger) == before_d
            assert after[before_d + 1 : before_c + 1] == ladder[before_d:before_c]
            assert after[:before_d] == ladder[:before_d] and after[before_c + 1 :] == ladder[before_c + 1 :]
        else:
            assert after == ladder
        ladder = after


def test_idle_dates_drops_warning_and_removal():
    # Last ladder game ended 1 January: drops after 30 and 60 days, warned on day 83, removed on day 90.
    assert idle_dates(date(2026, 1, 1)) == (date(2026, 1, 31), date(2026, 3, 2), date(2026, 3, 25), date(2026, 4, 1))
    # Ten days of vacation push every date ten days on.
    assert idle_dates(date(2026, 1, 1), vacation_days=10)[-1] == date(2026, 4, 11)


def test_idle_days_leave_out_vacation():
    # 40 days since the last game, 10 of them (10 to 20 January) away: 30 idle days, one idle month.
    days = idle_days(date(2026, 1, 1), date(2026, 2, 10), [(date(2026, 1, 10), date(2026, 1, 20))])
    assert days == 30 and idle_months(days) == 1
    assert idle_months(29) == 0
    assert not warning_due(82) and warning_due(83)
    assert idle_months(89) == 2 and idle_months(200) == 2  # the third idle month removes instead of dropping


def test_removal_comes_at_90_idle_days_and_never_less_than_a_week_after_the_warning():
    day = date(2026, 4, 1)
    week = timedelta(days=7)
    # Warned on time (day 83): removed on day 90.
    assert not removal_due(89, day, day - week + timedelta(days=1)) and removal_due(90, day, day - week)
    assert removal_date(83, day - week, day - week) == day
    # Never warned (the sweep did not run in the window): never removed, however long idle.
    assert not removal_due(120, day, None)
    # Warned late, on day 100: removed a week after the warning, not at once.
    assert removal_date(100, day, day) == day + week
    assert not removal_due(106, day + timedelta(days=6), day) and removal_due(107, day + week, day)


def test_an_idle_player_drops_a_tenth_of_the_ladder_per_idle_month():
    ladder = tuple(range(1, 26))
    assert idle_drop(25) == 3 and idle_drop(7) == 1
    assert decay(ladder, 4, months=1)[:8] == (1, 2, 3, 5, 6, 7, 4, 8)
    # Near the bottom a drop stops at the last place.
    assert decay(ladder, 24, months=2)[-2:] == (25, 24)


def test_removal_closes_the_gap():
    assert remove(LADDER, 3) == (1, 2, 4, 5, 6, 7, 8, 9, 10)


def test_two_no_move_marks_or_two_timeouts_within_30_days_remove_a_player():
    assert struck_out([TODAY - timedelta(days=29), TODAY], [], TODAY)
    assert not struck_out([TODAY - timedelta(days=30), TODAY], [], TODAY)
    assert struck_out([], [TODAY - timedelta(days=3), TODAY - timedelta(days=1)], TODAY)
    # One of each is not two of either.
    assert not struck_out([TODAY], [TODAY], TODAY)
