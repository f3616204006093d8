"""Take-away's board: the row of counters as SVG, and the same in words."""

from __future__ import annotations

from games.svg import dot, picture
from games.ui import BoardUI
from tests.support.takeaway.rules import SEAT_NAMES


def describe(view: dict) -> list[str]:
    """Plain English lines for screen readers and email."""
    lines = [f"{view['left']} counters left."]
    if view["outcome"] is not None:
        lines.append(f"Game over: {SEAT_NAMES[view['outcome']['winner']]} took the last counter and wins.")
    else:
        lines.append(f"{SEAT_NAMES[view['to_move']]} to move: take 1 or 2 counters.")
    return lines


def render_board(view: dict, ui: BoardUI) -> str:
    """The row of counters; the moves ("1", "2") are not drawn, so the page shows them as buttons."""
    counters = "".join(dot(30 + 40 * i, 30, 14, "#5b4a3a") for i in range(view["left"]))
    label = " ".join(describe(view))
    return picture("0 0 420 60", "take-away", label, counters)
