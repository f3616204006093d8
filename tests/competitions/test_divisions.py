"""Division sizes, the first draw by rating, movement between seasons and the places freed by leavers."""

import pytest

from daymove.competitions.divisions import (
    Entrant,
    Finisher,
    Move,
    division_sizes,
    first_season,
    next_season,
    table_moves,
)


def test_sizes_are_five_to_ten_and_within_one():
    for entrants in range(11, 1001):
        sizes = division_sizes(entrants)
        assert sum(sizes) == entrants
        assert min(sizes) >= 5 and max(sizes) <= 10
        assert max(sizes) - min(sizes) <= 1


@pytest.mark.parametrize(
    ("entrants", "sizes"),
    [(4, (4,)), (10, (10,)), (16, (8, 8)), (20, (7, 7, 6)), (24, (8, 8, 8)), (1000, (8,) * 125)],
)
def test_sizes_are_as_near_eight_as_they_can_be(entrants, sizes):
    assert division_sizes(entrants) == sizes


def test_first_season_by_rating_with_provisional_players_no_higher_than_the_middle():
    entrants = [Entrant(p, 2000 - 10 * p) for p in range(1, 25)]
    # The best rated of all is new and provisional: of 3 divisions, the middle one is as high as they go.
    entrants.append(Entrant(99, 2500, provisional=True))
    top, middle, bottom = first_season(entrants)
    assert top == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert middle == (99, 10, 11, 12, 13, 14, 15, 16)
    assert bottom == tuple(range(17, 25))


def test_too_few_established_players_fill_the_top_with_the_best_provisional_ones():
    entrants = [Entrant(p, 2000 - p, provisional=p > 3) for p in range(1, 12)]
    top, bottom = first_season(entrants)
    # Sizes within one come first: 6 and 5, so three provisional players join the three established ones.
    assert top == (1, 2, 3, 4, 5, 6)
    assert bottom == (7, 8, 9, 10, 11)


def finishers(players, places=None, withdrawn=()):
    places = places or range(1, len(players) + 1)
    return [Finisher(p, place, p in withdrawn) for p, place in zip(players, places, strict=True)]


def test_two_up_two_down_from_seven_players_one_and_one_below():
    eight = table_moves(finishers(range(1, 9)), index=1, count=3)
    assert [eight[p] for p in range(1, 9)] == [Move.UP] * 2 + [Move.STAY] * 4 + [Move.DOWN] * 2
    six = table_moves(finishers(range(1, 7)), index=1, count=3)
    assert [six[p] for p in range(1, 7)] == [Move.UP] + [Move.STAY] * 4 + [Move.DOWN]
    top = table_moves(finishers(range(1, 9)), index=0, count=3)
    assert Move.UP not in top.values() and [top[7], top[8]] == [Move.DOWN, Move.DOWN]
    bottom = table_moves(finishers(range(1, 9)), index=2, count=3)
    assert Move.DOWN not in bottom.values() and [bottom[1], bottom[2]] == [Move.UP, Move.UP]


def test_players_equal_at_a_cut_both_get_the_better_side():
    # Places 1, 2, 2: both second-placed players go up.
    moves = table_moves(finishers(range(1, 9), [1, 2, 2, 4, 5, 6, 7, 8]), index=1, count=3)
    assert [moves[p] for p in (1, 2, 3, 4)] == [Move.UP, Move.UP, Move.UP, Move.STAY]
    # Places 6, 6 at the relegation cut: both stay, only the last goes down.
    moves = table_moves(finishers(range(1, 9), [1, 2, 3, 4, 5, 6, 6, 8]), index=1, count=3)
    assert [moves[p] for p in (6, 7, 8)] == [Move.STAY, Move.STAY, Move.DOWN]


def test_withdrawn_players_leave_and_the_rest_move_by_their_places():
    moves = table_moves(finishers(range(1, 9), withdrawn={8}), index=1, count=3)
    assert moves[8] is Move.LEFT
    # Of the seven left, the last two (6 and 7) go down.
    assert [moves[p] for p in (5, 6, 7)] == [Move.STAY, Move.DOWN, Move.DOWN]


def moves_of(divisions, withdrawn=()):
    moves = {}
    for index, players in enumerate(divisions):
        moves |= table_moves(finishers(players, withdrawn=withdrawn), index, len(divisions))
    return moves


def test_movement_between_two_divisions():
    last = [list(range(1, 9)), list(range(9, 17))]
    top, second = next_season(last, moves_of(last), [], {p: 1500 for p in range(1, 17)})
    assert top == (1, 2, 3, 4, 5, 6, 9, 10)
    assert second == (7, 8, 11, 12, 13, 14, 15, 16)


def test_a_place_freed_by_a_withdrawal_goes_to_the_next_best_below_and_so_on_down():
    last = [list(range(1, 9)), list(range(9, 17)), list(range(17, 25))]
    top, second, third = next_season(last, moves_of(last, withdrawn={3}), [], {p: 1500 for p in range(1, 25)})
    # 3 left the top division: 11 (third in the second) takes the place, and 19 (third in the third) takes 11's.
    assert top == (1, 2, 4, 5, 6, 9, 10, 11)
    assert second == (7, 8, 12, 13, 14, 17, 18, 19)
    assert third == (15, 16, 20, 21, 22, 23, 24)


def test_newcomers_are_placed_by_rating_but_provisional_ones_no_higher_than_the_middle():
    last = [list(range(1, 9)), list(range(9, 17)), list(range(17, 25))]
    ratings = {p: 2000 - 10 * p for p in range(1, 25)}
    strong = Entrant(100, 2100)
    new = Entrant(101, 2100, provisional=True)
    top, middle, bottom = next_season(last, moves_of(last), [strong, new], ratings | {100: 2100, 101: 2100})
    # 26 players: 9, 9, 8. The established newcomer is rated above everyone, so starts at the very top.
    assert top[0] == 100 and 101 not in top
    assert middle[0] == 101
    assert len(top) + len(middle) + len(bottom) == 26
