"""Geometry and tile tables for C#I Sequence, built once at import.

Squares are ints 0..15: square = file + 4 * rank (a1 = 0, d1 = 3, a4 = 12, d4 = 15), so a set of
squares is a 16-bit mask. Tiles are ints 0..13 with a fixed type each; a set of tiles (a hand, what
a player knows) is a 14-bit mask. Tile numbers are engine-internal: they correlate with the symbol,
so they never appear in a player view (views use the public handle described in rules.py).
"""

from __future__ import annotations

FILES = "abcd"
NAMES = tuple(FILES[sq % 4] + str(sq // 4 + 1) for sq in range(16))
SQUARE = {name: sq for sq, name in enumerate(NAMES)}

# Directions in a fixed order: N E S W NE SE SW NW (N = towards rank 4, E = towards file d).
DIR_NAMES = ("N", "E", "S", "W", "NE", "SE", "SW", "NW")
DIR_INDEX = {name: d for d, name in enumerate(DIR_NAMES)}
DIR_DELTA = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1))


def _ray(sq: int, d: int) -> tuple[int, ...]:
    """The squares from sq (exclusive) towards d up to the edge."""
    f, r = sq % 4, sq // 4
    df, dr = DIR_DELTA[d]
    out = []
    f, r = f + df, r + dr
    while 0 <= f < 4 and 0 <= r < 4:
        out.append(f + 4 * r)
        f, r = f + df, r + dr
    return tuple(out)


RAYS = tuple(tuple(_ray(sq, d) for d in range(8)) for sq in range(16))

# ---- tiles -------------------------------------------------------------------------------
# Types: 0 Bd, 1 Bm, 2 Bs, 3 Od, 4 Om, 5 Os. Symbols: 0 dot, 1 moon, 2 sun. Colours: 0 B, 1 O.
TYPE_NAMES = ("Bd", "Bm", "Bs", "Od", "Om", "Os")
TYPE_INDEX = {name: t for t, name in enumerate(TYPE_NAMES)}
TYPE_COLOUR = (0, 0, 0, 1, 1, 1)
TYPE_SYMBOL = (0, 1, 2, 0, 1, 2)
COLOUR_LETTERS = ("B", "O")
SYMBOL_LETTERS = ("d", "m", "s")

# Tile ids 0-2 Bd, 3-5 Bm, 6 Bs (the moon player's start), 7-9 Od, 10-12 Os, 13 Om (the sun player's).
TILE_TYPE = (0, 0, 0, 1, 1, 1, 2, 3, 3, 3, 5, 5, 5, 4)
TILE_SYMBOL = tuple(TYPE_SYMBOL[t] for t in TILE_TYPE)
TILE_COLOUR = tuple(TYPE_COLOUR[t] for t in TILE_TYPE)
TYPE_MASK = tuple(sum(1 << i for i in range(14) if TILE_TYPE[i] == t) for t in range(6))
COLOUR_MASK = (0b00000001111111, 0b11111110000000)
ALL_TILES = (1 << 14) - 1
START_HANDS = COLOUR_MASK
# How many tiles of each type exist (3 dot, 3 moon, 1 sun blue; 3 dot, 1 moon, 3 sun orange).
TYPE_TOTAL = tuple(bin(m).count("1") for m in TYPE_MASK)

# The types present in a hand, for every possible hand mask (16384 small tuples): a playout asks
# this every ply, and a table lookup beats six mask tests.
TYPES_IN_HAND = tuple(tuple(t for t in range(6) if h & TYPE_MASK[t]) for h in range(1 << 14))

# ---- every possible step and push, numbered; a position lists the ones open to it ---------
# A Move (from, to) between 8-adjacent squares.
STEPS = tuple((a, RAYS[a][d][0]) for a in range(16) for d in range(8) if RAYS[a][d])
STEP_FROM = tuple(a for a, _ in STEPS)
STEP_TO = tuple(b for _, b in STEPS)

# A push from empty square E towards d moving a chain of k >= 2 tiles: the chain squares, and the
# square the last tile shifts into (-1 when it leaves the board). The push needs that square empty,
# which is what makes the chain maximal.
PUSHES = tuple(
    (e, d, RAYS[e][d][:k], RAYS[e][d][k] if k < len(RAYS[e][d]) else -1)
    for e in range(16)
    for d in range(8)
    for k in range(2, len(RAYS[e][d]) + 1)
)
# The square of the tile a push sends off the board, or -2 (never equal to a "last placed" square,
# which is -1 when there is none).
PUSH_LEAVES = tuple(chain[-1] if nxt < 0 else -2 for _, _, chain, nxt in PUSHES)

# ---- move codes (ints, so legal-move lists are cheap to build, hash and compare) -----------
# place: t*16 + sq (0..95); move: 96 + from*16 + to (96..351); push: 352 + (t*16 + E)*8 + d.
MOVE_BASE = 96
PUSH_BASE = 352
STEP_CODE = tuple(MOVE_BASE + a * 16 + b for a, b in STEPS)
PUSH_CODE = tuple(PUSH_BASE + e * 8 + d for e, d, _, _ in PUSHES)  # add t*128 for the tile type


