"""Abande in words: what the player to move does in each phase, and why a game ended."""

from __future__ import annotations

from games.messages import N_, Message, say
from games.ui import Selection
from games.words import POINTS, play_it

OUTCOME_REASONS = ("score",)
REASON_WORDS = {
    "score": N_("more stones in scoring stacks after both passed"),
    "score/draw": N_("equal scores after both passed"),
}
SCORE_UNIT = POINTS
PHASE_PROMPTS = {
    "first": N_("Place your first stone: click any point."),
    "insert": N_(
        "Click an empty point next to the stones to place a stone from your hand, "
        "or a stack of yours to move it onto a neighbouring enemy stack."
    ),
    "no-hand": N_("Your hand is empty: click a stack of yours to move it onto a neighbouring enemy stack, or pass."),
}


def phase_of(view: dict) -> str:
    """First stone, stones in hand, or an empty hand (moves and passes only)."""
    if view["ply"] == 0:
        return "first"
    return "insert" if view["hands"][view["to_move"]] else "no-hand"


def step_message(view: dict, selection: Selection) -> Message:
    """After a click: a stone placed or a pass (the move is whole), a stack to move, or a stack and where it climbs."""
    move, tokens = selection.complete, selection.tokens
    if move == "pass":
        return say(N_("You chose to pass: {play}."), play=play_it(move))
    if move is not None and len(tokens) == 1:
        return say(N_("You chose to place a stone on {point}: {play}."), point=move, play=play_it(move))
    if move is not None:
        return say(
            N_("Your stack on {start} climbs onto {end}: {play}."), start=tokens[0], end=tokens[1], play=play_it(move)
        )
    return say(
        N_("You picked your stack on {start}: click the neighbouring enemy stack it climbs onto."), start=tokens[0]
    )
