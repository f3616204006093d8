"""Parity's planner: a shallow expectimax search with an evaluation built for how Parity is won.

Most wins against a careless opponent are not captures but "no-moves": a side with no legal action loses. Pieces on
their own home rank or with a friend behind them cannot be captured, and 60 quiet plies draw, so the planner plays
for the opponent's mobility: it values taking away the opponent's moves (invading its home rank, where a piece is
also safe), threats of capture and material, and it looks at the opponent's replies as a blend of its best reply and
the average reply (`CARELESS`), so it sets up positions where many replies lose without walking into the few that
refute them. A quiet stretch costs it too, more and more as the no-capture draw comes close, so it trades pieces to
win time rather than drift into that draw.
"""

from __future__ import annotations

import random

from games.parity.geometry import CAPTURE_SPAN, SIZE, WIDTH
from games.parity.rules import State, _generate, apply_move

WIN = 10_000.0
DRAW = -2_000.0  # a draw is far worse than any position still in play: the planner always plays on
CARELESS = 0.5  # weight of the average reply against the best one at the opponent's nodes
W_MATERIAL = 100.0
W_THEIR_MOVES = 12.0  # per legal move left to the opponent
W_MY_MOVES = 2.0
W_THREAT = 30.0  # per capture open to me next turn
W_HANGING = 40.0  # per capture open to the opponent next turn
W_INVADER = 15.0  # per piece on the opponent's home rank
# Per quiet ply, scaled by material ahead plus URGENCY_BASE: convert before the no-capture draw, and even when
# level, a capture (which resets the count) is worth more the longer the game has been quiet.
W_URGENCY = 0.5
URGENCY_BASE = 3.0
# Past LATE_QUIET quiet plies the coming draw weighs quadratically, so the planner trades pieces, or gives one up,
# to win time for walling the opponent in (most of its draws were quiet 60 plies with the opponent still free).
LATE_QUIET = 40
W_LATE = 3.0
HOME = (tuple(range(WIDTH)), tuple(range(SIZE - WIDTH, SIZE)))  # each seat's home rank


def _captures(moves: list) -> int:
    return sum(1 for s, d in moves if abs(d - s) == CAPTURE_SPAN)


def evaluate(state: State, me: int) -> float:
    """The value of an unfinished position for seat `me` (higher is better)."""
    board = state.board
    n = state.counts[0] + state.counts[1]
    them = 1 - me
    mine = _generate(board, me, n)
    theirs = _generate(board, them, n)
    material = state.counts[me] - state.counts[them]
    invaders = sum(1 for s in HOME[them] if board[s] == me + 1)
    return (
        W_MATERIAL * material
        - W_THEIR_MOVES * len(theirs)
        + W_MY_MOVES * len(mine)
        + W_THREAT * _captures(mine)
        - W_HANGING * _captures(theirs)
        + W_INVADER * invaders
        - W_URGENCY * state.quiet * (max(material, 0) + URGENCY_BASE)
        - W_LATE * max(0, state.quiet - LATE_QUIET) ** 2
    )


def _value(state: State, me: int, depth: int) -> float:
    outcome = state.outcome()
    if outcome is not None:
        if outcome.winner is None:
            return DRAW
        return WIN + depth if outcome.winner == me else -WIN - depth  # sooner wins, later losses
    if depth == 0:
        return evaluate(state, me)
    values = [_value(apply_move(state, move), me, depth - 1) for move in state.moves()]
    if state.to_move == me:
        return max(values)
    return (1.0 - CARELESS) * min(values) + CARELESS * sum(values) / len(values)


def bot_plan(state: State, depth: int, rng: random.Random):
    """The move with the best value `depth` plies deep for the side to move (ties drawn at random)."""
    me = state.to_move
    best, best_value = [], None
    for move in state.moves():
        value = _value(apply_move(state, move), me, depth - 1)
        if best_value is None or value > best_value + 1e-9:
            best, best_value = [move], value
        elif abs(value - best_value) <= 1e-9:
            best.append(move)
    return best[int(rng.random() * len(best))]
