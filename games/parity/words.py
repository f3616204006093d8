"""Parity in words: what the player to move does, and why a game ended."""

from __future__ import annotations

from games.parity.rules import NO_CAPTURE_LIMIT
from games.ui import Selection
from games.words import play_it

OUTCOME_REASONS = ("all-captured", "no-moves", "no-capture-limit", "repetition")
REASON_WORDS = {
    "all-captured": "{loser}'s last piece was captured",
    "no-moves": "{loser} had no legal move",
    "no-capture-limit": f"{NO_CAPTURE_LIMIT} plies passed without a capture",
    "repetition": "the same position came up a third time",
}
SCORE_UNIT = "pieces"
PHASE_PROMPTS = {
    "play": (
        "Click one of your pieces, then the square it steps to or jumps to when capturing "
        "(red and blue squares open and close as pieces leave)."
    ),
}


def phase_of(view: dict) -> str:
    """Parity has one phase."""
    return "play"


def next_step(view: dict, selection: Selection) -> str:
    """After a piece: where it goes; after both squares, the step or capture to play."""
    move, tokens = selection.complete, selection.tokens
    if move is None:
        return f"You picked your piece on {tokens[0]}: click the square it steps to, or jumps to when capturing."
    how = "jumps to" if "x" in move else "steps to"
    return f"Your piece on {tokens[0]} {how} {tokens[1]}: {play_it(move)}."
