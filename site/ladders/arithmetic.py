"""A ladder's arithmetic: who may challenge whom, how places move, idle decay and removal.

A ladder is a tuple of player ids, place 1 first. A challenger joins at the bottom with their first
challenge and may challenge up to max(5, N/5) places above. A challenger who wins takes the defender's
place and everyone between moves down one; results are applied in the order the games ended, each only
if the challenger is still below the defender then, so the ladder stays a permutation whatever the order.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

OPEN_GAMES_CAP = 2
REPEAT_AFTER = timedelta(days=14)
IDLE_MONTH = timedelta(days=30)
REMOVED_AFTER = timedelta(days=90)
WARNED_BEFORE = timedelta(days=7)
STRIKES_WINDOW = timedelta(days=30)
STRIKES_THAT_REMOVE = 2


class Refusal(enum.StrEnum):
    """Why there is no challenge button on a row (put into words by `daymove.ladders.refusals.said`)."""

    YOURSELF = "yourself"
    NOT_ON_LADDER = "not-on-ladder"
    BELOW = "below"
    TOO_FAR = "too-far"
    ON_VACATION = "on-vacation"
    YOUR_CAP = "your-cap"
    THEIR_CAP = "their-cap"
    PLAYING = "playing"
    TOO_SOON = "too-soon"


@dataclass(frozen=True)
class OpenGame:
    """A ladder game still being played."""

    challenger: int
    defender: int


@dataclass(frozen=True)
class PastGame:
    """A ladder game that ended, and when."""

    challenger: int
    defender: int
    ended: date


@dataclass(frozen=True)
class Ending:
    """A ladder game's result, in the order games ended."""

    challenger: int
    defender: int
    challenger_won: bool


