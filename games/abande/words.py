"""Abande in words: what the player to move does in each phase, and why a game ended."""

from __future__ import annotations

from games.ui import Selection
from games.words import play_it

OUTCOME_REASONS = ("score",)
REASON_WORDS = {
    "score": "more stones in scoring stacks after both passed",
    "score/draw": "equal scores after both passed",
}
SCORE_UNIT = "points"
PHASE_PROMPTS = {
    "first": "Place your first stone: click any point.",
    "insert": (
        "Click an empty point next to the stones to place a stone from your hand, "
        "or a stack of yours to move it onto a neighbouring enemy stack."
    ),
    "no-hand": "Your hand is empty: click a stack of yours to move it onto a neighbouring enemy stack, or pass.",
}


def phase_of(view: dict) -> str:
    """First stone, stones in hand, or an empty hand (moves and passes only)."""
    if view["ply"] == 0:
        return "first"
    return "insert" if view["hands"][view["to_move"]] else "no-hand"


def next_step(view: dict, selection: Selection) -> str:
    """After a click: a stone placed or a pass (the move is whole), a stack to move, or a stack and where it climbs."""
    move, tokens = selection.complete, selection.tokens
    if move == "pass":
        return f"You chose to pass: {play_it(move)}."
    if move is not None and len(tokens) == 1:
        return f"You chose to place a stone on {move}: {play_it(move)}."
    if move is not None:
        return f"Your stack on {tokens[0]} climbs onto {tokens[1]}: {play_it(move)}."
    return f"You picked your stack on {tokens[0]}: click the neighbouring enemy stack it climbs onto."
