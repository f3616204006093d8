"""A season closes when its games have ended or at 12 weeks; running games keep undecided players where they are."""

from datetime import UTC, datetime, timedelta

from daymove.competitions.divisions import Finisher, Move
from daymove.competitions.season_dates import closes_at, moves_at_close, next_start

START = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


def test_a_season_closes_when_its_last_game_ends():
    ended = [START + timedelta(days=d) for d in (3, 30, 41)]
    assert closes_at(START, ended) == START + timedelta(days=41)
    assert next_start(closes_at(START, ended)) == START + timedelta(days=48)


def test_a_season_closes_at_twelve_weeks_with_a_game_still_running():
    ended = [START + timedelta(days=3), None]
    assert closes_at(START, ended) == datetime(2026, 3, 30, 12, 0, tzinfo=UTC)
    assert next_start(closes_at(START, ended)) == datetime(2026, 4, 6, 12, 0, tzinfo=UTC)


def test_who_stays_because_a_running_game_could_still_change_their_movement():
    # A middle division of six (1 up, 1 down), closing with A–B still running. Finished games:
    # A beat C, D, E, F: 4. B beat D, E, F and drew C: 3.5. C drew B and D, beat E and F: 3.
    # D drew C and F, beat E: 2. E beat F: 1. F drew D: 0.5.
    points = {1: 4.0, 2: 3.5, 3: 3.0, 4: 2.0, 5: 1.0, 6: 0.5}
    table = [Finisher(p, place) for place, p in enumerate(points, 1)]
    moves = moves_at_close(table, points, running=[(1, 2)], index=1, count=3)
    # A–B decides promotion (B goes above A by winning it), so both stay; C cannot reach A's 4 and nobody
    # can fall to F's 0.5: C, D and E stay as they would anyway, and F goes down.
    assert moves == {1: Move.STAY, 2: Move.STAY, 3: Move.STAY, 4: Move.STAY, 5: Move.STAY, 6: Move.DOWN}


def test_with_no_game_running_the_final_table_decides():
    points = {1: 4.5, 2: 3.5, 3: 3.0, 4: 2.0, 5: 1.5, 6: 0.5}
    table = [Finisher(p, place) for place, p in enumerate(points, 1)]
    moves = moves_at_close(table, points, running=[], index=1, count=3)
    assert moves == {1: Move.UP, 2: Move.STAY, 3: Move.STAY, 4: Move.STAY, 5: Move.STAY, 6: Move.DOWN}
