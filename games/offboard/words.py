"""Offboard in words: what the player to move does (a normal turn, or one with a displaced ball), and why it ended."""

from __future__ import annotations

from games.offboard.rules import PLY_LIMIT
from games.ui import Selection
from games.words import play_it

OUTCOME_REASONS = ("points", "no-moves", "repetition", "ply-limit")
REASON_WORDS = {
    "points": "first to 6 points",
    "no-moves": "{loser} had no legal action",
    "repetition": "the same position came up a third time",
    "ply-limit": f"{PLY_LIMIT} plies were played without a win",
}
SCORE_UNIT = "points"
PHASE_PROMPTS = {
    "play": "Click the rear ball of the line you move or push, then the cell its front ball moves into.",
    "displaced": (
        "Your displaced ball waits: click an empty cell to put it back, "
        "or choose “Discard the displaced ball” and then move a line."
    ),
}


def phase_of(view: dict) -> str:
    """A normal turn, or one that starts with the mover's displaced ball."""
    return "displaced" if view["displaced"] is not None and view["displaced"] == view["to_move"] else "play"


def next_step(view: dict, selection: Selection) -> str:
    """After a click: the displaced ball put back, discarded, a line's rear ball, or a whole line move."""
    move, tokens = selection.complete, selection.tokens
    discard = tokens[0] == "discard"
    line = tokens[1:] if discard else tokens
    said = "You discard your displaced ball" if discard else ""
    if move is not None and move.startswith("@"):
        return f"You put your displaced ball back on {tokens[0]}: {play_it(move)}."
    if not line:
        return f"{said}: click the rear ball of the line you move or push."
    moving = f"your line from {line[0]} moves into {line[1]}" if len(line) > 1 else f"your line starts at {line[0]}"
    said = f"{said}, and {moving}" if discard else moving[0].upper() + moving[1:]
    if move is not None:
        return f"{said}: {play_it(move)}."
    return f"{said}: click the cell its front ball moves into."
