"""C#I Sequence in words: what the player to move does (normal play or the final placements), and why a game ended."""

from __future__ import annotations

from games.ci_sequence.rules import PLY_LIMIT, SEAT_NAMES, token_label
from games.words import result_sentence

OUTCOME_REASONS = ("score", "four-in-a-row", "ply-limit")
REASONS = {
    "score": "more points from pairs of their symbol",
    "score/draw": "equal scores, and a full line of one symbol for both or neither",
    "four-in-a-row": "equal scores, and their symbol fills a whole line",
    "ply-limit": f"{PLY_LIMIT} plies were played without an end",
}
UNIT = "points"
PROMPTS = {
    "normal": "Pick a tile from your hand to place it, or click a tile on the board to move it one square.",
    "final": "Place your remaining tiles, one per turn: pick a tile from your hand, then an empty square.",
}


def phase(view: dict) -> str:
    """Normal play, or the final placements after a hand ran out."""
    return view["phase"]


def next_step(view: dict, chosen: tuple[str, ...]) -> str:
    """After a hand tile, a square or both: what comes next."""
    first = chosen[0]
    if first in view["cells"]:
        return f"You picked the tile on {first}: click the empty square next to it where it moves."
    tile = token_label(first).lower()
    if len(chosen) == 1:
        return f"You picked a {tile} from your hand: click an empty square to place it."
    return f"Your {tile} goes on {chosen[1]}: play it there, or pick a direction to push the row beyond it."


def result(outcome: dict) -> str:
    """The result in words with the symbols' names (for the board)."""
    return result_sentence(outcome, SEAT_NAMES, REASONS, UNIT)
