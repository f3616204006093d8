"""Parity in words: what the player to move does, and why a game ended."""

from __future__ import annotations

from games.messages import N_, NP_, Message, say
from games.parity.rules import NO_CAPTURE_LIMIT
from games.ui import Selection
from games.words import play_it

OUTCOME_REASONS = ("all-captured", "no-moves", "no-capture-limit", "repetition")
REASON_WORDS = {
    "all-captured": N_("{loser}'s last piece was captured"),
    "no-moves": N_("{loser} had no legal move"),
    "no-capture-limit": say(N_("{limit} plies passed without a capture"), limit=NO_CAPTURE_LIMIT),
    "repetition": N_("the same position came up a third time"),
}
SCORE_UNIT = NP_("{n} piece", "{n} pieces")
PHASE_PROMPTS = {
    "play": N_(
        "Click one of your pieces, then the square it steps to or jumps to when capturing "
        "(red and blue squares open and close as pieces leave)."
    ),
}


def phase_of(view: dict) -> str:
    """Parity has one phase."""
    return "play"


def step_message(view: dict, selection: Selection) -> Message:
    """After a piece: where it goes; after both squares, the step or capture to play."""
    move, tokens = selection.complete, selection.tokens
    if move is None:
        return say(
            N_("You picked your piece on {start}: click the square it steps to, or jumps to when capturing."),
            start=tokens[0],
        )
    if "x" in move:
        return say(
            N_("Your piece on {start} jumps to {end}: {play}."), start=tokens[0], end=tokens[1], play=play_it(move)
        )
    return say(N_("Your piece on {start} steps to {end}: {play}."), start=tokens[0], end=tokens[1], play=play_it(move))
