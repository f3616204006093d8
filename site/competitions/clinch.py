"""What is still possible in a division: promoted, safe, relegated or in the race, and what a player still needs.

A badge is certain only if it holds whatever the remaining games give (win, draw or loss each) and however
the tie-breaks fall, so it is decided on points alone: a player sure of promotion has fewer than `up` others
who can reach their points. Whether some others can all reach (or all stay under) a score is a small
transport problem: each remaining game among them hands out one point in halves; Hall's condition over
the subsets decides it. Divisions are at most 10 players, so trying every subset is cheap.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from django.utils.formats import get_format
from django.utils.translation import gettext, ngettext, npgettext


class Status(enum.StrEnum):
    PROMOTED = "promoted"
    SAFE = "safe"
    RELEGATED = "relegated"
    IN_THE_RACE = "in the race"


class Goal(enum.StrEnum):
    PROMOTION = "promotion"
    SAFETY = "safety"


@dataclass(frozen=True)
class Need:
    """`points` from the player's `remaining` games, however they come, make the goal certain (None: not even all)."""

    goal: Goal
    points: float | None
    remaining: int


def halves(points: Mapping[int, float]) -> dict[int, int]:
    """Points counted in half points, so every score is a whole number."""
    return {p: round(2 * v) for p, v in points.items()}


