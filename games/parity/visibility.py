"""What a viewer sees of a Parity position: everything (nothing is hidden), in a form easy to draw and describe."""

from __future__ import annotations

from games.parity.geometry import HEIGHT, INDEX, KIND, KIND_NAMES, NAMES, SIZE, WIDTH
from games.parity.rules import NO_CAPTURE_LIMIT, SEAT_NAMES, State, format_move, to_json


def player_view(state: State, seat: int | None) -> dict:
    """Everything on the board is public: the view is the position, made easy to draw."""
    outcome = state.outcome()
    n = state.counts[0] + state.counts[1]
    board = state.board
    movable = [] if outcome is not None else sorted({NAMES[m[0]] for m in state.moves()}, key=INDEX.__getitem__)
    return {
        "game": "parity",
        "seat": seat,
        "seat_names": list(SEAT_NAMES),
        "to_move": None if outcome is not None else state.to_move,
        "ply": state.ply,
        "files": WIDTH,
        "ranks": HEIGHT,
        "cells": [
            {"name": NAMES[s], "kind": KIND_NAMES[KIND[s]], "piece": board[s] - 1 if board[s] else None}
            for s in range(SIZE)
        ],
        "pieces": list(state.counts),
        "piece_count": n,
        "open": "red" if n % 2 == 0 else "blue",
        "closed": "blue" if n % 2 == 0 else "red",
        "movable": movable,
        "quiet": state.quiet,
        "no_capture_limit": NO_CAPTURE_LIMIT,
        "repetitions": state.hist.count(state.hist[-1]),
        "last_move": format_move(state.last) if state.last is not None else None,
        "outcome": outcome.to_json() if outcome is not None else None,
        "state": to_json(state),
    }
