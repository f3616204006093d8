"""The Glicko-2 maths against Glickman's worked example, and the lichess-style additions."""

import math

import pytest

from daymove.ratings import glicko2
from daymove.ratings.glicko2 import Glicko


def test_glickmans_worked_example():
    """Glickman, "Example of the Glicko-2 system": 1500/200/0.06, tau 0.5, three games."""
    player = Glicko(1500, 200, 0.06)
    results = [(Glicko(1400, 30), 1), (Glicko(1550, 100), 0), (Glicko(1700, 300), 0)]
    after = glicko2.rate(player, results, tau=0.5)
    # The paper rounds its intermediate steps; its published figures are 1464.06, 151.52, 0.05999.
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_no_games_only_grows_the_deviation():
    after = glicko2.rate(Glicko(1500, 200, 0.06), [])
    assert after.rating == 1500 and after.volatility == 0.06
    assert after.deviation == pytest.approx(math.sqrt((200 / 173.7178) ** 2 + 0.06**2) * 173.7178)


def test_newcomer_defaults_are_lichess():
    new = Glicko()
    assert (new.rating, new.deviation, new.volatility, glicko2.TAU) == (1500, 500, 0.09, 0.75)
    assert new.provisional


def test_one_game_moves_both_players_opposite_ways():
    a, b = Glicko(1500, 80, 0.06), Glicko(1500, 80, 0.06)
    win, loss = glicko2.game(a, b, 1)
    assert win.rating > 1500 > loss.rating
    assert win.rating - 1500 == pytest.approx(1500 - loss.rating)
    draw_a, draw_b = glicko2.game(a, b, 0.5)
    assert draw_a.rating == pytest.approx(1500) and draw_b.rating == pytest.approx(1500)
    assert draw_a.deviation < 80  # a game makes the rating surer


def test_upset_moves_more_than_expected_result():
    strong, weak = Glicko(1900, 60, 0.06), Glicko(1500, 60, 0.06)
    expected = glicko2.game(strong, weak, 1)[0].rating - 1900
    upset = 1900 - glicko2.game(strong, weak, 0)[0].rating
    assert upset > expected > 0


def test_clamp_keeps_lichess_bounds():
    assert glicko2.clamp(Glicko(100, 600, 0.5)) == Glicko(400, 500, 0.1)
    assert glicko2.clamp(Glicko(5000, 10, 0.05)) == Glicko(4000, 45, 0.05)


def test_idle_time_grows_the_deviation_up_to_500():
    value = Glicko(1600, 60, 0.06)
    assert glicko2.inflate(value, 0) == value
    later = glicko2.inflate(value, 100)
    growth = (0.06 * 173.7178) ** 2 * 100 * glicko2.PERIODS_PER_DAY
    assert later.deviation == pytest.approx(math.sqrt(60**2 + growth))
    assert later.rating == 1600
    assert glicko2.inflate(value, 100_000).deviation == 500


def test_days_until_provisional_matches_inflate():
    value = Glicko(1600, 60, 0.06)
    days = glicko2.idle_days_until_provisional(value)
    assert glicko2.inflate(value, days).deviation == pytest.approx(110)
    assert not glicko2.inflate(value, days - 1).provisional
    assert glicko2.inflate(value, days + 1).provisional
    assert glicko2.idle_days_until_provisional(Glicko(1600, 120, 0.06)) is None


def test_a_newcomer_is_established_after_about_a_dozen_games():
    """Provisional ("?") while the deviation is at least 110: a few games are not enough."""
    player, opponent = Glicko(), Glicko(1500, 60, 0.06)
    games = 0
    while player.provisional:
        player = glicko2.game(player, opponent, [1, 0, 0.5][games % 3])[0]
        games += 1
    assert 8 <= games <= 15
