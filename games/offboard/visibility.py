"""What a viewer sees of an Offboard position: everything (nothing is hidden), with what each action would do."""

from __future__ import annotations

from games.offboard.geometry import BOARD, CELL_INDEX, CELL_NAMES, GUTTER_VALUES, LINE_GEOMETRY, NAME
from games.offboard.rules import (
    DIRECTION_OF_SHIFT,
    DISCARD,
    PLACE,
    State,
    exit_gutter,
    format_move,
    gutter_of,
    gutter_points,
    legal_moves,
    outcome,
    to_json,
)


def preview(state: State, move: int) -> dict:
    """What a normal action (or the action after x+) does: the own balls that move (tail to
    head), the opponent balls pushed, and the ball ejected with the gutter it goes to."""
    move &= ~DISCARD
    t, d = move >> 7, move & 127
    s, k = LINE_GEOMETRY[(t, d)]
    opp = state.yellow if state.side == 0 else state.red
    pushed = []
    cell = d
    while opp >> cell & 1:
        pushed.append(cell)
        cell += s
    info = {
        "direction": DIRECTION_OF_SHIFT[s],
        "moving": [NAME[t + j * s] for j in range(k)],
        "pushed": [NAME[c] for c in pushed],
        "ejected": None,
        "gutter": None,
        "points": 0,
        "displaced": False,
    }
    if pushed and not BOARD >> cell & 1:
        g, caught = exit_gutter(state.gut, cell)
        info.update(
            ejected=NAME[pushed[-1]],
            gutter=f"G{g + 1}",
            points=GUTTER_VALUES[g] if caught else 0,
            displaced=not caught,
        )
    return info


def player_view(state: State, seat: int | None) -> dict:
    """The position, the scores, the legal actions and a preview of each."""
    result = outcome(state)
    moves = legal_moves(state)
    previews = {}
    for move in moves:
        if not move & PLACE:
            previews.setdefault(format_move(move & ~DISCARD), preview(state, move))
    cells = {}
    for name, i in zip(CELL_NAMES, CELL_INDEX):
        cells[name] = 0 if state.red >> i & 1 else 1 if state.yellow >> i & 1 else None
    return {
        "seat": seat,
        "to_move": None if result is not None else state.side,
        "ply": state.ply,
        "last_move": format_move(state.last) if state.last is not None else None,
        "outcome": result.to_json() if result is not None else None,
        "cells": cells,
        "gutters": [
            {
                "name": f"G{g + 1}",
                "value": GUTTER_VALUES[g],
                "ball": None if gutter_of(state.gut, g) < 0 else gutter_of(state.gut, g),
            }
            for g in range(12)
        ],
        "scores": list(gutter_points(state.gut)),
        "balls": [state.red.bit_count(), state.yellow.bit_count()],
        "displaced": state.side if state.disp else None,
        "legal": sorted(format_move(m) for m in moves),
        "previews": previews,
        "state": to_json(state),
    }
