"""Abrana in words: what the player to move does in each phase (setup, then play), and why a game ended."""

from __future__ import annotations

from games.abrana.rules import PLY_LIMIT
from games.ui import Selection
from games.words import play_it

OUTCOME_REASONS = ("pawn-captured", "six-markers", "double-pass", "ply-limit")
REASON_WORDS = {
    "pawn-captured": "{loser}'s pawn was captured",
    "six-markers": "six markers of one colour on the board, and more of their own colour",
    "six-markers/draw": "six markers of one colour on the board, and as many of each player's colour",
    "double-pass": "both players passed, and more markers of their own colour",
    "double-pass/draw": "both players passed, with as many markers of each",
    "ply-limit": f"{PLY_LIMIT} plies played, and more markers of their own colour",
    "ply-limit/draw": f"{PLY_LIMIT} plies played, with as many markers of each",
}
SCORE_UNIT = "markers"
UNSCORED_REASONS = ("pawn-captured",)  # a captured pawn decides whatever the markers
PHASE_PROMPTS = {
    "reserve": "Reserve two border squares for your pawn: click one, then the other.",
    "place-red": "Place your red pawn: click a border square that is not reserved.",
    "place-green": "Place your green pawn: click one of the two reserved squares.",
    "play": (
        "Click the square your move starts from (your pawn, or a square it free-jumps to first), "
        "then where it steps or jumps; pass only if nothing else is possible."
    ),
}


def phase_of(view: dict) -> str:
    """The setup step, or play."""
    return view["phase"]


def next_step(view: dict, selection: Selection) -> str:
    """After a click: the reserved squares so far, the pawn placed, or where the move starts and goes."""
    move, tokens, phase = selection.complete, selection.tokens, view["phase"]
    if move == "pass":
        return f"You chose to pass: {play_it(move)}."
    if phase == "reserve":
        if move is None:
            return f"You reserved {tokens[0]}: click the second border square."
        return f"You chose to reserve {tokens[0]} and {tokens[1]}: {play_it(move)}."
    if phase in ("place-red", "place-green"):
        return f"You chose to place your {phase[6:]} pawn on {move}: {play_it(move)}."
    if move is None:
        return f"Your move starts from {tokens[0]}: click the square to step or jump to."
    return f"Your move goes from {tokens[0]} to {tokens[1]}: {play_it(move)}."
