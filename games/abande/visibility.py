"""What a viewer sees of an Abande position: everything (nothing is hidden), with the score as it stands."""

from __future__ import annotations

from games.abande.rules import (
    STACK_TEXT,
    State,
    current_player,
    format_move,
    outcome,
    removed_at_scoring,
    score_of,
    to_json,
)


def player_view(state: State, seat: int | None) -> dict:
    """Everything is public: the stacks, the hands, and the score if the game ended now."""
    result = outcome(state)
    names = state.geo.names
    return {
        "board": state.geo.kind,
        "stacks": {names[b]: STACK_TEXT[c] for b, c in enumerate(state.cells) if c},
        "hands": list(state.hands),
        "score": list(score_of(state)),
        "not_scoring": removed_at_scoring(state),
        "to_move": current_player(state),
        "ply": state.ply,
        "passes": state.passes,
        "last_move": format_move(state.last) if state.last is not None else None,
        "outcome": result.to_json() if result is not None else None,
        "seat": seat,
        "state": to_json(state),
    }