def reach(size: int) -> int:
    """How many places above themselves a player may challenge: max(5, N/5)."""
    return max(5, size // 5)


def place_of(ladder: Sequence[int], player: int) -> int:
    """A player's place from 1; someone not on the ladder counts as just below the bottom."""
    return ladder.index(player) + 1 if player in ladder else len(ladder) + 1


def counted(games: Collection[OpenGame], vacation: Collection[int]) -> list[OpenGame]:
    """The open games that count against the caps: not those of a player on vacation."""
    return [g for g in games if g.challenger not in vacation and g.defender not in vacation]


def refusal(
    ladder: Sequence[int],
    challenger: int,
    defender: int,
    open_games: Collection[OpenGame],
    past_games: Collection[PastGame],
    vacation: Collection[int],
    today: date,
) -> Refusal | None:
    """Why the challenger may not challenge the defender now, or None if they may (the whole ladder in hand)."""
    places = {player: place for place, player in enumerate(ladder, 1)}
    return refusal_by_places(len(ladder), places, challenger, defender, open_games, past_games, vacation, today)


def refusal_by_places(
    size: int,
    places: Mapping[int, int],
    challenger: int,
    defender: int,
    open_games: Collection[OpenGame],
    past_games: Collection[PastGame],
    vacation: Collection[int],
    today: date,
) -> Refusal | None:
    """The same rule knowing only the ladder's size and the two players' places (absent from `places`: off the
    ladder), so a page of a long ladder is judged without reading the rest of it.

    `open_games` must hold every open game of either player, `past_games` the challenger's, `vacation` the players of
    those games who are away."""
    if challenger == defender:
        return Refusal.YOURSELF
    if defender not in places:
        return Refusal.NOT_ON_LADDER
    distance = places.get(challenger, size + 1) - places[defender]
    if distance <= 0:
        return Refusal.BELOW
    if distance > reach(size):
        return Refusal.TOO_FAR
    if defender in vacation:
        return Refusal.ON_VACATION
    pair = {challenger, defender}
    if any({g.challenger, g.defender} == pair for g in open_games):
        return Refusal.PLAYING
    counting = counted(open_games, vacation)
    if sum(1 for g in counting if g.challenger == challenger) >= OPEN_GAMES_CAP:
        return Refusal.YOUR_CAP
    if sum(1 for g in counting if g.defender == defender) >= OPEN_GAMES_CAP:
        return Refusal.THEIR_CAP
    if any({g.challenger, g.defender} == pair and today - g.ended < REPEAT_AFTER for g in past_games):
        return Refusal.TOO_SOON
    return None


def join(ladder: Sequence[int], player: int) -> tuple[int, ...]:
    """The ladder with the player at the bottom (unchanged if already on it)."""
    return tuple(ladder) if player in ladder else (*ladder, player)


def remove(ladder: Sequence[int], player: int) -> tuple[int, ...]:
    """The ladder without the player; everyone below moves up one."""
    return tuple(p for p in ladder if p != player)


def move_to(ladder: Sequence[int], player: int, place: int) -> tuple[int, ...]:
    """The player at `place` (from 1, clamped to the ladder); everyone between shifts one towards the gap."""
    others = [p for p in ladder if p != player]
    index = min(max(place, 1), len(ladder)) - 1
    return (*others[:index], player, *others[index:])


def apply_ending(ladder: Sequence[int], ending: Ending) -> tuple[int, ...]:
    """The ladder after one result: a winning challenger still below the defender takes the defender's place."""
    if not ending.challenger_won or ending.challenger not in ladder or ending.defender not in ladder:
        return tuple(ladder)
    above = place_of(ladder, ending.defender)
    if place_of(ladder, ending.challenger) <= above:
        return tuple(ladder)
    return move_to(ladder, ending.challenger, above)


def apply_endings(ladder: Sequence[int], endings: Sequence[Ending]) -> tuple[int, ...]:
    """The ladder after several results, applied in the order the games ended."""
    for ending in endings:
        ladder = apply_ending(ladder, ending)
    return tuple(ladder)


def idle_days(last_game_ended: date, today: date, vacations: Sequence[tuple[date, date]]) -> int:
    """Days since the player's last ladder game ended, not counting days on vacation (periods end exclusive)."""
    away = sum(max(0, (min(end, today) - max(start, last_game_ended)).days) for start, end in vacations)
    return max(0, (today - last_game_ended).days - away)


def idle_drop(size: int) -> int:
    """Places an idle player drops each idle month: a tenth of the ladder, at least one."""
    return max(1, math.ceil(size / 10))


def idle_months(days: int) -> int:
    """Whole idle months, each one a drop, up to the last month before removal (the next one removes instead)."""
    return min(days, REMOVED_AFTER.days - 1) // IDLE_MONTH.days


def removal_date(days: int, today: date, warned: date) -> date:
    """When a player idle `days` today and warned on `warned` is removed: at 90 idle days, and never less than a
    week after the warning (a warning sent late puts the removal off)."""
    return max(today + timedelta(days=max(REMOVED_AFTER.days - days, 0)), warned + WARNED_BEFORE)


def removal_due(days: int, today: date, warned: date | None) -> bool:
    """An idle player is removed after 90 days, only once warned, and no sooner than a week after the warning."""
    return warned is not None and days >= REMOVED_AFTER.days and today >= removal_date(days, today, warned)


def warning_due(days: int) -> bool:
    """An idle player is warned by email a week before removal."""
    return days >= (REMOVED_AFTER - WARNED_BEFORE).days


def idle_dates(last_game_ended: date, vacation_days: int = 0) -> tuple[date, date, date, date]:
    """When an idle player drops (twice), is warned and is removed, counting on from their last game."""
    start = last_game_ended + timedelta(days=vacation_days)
    removal = start + REMOVED_AFTER
    return start + IDLE_MONTH, start + 2 * IDLE_MONTH, removal - WARNED_BEFORE, removal


def decay(ladder: Sequence[int], player: int, months: int) -> tuple[int, ...]:
    """The ladder with an idle player dropped a tenth of it per idle month."""
    below = place_of(ladder, player) + months * idle_drop(len(ladder))
    return move_to(ladder, player, below)


def recent(days: Sequence[date], today: date) -> int:
    """How many of these days fall within the last 30."""
    return sum(1 for day in days if today - day < STRIKES_WINDOW)


def struck_out(no_move_marks: Sequence[date], timeouts: Sequence[date], today: date) -> bool:
    """Two games ended before the player moved, or two timeouts, within 30 days remove a player."""
    return max(recent(no_move_marks, today), recent(timeouts, today)) >= STRIKES_THAT_REMOVE
