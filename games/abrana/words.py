"""Abrana in words: what the player to move does in each phase (setup, then play), and why a game ended."""

from __future__ import annotations

from games.abrana.rules import PLY_LIMIT, SEAT_NAMES
from games.words import result_sentence

OUTCOME_REASONS = ("pawn-captured", "six-markers", "double-pass", "ply-limit")
REASONS = {
    "pawn-captured": "{loser}'s pawn was captured",
    "six-markers": "six markers of one colour on the board, and more of their own colour",
    "six-markers/draw": "six markers of one colour on the board, and as many of each player's colour",
    "double-pass": "both players passed, and more markers of their own colour",
    "double-pass/draw": "both players passed, with as many markers of each",
    "ply-limit": f"{PLY_LIMIT} plies played, and more markers of their own colour",
    "ply-limit/draw": f"{PLY_LIMIT} plies played, with as many markers of each",
}
UNIT = "markers"
UNSCORED = ("pawn-captured",)  # a captured pawn decides whatever the markers
PROMPTS = {
    "reserve": "Reserve two border squares for your pawn: click the first (the earlier in notation order).",
    "place-red": "Place your red pawn: click a border square that is not reserved.",
    "place-green": "Place your green pawn: click one of the two reserved squares.",
    "play": (
        "Click the square your move starts from (your pawn, or a square it free-jumps to first), "
        "then where it steps or jumps; pass only if nothing else is possible."
    ),
}


def phase(view: dict) -> str:
    """The setup step, or play."""
    return view["phase"]


def next_step(view: dict, chosen: tuple[str, ...]) -> str:
    """After the first square: the second reserved square, or where the move goes."""
    if view["phase"] == "reserve":
        return f"You reserved {chosen[0]}: click the second border square."
    return f"Your move starts from {chosen[0]}: click the square to step or jump to."


def result(outcome: dict) -> str:
    """The result in words with the colours' names (for the board)."""
    return result_sentence(outcome, SEAT_NAMES, REASONS, UNIT, unscored=UNSCORED)
