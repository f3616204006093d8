"""C#I Sequence in words: what the player to move does (normal play or the final placements), and why a game ended."""

from __future__ import annotations

from games.ci_sequence.rules import PLY_LIMIT, token_label
from games.ui import Selection
from games.words import play_it, with_article

OUTCOME_REASONS = ("score", "four-in-a-row", "ply-limit")
REASON_WORDS = {
    "score": "more points from pairs of their symbol",
    "score/draw": "equal scores, and a full line of one symbol for both or neither",
    "four-in-a-row": "equal scores, and their symbol fills a whole line",
    "ply-limit": f"{PLY_LIMIT} plies were played without an end",
}
SCORE_UNIT = "points"
PHASE_PROMPTS = {
    "normal": "Pick a tile from your hand to place it, or click a tile on the board to move it one square.",
    "final": "Place your remaining tiles, one per turn: pick a tile from your hand, then an empty square.",
}


def phase_of(view: dict) -> str:
    """Normal play, or the final placements after a hand ran out."""
    return view["phase"]


def next_step(view: dict, selection: Selection) -> str:
    """After a hand tile, a square, a push direction or a board tile's two squares: what was chosen, what comes next."""
    move, tokens = selection.complete, selection.tokens
    first = tokens[0]
    if first in view["cells"]:
        if move is None:
            return f"You picked the tile on {first}: click the empty square next to it where it moves."
        return f"The tile on {first} moves to {tokens[1]}: {play_it(move)}."
    tile = token_label(first).lower()
    if len(tokens) == 1:
        return f"You picked {with_article(tile)} from your hand: click an empty square to place it."
    placed = f"Your {tile} goes on {tokens[1]}"
    if len(tokens) > 2:
        return f"{placed} and pushes the row beyond it {token_label(tokens[2])[5:]}: {play_it(move)}."
    if move is None:
        return f"{placed}: choose a direction to push the row beyond it."
    push = ", or choose a direction to push the row beyond it" if selection.options else ""
    return f"{placed}: {play_it(move)}{push}."
