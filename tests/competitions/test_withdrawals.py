"""A withdrawal strikes a player's games below half finished, and forfeits the rest from half on."""

from daymove.competitions.withdrawals import Game, Rule, Withdrawal, withdraw, withdrawn_by_timeouts


def games(finished, total):
    return [Game(game, game <= finished) for game in range(1, total + 1)]


def test_fewer_than_half_finished_strikes_every_game():
    # 3 of 7 finished: below half, so all 7 leave the table; the 4 unfinished ones are aborted.
    assert withdraw(games(3, 7)) == Withdrawal(
        Rule.STRUCK, struck=(1, 2, 3, 4, 5, 6, 7), aborted=(4, 5, 6, 7), forfeited=()
    )


def test_half_or_more_finished_keeps_the_results_and_forfeits_the_rest():
    # 4 of 7 finished: the results stand and the 3 unfinished games are won by the opponents.
    assert withdraw(games(4, 7)) == Withdrawal(Rule.FORFEITS, struck=(), aborted=(), forfeited=(5, 6, 7))
    # Exactly half counts as half or more.
    assert withdraw(games(3, 6)).rule is Rule.FORFEITS
    assert withdraw(games(2, 6)).rule is Rule.STRUCK


def test_a_second_timeout_in_a_season_withdraws_the_player():
    assert not withdrawn_by_timeouts(1)
    assert withdrawn_by_timeouts(2)
