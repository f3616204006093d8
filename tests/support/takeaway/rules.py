"""Take-away's rules: a row of counters; each turn take one or two; whoever takes the last counter wins."""

from __future__ import annotations

from dataclasses import dataclass

from games.base import IllegalMove, Outcome

SEAT_NAMES = ("First", "Second")


@dataclass(frozen=True)
class State:
    left: int  # counters still in the row
    to_move: int
    ply: int
    last: int | None  # counters taken by the last move


def initial_state(options: dict) -> State:
    """The full row; the first seat moves first."""
    return State(options["counters"], 0, 0, None)


def current_player(state: State) -> int | None:
    """Seat to move, None once the row is empty."""
    return state.to_move if state.left else None


def legal_moves(state: State) -> list[int]:
    """Take one or two counters (not more than are left)."""
    return [n for n in (1, 2) if n <= state.left]


def apply_move(state: State, move: int) -> State:
    """The row after taking `move` counters."""
    return State(state.left - move, 1 - state.to_move, state.ply + 1, move)


def outcome(state: State) -> Outcome | None:
    """Whoever took the last counter (the seat that moved last) wins."""
    if state.left:
        return None
    return Outcome(1 - state.to_move, None, "last-counter")


def ply(state: State) -> int:
    """Moves played since the start."""
    return state.ply


def parse_move(text: str) -> int:
    """ "1" or "2"."""
    if text.strip() not in ("1", "2"):
        raise IllegalMove(f"{text.strip()!r} is not a move: take 1 or 2")
    return int(text)


def format_move(move: int) -> str:
    """A move is the number of counters taken."""
    return str(move)


def to_json(state: State) -> dict:
    """The state as JSON data."""
    return {"left": state.left, "to_move": state.to_move, "ply": state.ply, "last": state.last}


def from_json(data: dict) -> State:
    """Inverse of to_json."""
    return State(int(data["left"]), int(data["to_move"]), int(data["ply"]), data["last"])


def player_view(state: State, seat: int | None) -> dict:
    """Nothing is hidden: the row and whose turn it is."""
    result = outcome(state)
    return {
        "seat": seat,
        "to_move": current_player(state),
        "left": state.left,
        "ply": state.ply,
        "last_move": format_move(state.last) if state.last is not None else None,
        "outcome": result.to_json() if result is not None else None,
        "state": to_json(state),
    }
