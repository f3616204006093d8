"""What a viewer sees of an Abrana position: everything (nothing is hidden), ready to draw and describe."""

from __future__ import annotations

from games.abrana.geometry import COLOUR_NAMES, EMPTY, NAMES
from games.abrana.rules import MARKERS_PER_COLOUR, SETUP_PLIES, AbranaState, current_player, reach, to_json


def player_view(state: AbranaState, seat: int | None) -> dict:
    """Everything is public: the position, the setup phase, the free-jump squares and the last turn's path."""
    board = state.board
    result = state.result
    to_move = current_player(state)
    ply = state.ply
    if result is not None:
        phase = "over"
    else:
        phase = ("reserve", "place-red", "place-green")[ply] if ply < SETUP_PLIES else "play"
    free_jumps = []
    if phase == "play":
        orig = state.pawns[to_move]
        b = list(board)
        b[orig] = EMPTY
        squares, _ = reach(b, orig)
        free_jumps = sorted(NAMES[s] for s in squares[1:])
    on_board = {name: board.count(code) for code, name in COLOUR_NAMES.items()}
    state_json = to_json(state)
    return {
        "seat": seat,
        "to_move": to_move,
        "ply": ply,
        "phase": phase,
        "last_move": state_json["last_move"],
        "outcome": result.to_json() if result is not None else None,
        "pawns": {"red": state_json["pawns"][0], "green": state_json["pawns"][1]},
        "markers": state_json["markers"],
        "reserved": state_json["reserved"],
        "on_board": on_board,
        "supply": {name: MARKERS_PER_COLOUR - n for name, n in on_board.items()},
        "free_jumps": free_jumps,
        "path": state_json["path"],
        "passes": state.passes,
        "state": state_json,
    }
