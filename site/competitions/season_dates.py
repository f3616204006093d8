"""When a season closes, who moves at the close, and when the next one starts.

A season closes when all its games have ended or 12 weeks after its start, whichever comes first, so no
season waits for one slow game. Games still running then go on and count for ratings and the final table,
but movement is settled at the close: a player whose movement those games could still change stays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta

from daymove.competitions.clinch import Status, statuses
from daymove.competitions.divisions import Finisher, Move, movement_places, table_moves

LONGEST = timedelta(weeks=12)
BREAK = timedelta(weeks=1)


def closes_at(start: datetime, ended: Sequence[datetime | None]) -> datetime:
    """The close: when the last game ended, or 12 weeks after the start if that comes first (None: still running)."""
    deadline = start + LONGEST
    if any(when is None for when in ended):
        return deadline
    return min(max(ended, default=start), deadline)


def next_start(closed: datetime) -> datetime:
    """The next season starts a week after the close."""
    return closed + BREAK


def moves_at_close(
    table: Sequence[Finisher],
    points: Mapping[int, float],
    running: Sequence[tuple[int, int]],
    index: int,
    count: int,
) -> dict[int, Move]:
    """Each player's move when the season closes with `running` games still going."""
    moves = table_moves(table, index, count)
    if not running:
        return moves
    places = movement_places(len(table))
    up = places if index > 0 else 0
    down = places if index < count - 1 else 0
    # Withdrawn players are out of the race: the running games decide between the others only.
    staying = {p: v for p, v in points.items() if moves[p] is not Move.LEFT}
    decided = {Status.PROMOTED: Move.UP, Status.RELEGATED: Move.DOWN, Status.SAFE: Move.STAY}
    for player, badge in statuses(staying, running, up, down).items():
        moves[player] = decided.get(badge, Move.STAY)
    return moves
