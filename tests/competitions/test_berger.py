"""The seat tables are the FIDE Berger tables; each pair meets once, first moves are shared fairly."""

from collections import Counter
from itertools import combinations

import pytest

from daymove.competitions.berger import berger_table, schedule

# FIDE Handbook C.05 Annex 1, as published (copied from Chris Fox's and Crenshaw's reproductions, which agree);
# each pair is (moves first, moves second).
PUBLISHED = {
    4: ["1-4 2-3", "4-3 1-2", "2-4 3-1"],
    6: ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"],
    8: [
        "1-8 2-7 3-6 4-5",
        "8-5 6-4 7-3 1-2",
        "2-8 3-1 4-7 5-6",
        "8-6 7-5 1-4 2-3",
        "3-8 4-2 5-1 6-7",
        "8-7 1-6 2-5 3-4",
        "4-8 5-3 6-2 7-1",
    ],
    10: [
        "1-10 2-9 3-8 4-7 5-6",
        "10-6 7-5 8-4 9-3 1-2",
        "2-10 3-1 4-9 5-8 6-7",
        "10-7 8-6 9-5 1-4 2-3",
        "3-10 4-2 5-1 6-9 7-8",
        "10-8 9-7 1-6 2-5 3-4",
        "4-10 5-3 6-2 7-1 8-9",
        "10-9 1-8 2-7 3-6 4-5",
        "5-10 6-4 7-3 8-2 9-1",
    ],
}


def parse(rounds: list[str]) -> tuple:
    return tuple(tuple(tuple(int(n) for n in pair.split("-")) for pair in line.split()) for line in rounds)


@pytest.mark.parametrize("players", sorted(PUBLISHED))
def test_tables_equal_the_published_fide_tables(players):
    assert berger_table(players) == parse(PUBLISHED[players])


@pytest.mark.parametrize("players", [3, 5, 7, 9])
def test_odd_tables_are_the_next_even_table_without_the_bye(players):
    bye = players + 1
    expected = tuple(tuple(p for p in rnd if bye not in p) for rnd in parse(PUBLISHED[bye]))
    assert berger_table(players) == expected


@pytest.mark.parametrize("players", range(3, 11))
def test_each_pair_meets_once_and_first_moves_differ_by_at_most_one(players):
    games = schedule(players)
    assert Counter(frozenset((g.first, g.second)) for g in games) == {
        frozenset(pair): 1 for pair in combinations(range(1, players + 1), 2)
    }
    firsts = Counter(g.first for g in games)
    counts = [firsts[p] for p in range(1, players + 1)]
    assert max(counts) - min(counts) <= 1
    # Nobody plays twice in a round.
    for r in {g.round for g in games}:
        seats = [s for g in games if g.round == r for s in (g.first, g.second)]
        assert len(seats) == len(set(seats))


@pytest.mark.parametrize("players", range(3, 11))
def test_double_round_robin_swaps_seats(players):
    games = schedule(players, double=True)
    half = len(games) // 2
    first, second = games[:half], games[half:]
    assert [(g.second, g.first) for g in second] == [(g.first, g.second) for g in first]
    assert {g.round for g in second} == {g.round + max(x.round for x in first) for g in first}
    firsts = Counter(g.first for g in games)
    # Twice each pair, once each way: everyone moves first in exactly half of their games.
    assert all(firsts[p] == players - 1 for p in range(1, players + 1))
