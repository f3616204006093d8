"""Offboard in words: what the player to move does (a normal turn, or one with a displaced ball), and why it ended."""

from __future__ import annotations

from games.messages import N_, Message, say
from games.offboard.rules import PLY_LIMIT
from games.ui import Selection
from games.words import POINTS, play_it

OUTCOME_REASONS = ("points", "no-moves", "repetition", "ply-limit")
REASON_WORDS = {
    "points": N_("first to 6 points"),
    "no-moves": N_("{loser} had no legal action"),
    "repetition": N_("the same position came up a third time"),
    "ply-limit": say(N_("{limit} plies were played without a win"), limit=PLY_LIMIT),
}
SCORE_UNIT = POINTS
PHASE_PROMPTS = {
    "play": N_("Click the rear ball of the line you move or push, then the cell its front ball moves into."),
    "displaced": N_(
        "Your displaced ball waits: click an empty cell to put it back, "
        "or choose “Discard the displaced ball” and then move a line."
    ),
}


def phase_of(view: dict) -> str:
    """A normal turn, or one that starts with the mover's displaced ball."""
    return "displaced" if view["displaced"] is not None and view["displaced"] == view["to_move"] else "play"


# A line's move so far, as the start of a sentence: with or without the displaced ball discarded first.
LINE_WORDS = {
    # (discarded, whole line chosen)
    (False, False): N_("Your line starts at {start}"),
    (False, True): N_("Your line from {start} moves into {end}"),
    (True, False): N_("You discard your displaced ball, and your line starts at {start}"),
    (True, True): N_("You discard your displaced ball, and your line from {start} moves into {end}"),
}


def step_message(view: dict, selection: Selection) -> Message:
    """After a click: the displaced ball put back, discarded, a line's rear ball, or a whole line move."""
    move, tokens = selection.complete, selection.tokens
    discard = tokens[0] == "discard"
    line = tokens[1:] if discard else tokens
    if move is not None and move.startswith("@"):
        return say(N_("You put your displaced ball back on {cell}: {play}."), cell=tokens[0], play=play_it(move))
    if not line:
        return say(N_("You discard your displaced ball: click the rear ball of the line you move or push."))
    whole = len(line) > 1
    said = say(LINE_WORDS[discard, whole], start=line[0], end=line[1] if whole else "")
    if move is not None:
        return say(N_("{line}: {play}."), line=said, play=play_it(move))
    return say(N_("{line}: click the cell its front ball moves into."), line=said)
