"""Board geometry for Abande: cell numbering, neighbour bitmasks and lookup tables, built once at import.

Both boards live on the same padded bit layout: a point at grid column gx and grid row gy (0..6 each) is bit
`(gy + 1) * 9 + (gx + 1)`. The padding (row 0, column 0 and column 8 of a 9-wide grid) is never occupied, so
shifting a whole occupancy mask by a neighbour offset can never wrap a stone onto a real point of another row,
and the 3x3 window around any point starts at bit `cell - 10 >= 0`. That lets the engine do flood fills,
dilations and adjacency counts with a handful of integer shifts instead of per-cell loops.

- Square (7x7, 8-neighbour): gx = file (a..g), gy = rank (1..7); offsets +-1, +-9 (rank), +-8, +-10 (diagonals).
- Hex (side 4, 37 points): gx = q + 3, gy = r + 3 in axial coordinates; offsets +-1 (q), +-9 (r),
  -8 for (+1, -1) and +8 for (-1, +1).
"""

from __future__ import annotations

from math import sqrt

SIZE = 81  # bits 0..80 cover the padded 9x9 layout
LETTERS = "abcdefg"


def _bit(gx: int, gy: int) -> int:
    return (gy + 1) * 9 + (gx + 1)


def name_code(name: str) -> int:
    """A board-independent small int for a point name: letter index * 8 + (number - 1).

    Move objects are built from these so `parse_move` needs no board (both boards use a1..g7 style names).
    """
    return (ord(name[0]) - 97) * 8 + int(name[1:]) - 1


class Geometry:
    """Everything the engine and the renderer need about one board, as flat tables indexed by cell bit."""

    def __init__(self, kind: str, points: list[tuple[str, int, float, float]], offsets: tuple[int, ...]):
        self.kind = kind
        self.square = kind == "square"
        # Display order: by name (rows a..g, then number), which is also the order of sorted notation.
        points = sorted(points, key=lambda p: (p[0][0], int(p[0][1:])))
        self.cells = [bit for _, bit, _, _ in points]
        self.names = [""] * SIZE
        self.index: dict[str, int] = {}
        self.xy: dict[str, tuple[float, float]] = {}
        for name, bit, x, y in points:
            self.names[bit] = name
            self.index[name] = bit
            self.xy[name] = (x, y)
        self.board = 0
        for bit in self.cells:
            self.board |= 1 << bit
        self.offsets = offsets  # signed neighbour offsets
        self.shifts = tuple(sorted({abs(d) for d in offsets}))  # positive shift amounts, used both ways
        # Neighbour masks and lists per cell (only real points).
        self.nb = [0] * SIZE
        self.nbl: list[tuple[int, ...]] = [()] * SIZE
        for bit in self.cells:
            near = tuple(bit + d for d in offsets if (self.board >> (bit + d)) & 1)
            self.nbl[bit] = near
            for other in near:
                self.nb[bit] |= 1 << other
        # Name codes (board-independent move ints) <-> cell bits.
        self.code = [-1] * SIZE
        self.bit_of_code = [-1] * 64
        for bit in self.cells:
            c = name_code(self.names[bit])
            self.code[bit] = c
            self.bit_of_code[c] = bit
        # Local articulation test. `(occ >> (cell - 10)) & self.window` is the occupancy of the cell's
        # neighbours; LOCAL maps it to True when those occupied neighbours are connected among themselves,
        # in which case removing the cell cannot disconnect a connected group (every path through the cell
        # can be rerouted around it). False means "maybe a cut point": the engine then does a flood fill.
        self.window = 0
        for d in offsets:
            self.window |= 1 << (d + 10)
        self.local: dict[int, bool] = {}
        n = len(offsets)
        for subset in range(1 << n):
            chosen = [offsets[i] for i in range(n) if subset >> i & 1]
            key = sum(1 << (d + 10) for d in chosen)
            self.local[key] = _connected_offsets(chosen, set(offsets))
        # Edges for drawing lines (each adjacent pair once).
        self.edges = [(a, b) for a in self.cells for b in self.nbl[a] if a < b]

    def dilate(self, x: int) -> int:
        """x plus all its neighbours (may include padding bits: mask with `board`)."""
        y = x | x << 1 | x >> 1 | x << 8 | x >> 8 | x << 9 | x >> 9
        if self.square:
            y |= x << 10 | x >> 10
        return y


def _connected_offsets(chosen: list[int], offsets: set[int]) -> bool:
    """Whether the chosen neighbour offsets form one connected set (adjacent when they differ by an offset)."""
    if len(chosen) <= 1:
        return True
    seen = {chosen[0]}
    todo = [chosen[0]]
    while todo:
        a = todo.pop()
        for b in chosen:
            if b not in seen and (b - a) in offsets:
                seen.add(b)
                todo.append(b)
    return len(seen) == len(chosen)


def _square() -> Geometry:
    points = []
    for gx in range(7):
        for gy in range(7):
            points.append((f"{LETTERS[gx]}{gy + 1}", _bit(gx, gy), float(gx), float(6 - gy)))
    return Geometry("square", points, (1, -1, 9, -9, 8, -8, 10, -10))


ROW_LENGTHS = (4, 5, 6, 7, 6, 5, 4)


def _hex() -> Geometry:
    points = []
    h = sqrt(3) / 2
    for i, length in enumerate(ROW_LENGTHS):
        r = 3 - i
        for n in range(1, length + 1):
            q = (n - 1) + max(-3, -3 - r)
            x = (n - 1) + abs(3 - i) * 0.5
            y = (6 - i) * h
            points.append((f"{LETTERS[i]}{n}", _bit(q + 3, r + 3), x, y))
    return Geometry("hex", points, (1, -1, 9, -9, -8, 8))


GEOMETRIES = {"square": _square(), "hex": _hex()}
