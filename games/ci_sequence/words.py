"""C#I Sequence in words: what the player to move does (normal play or the final placements), and why a game ended."""

from __future__ import annotations

from games.ci_sequence.rules import PLY_LIMIT, token_label
from games.messages import N_, Message, say
from games.ui import Selection
from games.words import POINTS, play_it, with_article

OUTCOME_REASONS = ("score", "four-in-a-row", "ply-limit")
REASON_WORDS = {
    "score": N_("more points from pairs of their symbol"),
    "score/draw": N_("equal scores, and a full line of one symbol for both or neither"),
    "four-in-a-row": N_("equal scores, and their symbol fills a whole line"),
    "ply-limit": say(N_("{limit} plies were played without an end"), limit=PLY_LIMIT),
}
SCORE_UNIT = POINTS
PHASE_PROMPTS = {
    "normal": N_("Pick a tile from your hand to place it, or click a tile on the board to move it one square."),
    "final": N_("Place your remaining tiles, one per turn: pick a tile from your hand, then an empty square."),
}


def phase_of(view: dict) -> str:
    """Normal play, or the final placements after a hand ran out."""
    return view["phase"]


def step_message(view: dict, selection: Selection) -> Message:
    """After a hand tile, a square, a push direction or a board tile's two squares: what was chosen, what comes next."""
    move, tokens = selection.complete, selection.tokens
    first = tokens[0]
    if first in view["cells"]:
        if move is None:
            return say(
                N_("You picked the tile on {square}: click the empty square next to it where it moves."), square=first
            )
        return say(N_("The tile on {start} moves to {end}: {play}."), start=first, end=tokens[1], play=play_it(move))
    # The tiles' names (the rules' token labels) are English words for now: a parameter each, not yet translated.
    tile = token_label(first).lower()
    if len(tokens) == 1:
        return say(N_("You picked {tile} from your hand: click an empty square to place it."), tile=with_article(tile))
    placed = {"tile": tile, "square": tokens[1]}
    if len(tokens) > 2:
        direction = token_label(tokens[2])[5:]
        return say(
            N_("Your {tile} goes on {square} and pushes the row beyond it {direction}: {play}."),
            direction=direction,
            play=play_it(move),
            **placed,
        )
    if move is None:
        return say(N_("Your {tile} goes on {square}: choose a direction to push the row beyond it."), **placed)
    if selection.options:
        return say(
            N_("Your {tile} goes on {square}: {play}, or choose a direction to push the row beyond it."),
            play=play_it(move),
            **placed,
        )
    return say(N_("Your {tile} goes on {square}: {play}."), play=play_it(move), **placed)
