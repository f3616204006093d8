"""Splitting a season's entrants into divisions, and who moves up or down between seasons.

Divisions hold about 8 players (5 to 10) and their sizes differ by at most one; division 0 is the top.
The first season is split by rating; later seasons by last season's movement, newcomers placed by rating,
but no higher than the middle division while their rating is provisional.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

SMALLEST, TARGET, LARGEST = 5, 8, 10


class Move(enum.StrEnum):
    UP = "up"
    STAY = "stay"
    DOWN = "down"
    LEFT = "left"


@dataclass(frozen=True)
class Entrant:
    """A player joining the series, with the game's rating."""

    player: int
    rating: float
    provisional: bool = False


@dataclass(frozen=True)
class Finisher:
    """One line of a final table: places are shared by players equal on everything."""

    player: int
    place: int
    withdrawn: bool = False


def division_count(entrants: int) -> int:
    """How many divisions: as near 8 players each as sizes of 5 to 10 allow (one for 10 or fewer)."""
    if entrants <= LARGEST:
        return 1
    possible = range(math.ceil(entrants / LARGEST), entrants // SMALLEST + 1)
    return min(possible, key=lambda count: (abs(entrants / count - TARGET), count))


def division_sizes(entrants: int) -> tuple[int, ...]:
    """Each division's size, top first; the larger ones (by one) on top."""
    count = division_count(entrants)
    return tuple(entrants // count + (1 if i < entrants % count else 0) for i in range(count))


def middle(count: int) -> int:
    """The middle division's index; of two middle ones, the lower."""
    return count // 2


def split(ranked: Sequence[int], provisional: set[int]) -> tuple[tuple[int, ...], ...]:
    """Cut a ranked list into divisions, keeping provisional players out of those above the middle."""
    sizes = division_sizes(len(ranked))
    waiting = list(ranked)
    divisions = []
    for index, size in enumerate(sizes):
        above_middle = index < middle(len(sizes))
        chosen = set([p for p in waiting if not (above_middle and p in provisional)][:size])
        # Sizes within one come first: with too few established players the best provisional ones fill in.
        chosen |= set([p for p in waiting if p not in chosen][: size - len(chosen)])
        divisions.append(tuple(p for p in waiting if p in chosen))
        waiting = [p for p in waiting if p not in chosen]
    return tuple(divisions)


def by_rating(entrants: Sequence[Entrant]) -> list[Entrant]:
    """Entrants best rated first (ties by player id, so a draw is repeatable)."""
    return sorted(entrants, key=lambda e: (-e.rating, e.player))


def first_season(entrants: Sequence[Entrant]) -> tuple[tuple[int, ...], ...]:
    """The first season's divisions, by rating."""
    return split([e.player for e in by_rating(entrants)], {e.player for e in entrants if e.provisional})


def movement_places(size: int) -> int:
    """How many go up from, and down from, a division of this size: 2 from 7 players on, else 1."""
    return 2 if size >= 7 else 1


def table_moves(table: Sequence[Finisher], index: int, count: int) -> dict[int, Move]:
    """Each player's move from a final table; players equal at a cut both get the better side of it."""
    places = movement_places(len(table))
    up = places if index > 0 else 0
    down = places if index < count - 1 else 0
    staying = [f for f in table if not f.withdrawn]
    moves = {f.player: Move.LEFT for f in table if f.withdrawn}
    for f in staying:
        ahead = sum(1 for other in staying if other.place < f.place)
        if ahead < up:
            moves[f.player] = Move.UP
        elif down and ahead >= len(staying) - down:
            moves[f.player] = Move.DOWN
        else:
            moves[f.player] = Move.STAY
    return moves


def destinations(last: Sequence[Sequence[int]], moves: Mapping[int, Move]) -> dict[int, int]:
    """Next season's division of every returning player; places freed by leavers go to the next best below."""
    step = {Move.UP: -1, Move.STAY: 0, Move.DOWN: 1}
    going = {p: i + step[moves[p]] for i, players in enumerate(last) for p in players if moves[p] is not Move.LEFT}
    # Top down, so a place filled from below frees one there in turn, filled from further below.
    for index, players in enumerate(last[:-1]):
        free = len(players) - sum(1 for d in going.values() if d == index)
        below = [p for p in last[index + 1] if going.get(p, -1) > index]
        for p in below[: max(0, free)]:
            going[p] = index
    return going


def ranked_returning(last: Sequence[Sequence[int]], going: Mapping[int, int]) -> list[int]:
    """Returning players strongest first: by next division, then down from above, staying, up from below."""
    origin = {p: i for i, players in enumerate(last) for p in players}
    order = {p: k for players in last for k, p in enumerate(players)}
    return sorted(going, key=lambda p: (going[p], origin[p], order[p]))


def with_newcomers(ranked: Sequence[int], newcomers: Sequence[Entrant], ratings: Mapping[int, float]) -> list[int]:
    """Newcomers placed among the returning players at their rating's rank among them."""
    slots: dict[int, list[int]] = {}
    for e in by_rating(newcomers):
        # As many returning players ahead as are rated at least as high.
        slots.setdefault(sum(1 for p in ranked if ratings[p] >= e.rating), []).append(e.player)
    merged: list[int] = []
    for position in range(len(ranked) + 1):
        merged += slots.get(position, [])
        merged += ranked[position : position + 1]
    return merged


def next_season(
    last: Sequence[Sequence[int]],
    moves: Mapping[int, Move],
    newcomers: Sequence[Entrant],
    ratings: Mapping[int, float],
) -> tuple[tuple[int, ...], ...]:
    """Next season's divisions from last season's (each in final-table order), the moves and the newcomers."""
    ranked = ranked_returning(last, destinations(last, moves))
    return split(with_newcomers(ranked, newcomers, ratings), {e.player for e in newcomers if e.provisional})
