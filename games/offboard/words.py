"""Offboard in words: what the player to move does (a normal turn, or one with a displaced ball), and why it ended."""

from __future__ import annotations

from games.offboard.rules import PLY_LIMIT, SEATS
from games.words import result_sentence

OUTCOME_REASONS = ("points", "no-moves", "repetition", "ply-limit")
REASONS = {
    "points": "first to 6 points",
    "no-moves": "{loser} had no legal action",
    "repetition": "the same position came up a third time",
    "ply-limit": f"{PLY_LIMIT} plies were played without a win",
}
UNIT = "points"
PROMPTS = {
    "play": "Click the rear ball of the line you move or push, then the cell its front ball moves into.",
    "displaced": (
        "Your displaced ball waits: click an empty cell to put it back, "
        "or choose “Discard the displaced ball” and then move a line."
    ),
}


def phase(view: dict) -> str:
    """A normal turn, or one that starts with the mover's displaced ball."""
    return "displaced" if view["displaced"] is not None and view["displaced"] == view["to_move"] else "play"


def next_step(view: dict, chosen: tuple[str, ...]) -> str:
    """After discarding, or after a line's rear ball: what comes next."""
    if chosen[-1] == "discard":
        return "You discard your displaced ball: click the rear ball of the line you move or push."
    return f"Your line starts at {chosen[-1]}: click the cell its front ball moves into."


def result(outcome: dict) -> str:
    """The result in words with the colours' names (for the board)."""
    return result_sentence(outcome, SEATS, REASONS, UNIT)
