"""Offboard's bot: the rollout that values a position for the search (games/bot/mcts.py's hook)."""

from __future__ import annotations

from math import tanh

from games.offboard.rules import State, gutter_points, outcome, random_playout

# The rollout: plies of random play before scoring, the steepness of the score, and what a
# ball still in play is worth against a point (a lost ball is a point the opponent may yet score).
ROLLOUT_PLIES = 16
ROLLOUT_K = 0.5
ROLLOUT_BALL = 0.5


def bot_rollout(state: State, rng) -> float:
    """The MCTS rollout hook: the value for Red (seat 0), in [0, 1], of `state`.

    Why not a random playout to the end: random Offboard games last ~300 plies, so a full
    playout costs ~2 ms and most of it is noise. A short random playout keeps the tactics
    near the leaf (pushes, ejections, displaced balls) and the position it reaches is scored
    by points and balls still in play: 0.5 + 0.5 * tanh(ROLLOUT_K * lead). A game that ends
    within the playout scores its true result.
    """
    final, _ = random_playout(state, rng, max_plies=ROLLOUT_PLIES)
    result = outcome(final)
    if result is not None:
        return 0.5 if result.winner is None else 1.0 - result.winner
    red_points, yellow_points = gutter_points(final.gut)
    balls = final.red.bit_count() - final.yellow.bit_count()
    lead = red_points - yellow_points + ROLLOUT_BALL * balls
    return 0.5 + 0.5 * tanh(ROLLOUT_K * lead)
