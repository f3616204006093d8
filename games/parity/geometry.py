"""The Parity board: the kind of every square and the start squares as data, and the geometry derived from them.

The original board picture is lost; this layout is our design (the rules page says so). Everything else
(geometry, gates, captures, rendering) is derived from the two tables KINDS and START_NAMES, so
replacing the board means editing them only. The board must stay rectangular; files are letters
a.., ranks 1... Squares are small ints `rank * WIDTH + file` (a1 = 0).
"""

from __future__ import annotations

# Square kinds, one string per rank from the top rank down to rank 1, files a.. left to right.
#   R = red (open when the piece count is even), U = blue (open when it is odd),
#   B / W = ordinary black / white squares (no rule effect; drawn as a checkerboard).
KINDS = (
    "RBWBWU",  # rank 6
    "URBWUR",  # rank 5
    "WBURWB",  # rank 4
    "BWRUBW",  # rank 3
    "RUWBRU",  # rank 2
    "UWBWBR",  # rank 1
)

# Start squares per seat: seat 0 (White) near rank 1, seat 1 (Black) near the top rank.
START_NAMES = (
    ("b1", "c1", "d1", "e1", "c2", "d2"),
    ("b6", "c6", "d6", "e6", "c5", "d5"),
)

# ---- geometry derived from the two tables above ----------------------------------------
WIDTH = len(KINDS[0])
HEIGHT = len(KINDS)
SIZE = WIDTH * HEIGHT
FILES = "abcdefghijklmnopqrstuvwxyz"[:WIDTH]
NAMES = tuple(f"{FILES[i % WIDTH]}{i // WIDTH + 1}" for i in range(SIZE))
INDEX = {name: i for i, name in enumerate(NAMES)}
# KINDS lists the top rank first; square i is on rank i // WIDTH counted from the bottom.
KIND = tuple(KINDS[HEIGHT - 1 - i // WIDTH][i % WIDTH] for i in range(SIZE))
KIND_NAMES = {"R": "red", "U": "blue", "B": "dark", "W": "light"}
START = tuple(tuple(INDEX[name] for name in seat) for seat in START_NAMES)  # as square ints

FORWARD = (WIDTH, -WIDTH)  # seat 0 (White) moves up the board, seat 1 (Black) down
CAPTURE_SPAN = 2 * WIDTH  # |to - from| of a capture; steps span 1 or WIDTH

# OPEN[p][s]: is square s open when the piece count has parity p? Red needs an even count,
# blue an odd one, ordinary squares are always open.
OPEN = tuple(tuple(k not in "RU" or (k == "R") == (p == 0) for k in KIND) for p in (0, 1))


def _neighbours(s: int) -> tuple[int, ...]:
    f, r = s % WIDTH, s // WIDTH
    out = []
    if f > 0:
        out.append(s - 1)
    if f < WIDTH - 1:
        out.append(s + 1)
    if r > 0:
        out.append(s - WIDTH)
    if r < HEIGHT - 1:
        out.append(s + WIDTH)
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(s) for s in range(SIZE))

# STEPS[p][s]: the step moves from s whose origin and destination are both open at parity p
# (a step leaves the count unchanged); only the emptiness of the destination is left to test.
STEPS = tuple(
    tuple(tuple((s, d) for d in NEIGHBOURS[s] if OPEN[p][d]) if OPEN[p][s] else () for s in range(SIZE)) for p in (0, 1)
)


def _capture(seat: int, p: int, s: int):
    """(move, captured square, landing square) if the forward capture from s passes the gates
    at parity p (the parity *after* the capture), else None."""
    v = s + FORWARD[seat]
    land = v + FORWARD[seat]
    if not 0 <= land < SIZE:
        return None
    if OPEN[p][s] and OPEN[p][v] and OPEN[p][land]:
        return ((s, land), v, land)
    return None


# CAPTURES[seat][p][s], p = parity of the count after the capture; the enemy on v and the empty
# landing square are tested at run time.
CAPTURES = tuple(tuple(tuple(_capture(seat, p, s) for s in range(SIZE)) for p in (0, 1)) for seat in (0, 1))
