"""Abrana in words: what the player to move does in each phase (setup, then play), and why a game ended."""

from __future__ import annotations

from games.abrana.rules import PLY_LIMIT
from games.messages import N_, NP_, Message, say
from games.ui import Selection
from games.words import play_it

OUTCOME_REASONS = ("pawn-captured", "six-markers", "double-pass", "ply-limit")
REASON_WORDS = {
    "pawn-captured": N_("{loser}'s pawn was captured"),
    "six-markers": N_("six markers of one colour on the board, and more of their own colour"),
    "six-markers/draw": N_("six markers of one colour on the board, and as many of each player's colour"),
    "double-pass": N_("both players passed, and more markers of their own colour"),
    "double-pass/draw": N_("both players passed, with as many markers of each"),
    "ply-limit": say(N_("{limit} plies played, and more markers of their own colour"), limit=PLY_LIMIT),
    "ply-limit/draw": say(N_("{limit} plies played, with as many markers of each"), limit=PLY_LIMIT),
}
SCORE_UNIT = NP_("{n} marker", "{n} markers")
UNSCORED_REASONS = ("pawn-captured",)  # a captured pawn decides whatever the markers
PHASE_PROMPTS = {
    "reserve": N_("Reserve two border squares for your pawn: click one, then the other."),
    "place-red": N_("Place your red pawn: click a border square that is not reserved."),
    "place-green": N_("Place your green pawn: click one of the two reserved squares."),
    "play": N_(
        "Click the square your move starts from (your pawn, or a square it free-jumps to first), "
        "then where it steps or jumps; pass only if nothing else is possible."
    ),
}


def phase_of(view: dict) -> str:
    """The setup step, or play."""
    return view["phase"]


# The pawn each placement phase places: its own sentence each (a colour's word agrees with "pawn" in other languages).
PLACED = {
    "place-red": N_("You chose to place your red pawn on {square}: {play}."),
    "place-green": N_("You chose to place your green pawn on {square}: {play}."),
}


def step_message(view: dict, selection: Selection) -> Message:
    """After a click: the reserved squares so far, the pawn placed, or where the move starts and goes."""
    move, tokens, phase = selection.complete, selection.tokens, view["phase"]
    if move == "pass":
        return say(N_("You chose to pass: {play}."), play=play_it(move))
    if phase == "reserve":
        if move is None:
            return say(N_("You reserved {square}: click the second border square."), square=tokens[0])
        return say(
            N_("You chose to reserve {first} and {second}: {play}."),
            first=tokens[0],
            second=tokens[1],
            play=play_it(move),
        )
    if phase in PLACED:
        return say(PLACED[phase], square=move, play=play_it(move))
    if move is None:
        return say(N_("Your move starts from {start}: click the square to step or jump to."), start=tokens[0])
    return say(N_("Your move goes from {start} to {end}: {play}."), start=tokens[0], end=tokens[1], play=play_it(move))