# The 8-neighbours of each square as a mask: a tile on sq forms popcount(NEIGHBOURS[sq] & mask) pairs.
NEIGHBOURS = tuple(sum(1 << RAYS[sq][d][0] for d in range(8) if RAYS[sq][d]) for sq in range(16))

# The options of an occupancy are put together from small tables built here (about 10k entries): the empty squares
# of each byte of the board, the steps open from each square by which of its neighbours are empty, and the pushes
# open from each empty square by the occupancy of its rays. Filling the whole-board table below from these costs a
# few microseconds an entry instead of a scan over every step and push (that scan made a cold table the bottleneck
# of the first seconds of every process: the 3-second bench ran at a third of the warm speed).
_EMPTIES_BY_BYTE = tuple(
    tuple(bytes(sq + shift for sq in range(8) if not byte >> sq & 1) for byte in range(256)) for shift in (0, 8)
)


def _subsets(mask: int) -> list[int]:
    """Every subset of a mask."""
    out = [0]
    sub = mask
    while sub:
        out.append(sub)
        sub = (sub - 1) & mask
    return out


# Steps from square a (in step order) by the set of a's neighbours that are empty.
_STEPS_FROM = tuple(
    {
        free: bytes(i for i, (a0, b) in enumerate(STEPS) if a0 == a and free >> b & 1)
        for free in _subsets(sum(1 << RAYS[a][d][0] for d in range(8) if RAYS[a][d]))
    }
    for a in range(16)
)
# The squares whose occupancy decides the pushes from an empty square e: its rays of two squares or more.
_PUSH_AREA = tuple(sum(1 << sq for ray in RAYS[e] if len(ray) >= 2 for sq in ray) for e in range(16))


def _open_pushes(e: int, occ: int) -> bytes:
    """The pushes from empty square e open on occupancy `occ` (in push order): a chain of two or more tiles ending
    at the edge or before an empty square."""
    return bytes(
        i
        for i, (e0, _, chain, nxt) in enumerate(PUSHES)
        if e0 == e and all(occ >> sq & 1 for sq in chain) and (nxt < 0 or not occ >> nxt & 1)
    )


_PUSHES_AT = tuple({occ: _open_pushes(e, occ) for occ in _subsets(_PUSH_AREA[e])} for e in range(16))


def _options(occ: int) -> tuple[bytes, bytes, bytes]:
    """Empty squares, open steps and open pushes (as indices, in order) for an occupancy mask."""
    free = ~occ & 0xFFFF
    low, high = _EMPTIES_BY_BYTE
    steps_from, pushes_at, push_area = _STEPS_FROM, _PUSHES_AT, _PUSH_AREA
    steps = []
    pushes = []
    for sq in range(16):
        if occ >> sq & 1:
            steps.append(steps_from[sq][free & NEIGHBOURS[sq]])
        else:
            pushes.append(pushes_at[sq][occ & push_area[sq]])
    return low[occ & 0xFF] + high[occ >> 8], b"".join(steps), b"".join(pushes)


# Options by occupancy, filled lazily: the rules depend on the occupancy only through these lists
# (the two "last tile" exceptions are filtered afterwards), so a playout pays one dict lookup per
# ply. At most 2^16 entries of ~200 bytes each.
_OPTIONS: dict[int, tuple[bytes, bytes, bytes]] = {}


def options(occ: int) -> tuple[bytes, bytes, bytes]:
    """Cached `_options`."""
    entry = _OPTIONS.get(occ)
    if entry is None:
        entry = _OPTIONS[occ] = _options(occ)
    return entry


# ---- scoring --------------------------------------------------------------------------------
# Every unordered pair of 8-adjacent squares (42 of them).
PAIRS = tuple((a, b) for a, b in STEPS if a < b)
# Rows, columns and the two long diagonals.
LINES = (
    tuple(tuple(f + 4 * r for f in range(4)) for r in range(4))
    + tuple(tuple(f + 4 * r for r in range(4)) for f in range(4))
    + ((0, 5, 10, 15), (3, 6, 9, 12))
)
LINE_MASKS = tuple(sum(1 << sq for sq in line) for line in LINES)
_NOT_FILE_D = sum(1 << sq for sq in range(16) if sq % 4 != 3)
_NOT_FILE_A = sum(1 << sq for sq in range(16) if sq % 4 != 0)


def pair_count(mask: int) -> int:
    """Number of 8-adjacent pairs inside a square mask (shifts: E +1, N +4, NE +5, NW +3)."""
    return (
        (((mask & _NOT_FILE_D) << 1) & mask).bit_count()
        + ((mask << 4) & mask).bit_count()
        + (((mask & _NOT_FILE_D) << 5) & mask).bit_count()
        + (((mask & _NOT_FILE_A) << 3) & mask).bit_count()
    )


def has_line(mask: int) -> bool:
    """True when the mask fills a row, column or long diagonal."""
    return any(mask & line == line for line in LINE_MASKS)
