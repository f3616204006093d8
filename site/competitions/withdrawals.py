"""What happens to a withdrawn player's league games (a second timeout, their choice, a deleted account, a ban).

With fewer than half of their games finished, all their games are struck from the table: the finished ones
stay rated, the unfinished ones are aborted. With half or more, their results stand and their unfinished
games become forfeit wins for the opponents. Either way nobody gains points the others had to earn.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

TIMEOUTS_THAT_WITHDRAW = 2


class Rule(enum.StrEnum):
    STRUCK = "struck"
    FORFEITS = "forfeits"


@dataclass(frozen=True)
class Game:
    """One of the withdrawn player's league games."""

    game: int
    finished: bool


@dataclass(frozen=True)
class Withdrawal:
    """The rule that applies and what it does to each game."""

    rule: Rule
    struck: tuple[int, ...]
    aborted: tuple[int, ...]
    forfeited: tuple[int, ...]


def rule_for(finished: int, total: int) -> Rule:
    """Struck with fewer than half of the games finished, forfeits with half or more."""
    return Rule.STRUCK if 2 * finished < total else Rule.FORFEITS


def withdraw(games: Sequence[Game]) -> Withdrawal:
    """What becomes of each game when its player withdraws."""
    unfinished = tuple(g.game for g in games if not g.finished)
    rule = rule_for(len(games) - len(unfinished), len(games))
    if rule is Rule.STRUCK:
        return Withdrawal(rule, struck=tuple(g.game for g in games), aborted=unfinished, forfeited=())
    return Withdrawal(rule, struck=(), aborted=(), forfeited=unfinished)


def withdrawn_by_timeouts(timeouts_this_season: int) -> bool:
    """A second timeout in a season withdraws the player; one is a loss like any other."""
    return timeouts_this_season >= TIMEOUTS_THAT_WITHDRAW