def _games_within(group: Sequence[int], remaining: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The remaining games with both players in the group, as positions in it."""
    index = {p: i for i, p in enumerate(group)}
    return [(index[a], index[b]) for a, b in remaining if a in index and b in index]


def _all_can_reach(demand: Sequence[int], games: list[tuple[int, int]], against: Sequence[int], given: int) -> bool:
    """Whether the group's own games and the `given` halves the player drops to it can meet every demand."""
    for mask in range(1, 1 << len(demand)):
        wanted = sum(d for i, d in enumerate(demand) if mask >> i & 1)
        touching = sum(1 for a, b in games if mask >> a & 1 or mask >> b & 1)
        dropped = min(given, 2 * sum(n for i, n in enumerate(against) if mask >> i & 1))
        if wanted > 2 * touching + dropped:
            return False
    return True


def _all_can_stay(group: Sequence[int], room: Sequence[int], games: list[tuple[int, int]]) -> bool:
    """Whether the games among the group can be placed so nobody gains more than their room."""
    if min(room) < 0:
        return False
    for mask in range(1, 1 << len(group)):
        inside = sum(1 for a, b in games if mask >> a & 1 and mask >> b & 1)
        if 2 * inside > sum(r for i, r in enumerate(room) if mask >> i & 1):
            return False
    return True


def others_can_reach(player: int, count: int, points: Mapping[int, int], remaining, scored: int = 0) -> bool:
    """Whether `count` others can all reach the player's points, the player scoring `scored` halves in their games."""
    own = [g for g in remaining if player in g]
    target = points[player] + scored
    rest = [g for g in remaining if player not in g]
    for group in combinations(sorted(q for q in points if q != player), count):
        # Every game against someone outside the group a member may win; the games inside it, and what the
        # player drops, are shared out.
        demand = [max(0, target - points[q] - 2 * _games_outside(q, group, rest)) for q in group]
        against = [sum(1 for g in own if q in g) for q in group]
        if _all_can_reach(demand, _games_within(group, rest), against, 2 * len(own) - scored):
            return True
    return False


def _games_outside(player: int, group: Sequence[int], games) -> int:
    """The player's games against anyone outside the group: the player may win them all."""
    return sum(1 for a, b in games if player in (a, b) and (b if a == player else a) not in group)


def others_can_stay_below(player: int, count: int, points: Mapping[int, int], remaining) -> bool:
    """Whether `count` others can all end on at most the player's points when the player wins every game left."""
    own = [g for g in remaining if player in g]
    target = points[player] + 2 * len(own)
    rest = [g for g in remaining if player not in g]
    for group in combinations(sorted(q for q in points if q != player), count):
        # Games against anyone outside the group can be lost, so only the games inside it must be placed.
        if _all_can_stay(group, [target - points[q] for q in group], _games_within(group, rest)):
            return True
    return False


def certainly_within(player: int, places: int, points: Mapping[int, int], remaining, scored: int = 0) -> bool:
    """Whether the player ends in the top `places` whatever the results and tie-breaks, scoring `scored` halves."""
    return places > 0 and not others_can_reach(player, places, points, remaining, scored)


def possibly_within(player: int, places: int, points: Mapping[int, int], remaining) -> bool:
    """Whether the player can still end in the top `places` if the results and tie-breaks go their way."""
    others = len(points) - 1
    return places > 0 and others_can_stay_below(player, others - places + 1, points, remaining)


def status(
    player: int, points: Mapping[int, float], remaining: Sequence[tuple[int, int]], up: int, down: int
) -> Status:
    """The player's badge in a division promoting `up` and relegating `down`."""
    scores = halves(points)
    size = len(scores)
    if up and certainly_within(player, up, scores, remaining):
        return Status.PROMOTED
    if down and not possibly_within(player, size - down, scores, remaining):
        return Status.RELEGATED
    cannot_rise = not up or not possibly_within(player, up, scores, remaining)
    cannot_fall = not down or certainly_within(player, size - down, scores, remaining)
    return Status.SAFE if cannot_rise and cannot_fall else Status.IN_THE_RACE


def statuses(
    points: Mapping[int, float], remaining: Sequence[tuple[int, int]], up: int, down: int
) -> dict[int, Status]:
    """Every player's badge."""
    return {p: status(p, points, remaining, up, down) for p in points}


def _goal_places(goal: Goal, size: int, up: int, down: int) -> int:
    """The places that reach the goal: the promotion places, or every place above relegation."""
    return up if goal is Goal.PROMOTION else size - down


def still_needed(player: int, goal: Goal, points: Mapping[int, float], remaining, up: int, down: int) -> Need:
    """The fewest points from the player's remaining games that make the goal certain, however they come."""
    scores = halves(points)
    places = _goal_places(goal, len(scores), up, down)
    left = sum(1 for g in remaining if player in g)
    # More points never hurt, so the first score that is enough is the answer.
    for scored in range(2 * left + 1):
        if certainly_within(player, places, scores, remaining, scored):
            return Need(goal, scored / 2, left)
    return Need(goal, None, left)


def need_in_words(need: Need) -> str:
    """What a player still needs, as the division page says it, in the reader's language."""
    promotion = need.goal is Goal.PROMOTION
    if need.points == 0:
        return gettext("Promotion is clinched.") if promotion else gettext("Safety is clinched.")
    if need.points is None:
        if promotion:
            words = ngettext(
                "Winning your remaining game does not clinch promotion: it also depends on other results.",
                "Winning all your %(count)s remaining games does not clinch promotion: it also depends on other "
                "results.",
                need.remaining,
            )
        else:
            words = ngettext(
                "Winning your remaining game does not clinch safety: it also depends on other results.",
                "Winning all your %(count)s remaining games does not clinch safety: it also depends on other results.",
                need.remaining,
            )
        return words % {"count": need.remaining}
    games = npgettext("from your…", "%(count)s remaining game", "%(count)s remaining games", need.remaining)
    # A half point takes the plural ("2.5 points"): the form of 5.
    counted = int(need.points) if need.points == int(need.points) else 5
    if promotion:
        words = ngettext(
            "%(points)s point from your %(games)s clinches promotion.",
            "%(points)s points from your %(games)s clinch promotion.",
            counted,
        )
    else:
        words = ngettext(
            "%(points)s point from your %(games)s clinches safety.",
            "%(points)s points from your %(games)s clinch safety.",
            counted,
        )
    points = f"{need.points:g}".replace(".", get_format("DECIMAL_SEPARATOR"))
    return words % {"points": points, "games": games % {"count": need.remaining}}
