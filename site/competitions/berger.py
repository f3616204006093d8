"""Who plays whom, and who moves first, in a round robin: the FIDE Berger tables.

The tables are FIDE Handbook C.05 Annex 1 (checked against the published tables for 4, 6, 8 and 10
players, reproduced in Chris Fox's and Crenshaw's copies). With an odd number of players the highest
number is a bye: the table for one more player is used and the bye's games are left out.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pairing:
    """One game of the schedule: seat numbers from 1, `first` moves first."""

    round: int
    first: int
    second: int


def table_size(players: int) -> int:
    """The Berger table used for this many players: the next even number."""
    if players < 2:
        raise ValueError("A round robin needs at least 2 players.")
    return players + players % 2


def berger_round(size: int, round_number: int) -> tuple[tuple[int, int], ...]:
    """One round of the Berger table for an even `size`, board 1 first, each pair as (first, second)."""
    others = size - 1
    # Each round starts its rotation of 1..size-1 half a table further on; the last seat stays put.
    start = (round_number - 1) * (size // 2) % others
    rotation = [(start + i) % others + 1 for i in range(others)]
    # The fixed seat alternates: second in odd rounds, first in even ones.
    board_one = (rotation[0], size) if round_number % 2 else (size, rotation[0])
    boards = [(rotation[k], rotation[others - k]) for k in range(1, size // 2)]
    return (board_one, *boards)


def berger_table(players: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every round of the table for this many players, without the bye's games."""
    size = table_size(players)
    return tuple(
        tuple(pair for pair in berger_round(size, r) if size not in pair or players == size) for r in range(1, size)
    )


def schedule(players: int, double: bool = False) -> tuple[Pairing, ...]:
    """All games of a single or double round robin; the second cycle repeats the first with seats swapped."""
    table = berger_table(players)
    games = [Pairing(r, a, b) for r, pairs in enumerate(table, 1) for a, b in pairs]
    if double:
        # Every game of a division starts at once, so the rounds only number the games: the second
        # cycle is the first again, seats swapped, without reordering rounds.
        games += [Pairing(g.round + len(table), g.second, g.first) for g in games]
    return tuple(games)
