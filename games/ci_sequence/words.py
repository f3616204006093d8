"""C#I Sequence in words: what the player to move does (normal play or the final placements), and why a game ended."""

from __future__ import annotations

from games.ci_sequence.geometry import DIR_INDEX
from games.ci_sequence.rules import PLY_LIMIT
from games.messages import N_, NC_, NP_, Message, say
from games.ui import Selection
from games.words import POINTS, play_it

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


# The tiles by type (colour letter and symbol letter): in a sentence, on a button, and counted in a hand.
TILE_WORDS = {
    "Bd": N_("blue dot"),
    "Bm": N_("blue moon"),
    "Bs": N_("blue sun"),
    "Od": N_("orange dot"),
    "Om": N_("orange moon"),
    "Os": N_("orange sun"),
    "B?": N_("blue tile"),
    "O?": N_("orange tile"),
}
TILE_LABELS = {
    "Bd": N_("Blue dot"),
    "Bm": N_("Blue moon"),
    "Bs": N_("Blue sun"),
    "Od": N_("Orange dot"),
    "Om": N_("Orange moon"),
    "Os": N_("Orange sun"),
    "B?": N_("Blue tile"),
    "O?": N_("Orange tile"),
}
TILE_UNITS = {
    "Bd": NP_("{n} blue dot", "{n} blue dots"),
    "Bm": NP_("{n} blue moon", "{n} blue moons"),
    "Bs": NP_("{n} blue sun", "{n} blue suns"),
    "Od": NP_("{n} orange dot", "{n} orange dots"),
    "Om": NP_("{n} orange moon", "{n} orange moons"),
    "Os": NP_("{n} orange sun", "{n} orange suns"),
}
BACK_UNITS = {"B": NP_("{n} blue tile", "{n} blue tiles"), "O": NP_("{n} orange tile", "{n} orange tiles")}
TILES = NP_("{n} tile", "{n} tiles")
SYMBOL_WORDS = {"d": NC_("symbol", "dot"), "m": NC_("symbol", "moon"), "s": NC_("symbol", "sun")}
# Where a push sends the row (the notation's N, NE, ...), as a sentence and a button say it.
DIRECTION_WORDS = (
    N_("north"),
    N_("east"),
    N_("south"),
    N_("west"),
    N_("north-east"),
    N_("south-east"),
    N_("south-west"),
    N_("north-west"),
)


def token_label(token: str) -> Message | str:
    """The label of a button for a token the board does not draw (hand tiles, push directions)."""
    if token.startswith(">") and token[1:] in DIR_INDEX:
        return say(N_("Push {direction}"), direction=say(DIRECTION_WORDS[DIR_INDEX[token[1:]]]))
    if token in TILE_LABELS:
        return say(TILE_LABELS[token])
    return token


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
    tile = say(TILE_WORDS[first])
    if len(tokens) == 1:
        return say(N_("You picked the {tile} from your hand: click an empty square to place it."), tile=tile)
    placed = {"tile": tile, "square": tokens[1]}
    if len(tokens) > 2:
        direction = say(DIRECTION_WORDS[DIR_INDEX[tokens[2][1:]]])
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
