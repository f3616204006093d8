"""Offboard geometry: the 61 cells, the six directions and the 12 gutters, as tables built once.

Cells live in a padded 11 x 11 grid of axial coordinates (q, r), both in -5..5, so that a cell is a
bit of a Python integer (a "bitboard") and a step in a direction is a shift by a fixed amount:
index = (r + 5) * 11 + (q + 5). The outer ring (distance 5) holds no cells; its bits tell where a
ball leaving the board arrives, and so which gutter catches it. Because a board cell is at most
distance 4 from the centre, one step from it never wraps round a grid row, so shifts are exact.
"""

from __future__ import annotations

WIDTH = 11
COLUMNS = "abcdefghi"


def index(q: int, r: int) -> int:
    """Grid index (bit number) of axial cell (q, r)."""
    return (r + 5) * WIDTH + (q + 5)


def distance(q: int, r: int) -> int:
    """Hex distance of (q, r) from the centre e5."""
    return max(abs(q), abs(r), abs(q + r))


# ---- cells --------------------------------------------------------------------------------
# In notation order a1..a5, b1..b6, ..., i1..i5 (columns left to right, numbered from the top).
CELL_NAMES: list[str] = []
CELL_INDEX: list[int] = []  # grid index of each cell, same order as CELL_NAMES
QR: dict[int, tuple[int, int]] = {}  # grid index -> (q, r), for the board and the ring
NAME: dict[int, str] = {}  # grid index -> cell name
INDEX_OF: dict[str, int] = {}  # cell name -> grid index
for _col, _letter in enumerate(COLUMNS):
    _q = _col - 4
    _top = max(-4, -4 - _q)
    for _n in range(1, 10 - abs(_q)):
        _r = _top + _n - 1
        _i = index(_q, _r)
        _name = f"{_letter}{_n}"
        CELL_NAMES.append(_name)
        CELL_INDEX.append(_i)
        QR[_i] = (_q, _r)
        NAME[_i] = _name
        INDEX_OF[_name] = _i
assert len(CELL_NAMES) == 61

BOARD = 0  # bitboard of the 61 cells
for _i in CELL_INDEX:
    BOARD |= 1 << _i

RING = 0  # bitboard of the 30 ring cells just outside the board
RING_CELLS: list[tuple[int, int]] = []
for _q in range(-5, 6):
    for _r in range(-5, 6):
        if distance(_q, _r) == 5:
            RING |= 1 << index(_q, _r)
            QR[index(_q, _r)] = (_q, _r)
            RING_CELLS.append((_q, _r))

# ---- directions ---------------------------------------------------------------------------
DIRECTION_NAMES = ("N", "S", "NE", "SW", "SE", "NW")
DIRECTIONS = ((0, -1), (0, 1), (1, -1), (-1, 1), (1, 0), (-1, 0))
SHIFTS = tuple(dr * WIDTH + dq for dq, dr in DIRECTIONS)  # N -11, S 11, NE -10, SW 10, SE 1, NW -1

# ---- gutters ------------------------------------------------------------------------------
# Clockwise from the top vertex; numbered G1..G12 in notation, 0..11 here.
GUTTER_VALUES = (1, 2, 3, 3, 2, 1, 1, 2, 3, 3, 2, 1)
GUTTER_RING = (
    ((1, -5), (2, -5)),
    ((3, -5), (4, -5)),
    ((5, -4), (5, -3)),
    ((5, -2), (5, -1)),
    ((4, 1), (3, 2)),
    ((2, 3), (1, 4)),
    ((-1, 5), (-2, 5)),
    ((-3, 5), (-4, 5)),
    ((-5, 4), (-5, 3)),
    ((-5, 2), (-5, 1)),
    ((-4, -1), (-3, -2)),
    ((-2, -3), (-1, -4)),
)

# Ring index -> (gutter, fallback gutter or -1). A ball arriving at that ring cell goes to the
# gutter if it is empty, else to the fallback if that one is empty, else it is displaced.
# Only the top and bottom vertices have a fallback (both neighbours are worth 1 there).
EXIT_GUTTERS: dict[int, tuple[int, int]] = {}
for _g, _cells in enumerate(GUTTER_RING):
    for _q, _r in _cells:
        EXIT_GUTTERS[index(_q, _r)] = (_g, -1)
EXIT_GUTTERS[index(5, -5)] = (1, -1)  # -> G2, the lower-valued neighbour
EXIT_GUTTERS[index(5, 0)] = (4, -1)  # -> G5
EXIT_GUTTERS[index(-5, 5)] = (7, -1)  # -> G8
EXIT_GUTTERS[index(-5, 0)] = (10, -1)  # -> G11
EXIT_GUTTERS[index(0, -5)] = (0, 11)  # top: G1, else G12
EXIT_GUTTERS[index(0, 5)] = (6, 5)  # bottom: G7, else G6
assert set(EXIT_GUTTERS) == {index(q, r) for q, r in RING_CELLS}

# ---- lines between cells ------------------------------------------------------------------
# (tail, destination) grid indices -> (shift, k): destination = tail + k * shift, k >= 1.
# Every "T-D" the notation can name; used to parse and to apply moves outside the fast path.
LINE_GEOMETRY: dict[tuple[int, int], tuple[int, int]] = {}
for _t in CELL_INDEX:
    for _s in SHIFTS:
        _k, _d = 1, _t + _s
        while (BOARD >> _d) & 1:
            LINE_GEOMETRY[(_t, _d)] = (_s, _k)
            _k, _d = _k + 1, _d + _s

# ---- drawing ------------------------------------------------------------------------------
SQRT3 = 3**0.5


def xy(q: float, r: float, size: float) -> tuple[float, float]:
    """Centre of axial (q, r) on a board of flat-topped hexagons (vertical columns)."""
    return 1.5 * size * q, SQRT3 * size * (r + q / 2)
