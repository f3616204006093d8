"""Abrana geometry: squares as small ints and the neighbour/jump tables, built once at import.

A square is `file * 6 + rank` (both 0-based), so a1=0, a2=1, ..., a6=5, b1=6, ..., f6=35. With one-digit ranks
this makes integer order equal to the notation's string order ("a6" < "b1"), so sorting squares sorts names.

Board arrays have 37 entries: index 36 (`WALL`) stands for "off the board" and always holds a non-zero value, so a
jump whose landing square is off the board fails the same "landing square is empty" test as an occupied one,
without a separate bounds check in the hot loops.
"""

from __future__ import annotations

SIZE = 6
NSQ = SIZE * SIZE
WALL = NSQ  # pseudo-square for "off the board"

# Cell contents (board values). A square holds at most one thing: a pawn only ever lands on an empty square or
# removes what it steps on, so pawns live in the same array as markers.
EMPTY, BLACK, RED, GREEN, RED_PAWN, GREEN_PAWN, OFF = 0, 1, 2, 3, 4, 5, 6
# Seat s owns marker colour 2 + s and pawn code 4 + s.
COLOUR_NAMES = {BLACK: "black", RED: "red", GREEN: "green"}
COLOUR_CODES = {name: code for code, name in COLOUR_NAMES.items()}

FILES = "abcdef"
NAMES = tuple(FILES[i // SIZE] + str(i % SIZE + 1) for i in range(NSQ))
SQUARE = {name: i for i, name in enumerate(NAMES)}

BORDER = tuple(i // SIZE in (0, SIZE - 1) or i % SIZE in (0, SIZE - 1) for i in range(NSQ))
BORDER_SQUARES = tuple(i for i in range(NSQ) if BORDER[i])

DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def _on(f: int, r: int) -> bool:
    return 0 <= f < SIZE and 0 <= r < SIZE


def _build():
    """NEIGHBOURS[s]: (x, t, step code s->x, jump code s->t) for every on-board neighbour x of s; t is the square
    beyond x (WALL when off the board). Move codes are `S * 36 + T`, so the hot loop appends precomputed ints."""
    neighbours = []
    mid = {}
    for s in range(NSQ):
        f, r = divmod(s, SIZE)
        row = []
        for df, dr in DIRECTIONS:
            if not _on(f + df, r + dr):
                continue
            x = (f + df) * SIZE + r + dr
            t = (f + 2 * df) * SIZE + r + 2 * dr if _on(f + 2 * df, r + 2 * dr) else WALL
            row.append((x, t, s * NSQ + x, s * NSQ + t))
            mid[s * NSQ + x] = -1  # a step has no jumped-over square
            if t != WALL:
                mid[s * NSQ + t] = x
        neighbours.append(tuple(row))
    # MIDDLE[code]: the jumped-over square of a jump, -1 for a step, None for codes that are neither.
    middle = tuple(mid.get(code) for code in range(NSQ * NSQ))
    return tuple(neighbours), middle


NEIGHBOURS, MIDDLE = _build()

# Free-jump table: (x, t) pairs with t on the board (a free jump needs a landing square).
JUMPS = tuple(tuple((x, t) for x, t, _, _ in NEIGHBOURS[s] if t != WALL) for s in range(NSQ))

# Setup 1: every unordered pair of border squares, smaller square first (190 pairs).
RESERVE_PAIRS = tuple((a, b) for a in BORDER_SQUARES for b in BORDER_SQUARES if a < b)


def empty_board() -> list[int]:
    """A fresh 37-entry board array (36 squares plus the WALL sentinel)."""
    board = [EMPTY] * (NSQ + 1)
    board[WALL] = OFF
    return board
