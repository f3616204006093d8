"""Abande rules engine, as its rules page tells them (templates/rules.html beside this module).

State design
------------
Cells are bit indices of the padded layout in `geometry.py`. A stack is a small int code: `(1 << height) | colours`
where bit i of `colours` is the colour of stone i counted from the bottom (0 = Black, 1 = White); codes are
2..15, so height, owner and the result of stacking are table lookups. Next to the per-cell codes a state keeps
bitmasks that the move generator works on directly: the points owned by each colour (`tops`), the points holding
1- and 2-stacks (`h1`, `h2`; 3-stacks are `occ & ~h1 & ~h2`) and the occupied points (`occ`).

Moves are board-independent ints built from point-name codes (`board.name_code`), so `parse_move` needs no
board: an insertion is the code of its point (0..54), a stack move is `64 + (from << 6) + to`, pass is -1.

Connectivity ("keep Abande")
----------------------------
Moving a stack from `a` onto a neighbour leaves the neighbour occupied, so the group stays connected exactly when
`a` is not a cut point of the occupied points. A 3x3 window lookup (`Geometry.local`) decides most cases in
O(1): when a's occupied neighbours are connected among themselves, `a` is not a cut point. Only the rest need a
bitboard flood fill, which stops as soon as it has reached all of a's neighbours.
"""

from __future__ import annotations

import re

from games.abande.geometry import GEOMETRIES, LETTERS, Geometry, name_code
from games.base import BadOptions, IllegalMove, Outcome
from games.bits import nth_set_bit, set_bits
from games.messages import N_, NC_, say

BLACK, WHITE = 0, 1
PASS = -1
HAND = 18  # stones each player starts with
COLOUR_LETTER = "BW"
COLOUR_NAME = (NC_("seat", "Black"), NC_("seat", "White"))

# ---- stack codes -------------------------------------------------------------------------------------------
HEIGHT = [0] * 16
TOP = [-1] * 16
STACK_TEXT = [""] * 16  # "BWB" bottom -> top
for _code in range(2, 16):
    _h = _code.bit_length() - 1
    HEIGHT[_code] = _h
    TOP[_code] = (_code >> (_h - 1)) & 1
    STACK_TEXT[_code] = "".join(COLOUR_LETTER[(_code >> i) & 1] for i in range(_h))
CODE_OF_TEXT = {text: code for code, text in enumerate(STACK_TEXT) if text}
SINGLE = (2, 3)  # a lone Black stone, a lone White stone
# MERGE[dst << 4 | src]: the stack made by putting `src` on top of `dst` (0 when taller than 3).
MERGE = [0] * 256
for _d in range(2, 16):
    for _s in range(2, 16):
        _hd, _hs = HEIGHT[_d], HEIGHT[_s]
        if _hd + _hs <= 3:
            MERGE[_d << 4 | _s] = (1 << (_hd + _hs)) | (_d ^ (1 << _hd)) | ((_s ^ (1 << _hs)) << _hd)


def _code_name(code: int) -> str:
    return f"{LETTERS[code >> 3]}{(code & 7) + 1}"


# ---- state ------------------------------------------------------------------------------------------------
class State:
    """An immutable Abande position (callers never mutate; `apply_move` builds a new one)."""

    __slots__ = ("geo", "cells", "tops", "h1", "h2", "occ", "hands", "to_move", "ply", "passes", "last", "stones")

    def __init__(
        self, geo: Geometry, cells: tuple, hands: tuple[int, int], to_move: int, ply: int, passes: int, last: int | None
    ):
        self.geo = geo
        self.cells = cells  # tuple of stack codes indexed by cell bit (0 = empty)
        self.hands = hands
        self.to_move = to_move
        self.ply = ply
        self.passes = passes  # consecutive passes just played (2 ends the game)
        self.last = last  # last move int, or None
        black = white = h1 = h2 = 0
        stones = 0
        for bit in geo.cells:
            code = cells[bit]
            if code:
                h = HEIGHT[code]
                stones += h
                if TOP[code]:
                    white |= 1 << bit
                else:
                    black |= 1 << bit
                if h == 1:
                    h1 |= 1 << bit
                elif h == 2:
                    h2 |= 1 << bit
        self.tops = (black, white)
        self.occ = black | white
        self.h1 = h1
        self.h2 = h2
        self.stones = stones

    def __repr__(self) -> str:
        stacks = {self.geo.names[b]: STACK_TEXT[c] for b, c in enumerate(self.cells) if c}
        return f"<Abande {self.geo.kind} ply={self.ply} to_move={self.to_move} hands={self.hands} {stacks}>"


def position(
    board: str = "square",
    stacks: dict[str, str | list[str]] | None = None,
    hands: tuple[int, int] | list[int] | None = None,
    to_move: int = BLACK,
    ply: int | None = None,
    passes: int = 0,
    last_move: str | None = None,
) -> State:
    """Build an arbitrary position (for tests and tools).

    `stacks` maps a point name to its stones bottom -> top, as a string ("BWB") or a list (["B", "W", "B"]).
    `hands` defaults to what is left of each player's 18 stones; `ply` defaults to the number of stones on the
    board (an insertion-only history). Raises BadOptions for an unknown board and ValueError for a bad stack.
    """
    if board not in GEOMETRIES:
        raise BadOptions(say(N_("unknown board {board}"), board=repr(board)))
    geo = GEOMETRIES[board]
    cells = [0] * len(geo.names)
    count = [0, 0]
    for name, stones in (stacks or {}).items():
        text = "".join(stones).upper()
        if name not in geo.index:
            raise ValueError(f"{name!r} is not a point of the {board} board")
        if text not in CODE_OF_TEXT:
            raise ValueError(f"bad stack {stones!r} at {name}: 1 to 3 stones, each B or W")
        cells[geo.index[name]] = CODE_OF_TEXT[text]
        count[0] += text.count("B")
        count[1] += text.count("W")
    if hands is None:
        hands = (HAND - count[0], HAND - count[1])
    hands = (int(hands[0]), int(hands[1]))
    for seat in (0, 1):
        if hands[seat] < 0 or hands[seat] + count[seat] > HAND:
            raise ValueError(f"{COLOUR_NAME[seat]} would have more than {HAND} stones")
    if ply is None:
        ply = count[0] + count[1]
    last = parse_move(last_move) if last_move else None
    return State(geo, tuple(cells), hands, to_move, ply, passes, last)


# ---- shared helpers on masks --------------------------------------------------------------------------------
def _frontier(geo: Geometry, occ: int) -> int:
    """Empty points where an insertion is allowed: next to a stack, or anywhere on an empty board."""
    if not occ:
        return geo.board
    return geo.dilate(occ) & geo.board & ~occ


def _connected(geo: Geometry, occ: int) -> bool:
    """Whether the occupied points form one group (an empty board counts as connected)."""
    x = occ & -occ
    while True:
        y = geo.dilate(x) & occ
        if y == x:
            return x == occ
        x = y


def _is_cut(geo: Geometry, occ: int, a: int) -> bool:
    """Whether emptying point `a` splits the (connected) occupied points."""
    if geo.local[(occ >> (a - 10)) & geo.window]:
        return False
    rest = occ & ~(1 << a)
    near = geo.nb[a] & rest
    x = near & -near
    dilate = geo.dilate
    while True:
        y = dilate(x) & rest
        if y & near == near:
            return False
        if y == x:
            return True
        x = y


def scoring_masks(geo: Geometry, tops: tuple[int, int]) -> tuple[int, int]:
    """Rule 5: the stacks of each colour that stay for scoring (next to at least one enemy stack)."""
    black, white = tops
    board = geo.board
    return black & geo.dilate(white) & board, white & geo.dilate(black) & board


def score(geo: Geometry, tops: tuple[int, int], h1: int, h2: int) -> tuple[int, int]:
    """Rule 5 on a position: heights of the stacks next to at least one enemy stack, per colour."""
    kept = scoring_masks(geo, tops)
    result = []
    for mask in kept:
        ones = (mask & h1).bit_count()
        twos = (mask & h2).bit_count()
        threes = mask.bit_count() - ones - twos
        result.append(ones + 2 * twos + 3 * threes)
    return result[0], result[1]


def score_of(state: State) -> tuple[int, int]:
    """Rule 5 on this position: (Black's score, White's score) if the game ended now."""
    return score(state.geo, state.tops, state.h1, state.h2)


def removed_at_scoring(state: State) -> list[str]:
    """Points whose stacks rule 5 removes (no enemy neighbour) if the game ended in this position, sorted."""
    kept = scoring_masks(state.geo, state.tops)
    gone = state.occ & ~(kept[0] | kept[1])
    return sorted(state.geo.names[b] for b in state.geo.cells if gone >> b & 1)


_POINT = re.compile(r"[a-g][1-7]\Z")
NOT_A_MOVE = N_("{move} is not a move: write a point (d4), a stack move (d2-c2) or pass")


def _parse_point(text: str, whole: str) -> int:
    if not _POINT.match(text):
        raise IllegalMove(say(NOT_A_MOVE, move=repr(whole)))
    return name_code(text)


# ---- the rules -----------------------------------------------------------------------------------------------
def initial_state(options: dict) -> State:
    """The empty board of `options["board"]`, 18 stones in each hand, Black to move."""
    geo = GEOMETRIES[options["board"]]
    return State(geo, (0,) * len(geo.names), (HAND, HAND), BLACK, 0, 0, None)


def current_player(state: State) -> int | None:
    """Seat to move, None when the game is over (two passes in a row)."""
    return None if state.passes >= 2 else state.to_move


def legal_moves(state: State) -> list[int]:
    """Every legal move; [] when the game is over."""
    if state.passes >= 2:
        return []
    geo = state.geo
    code = geo.code
    me = state.to_move
    moves = []
    if state.hands[me]:
        moves = [code[b] for b in set_bits(_frontier(geo, state.occ))]
    occ = state.occ
    # Moves need 3 stones on the board, and a split group (only in hand-built positions) allows none:
    # emptying a point can never join two groups.
    if state.stones >= 3 and _connected(geo, occ):
        h1, h2 = state.h1, state.h2
        opp = state.tops[1 - me]
        onto_single = opp & h1  # what a 2-stack may climb on
        onto_small = opp & (h1 | h2)  # what a single stone may climb on
        nb = geo.nb
        for a in set_bits(state.tops[me] & (h1 | h2)):
            t = nb[a] & (onto_single if h2 >> a & 1 else onto_small)
            if t and not _is_cut(geo, occ, a):
                base = 64 + (code[a] << 6)
                moves += [base + code[b] for b in set_bits(t)]
    if not state.hands[me]:
        moves.append(PASS)
    return moves


def apply_move(state: State, move: int) -> State:
    """The state after a legal move."""
    me = state.to_move
    if move == PASS:
        return State(state.geo, state.cells, state.hands, 1 - me, state.ply + 1, state.passes + 1, PASS)
    geo = state.geo
    cells = list(state.cells)
    hands = state.hands
    if move < 64:
        cells[geo.bit_of_code[move]] = SINGLE[me]
        hands = (hands[0] - 1, hands[1]) if me == BLACK else (hands[0], hands[1] - 1)
    else:
        a = geo.bit_of_code[(move - 64) >> 6]
        b = geo.bit_of_code[move & 63]
        cells[b] = MERGE[cells[b] << 4 | cells[a]]
        cells[a] = 0
    return State(geo, tuple(cells), hands, 1 - me, state.ply + 1, 0, move)


def outcome(state: State) -> Outcome | None:
    """The result once the game is over, else None."""
    if state.passes < 2:
        return None
    black, white = score_of(state)
    winner = BLACK if black > white else WHITE if white > black else None
    return Outcome(winner, (black, white), "score")


def ply(state: State) -> int:
    """Moves played since the start."""
    return state.ply


# ---- notation ------------------------------------------------------------------------------------------------
def parse_move(text: str) -> int:
    """A move from its notation; IllegalMove if the text is not a move."""
    t = str(text).strip().lower()
    if t == "pass":
        return PASS
    parts = t.split("-")
    if len(parts) == 1:
        return _parse_point(parts[0], text)
    if len(parts) == 2:
        return 64 + (_parse_point(parts[0], text) << 6) + _parse_point(parts[1], text)
    raise IllegalMove(say(NOT_A_MOVE, move=repr(text)))


def format_move(move: int) -> str:
    """Canonical notation of a move."""
    if move == PASS:
        return "pass"
    if move < 64:
        return _code_name(move)
    move -= 64
    return f"{_code_name(move >> 6)}-{_code_name(move & 63)}"


def move_tokens(move_text: str) -> tuple[str, ...]:
    """The clicks that enter a move: its point, or its two points, or "pass"."""
    move = parse_move(move_text)
    if move == PASS:
        return ("pass",)
    return tuple(format_move(move).split("-"))


# ---- serialisation -------------------------------------------------------------------------------------------
def to_json(state: State) -> dict:
    """The full state as JSON data."""
    names = state.geo.names
    return {
        "board": state.geo.kind,
        "stacks": {names[b]: STACK_TEXT[c] for b, c in enumerate(state.cells) if c},
        "hands": list(state.hands),
        "to_move": state.to_move,
        "ply": state.ply,
        "passes": state.passes,
        "last_move": format_move(state.last) if state.last is not None else None,
    }


def from_json(data: dict) -> State:
    """Inverse of to_json; IllegalMove for data that is not an Abande state."""
    try:
        return position(
            data["board"],
            data["stacks"],
            tuple(data["hands"]),
            int(data["to_move"]),
            int(data["ply"]),
            int(data["passes"]),
            data.get("last_move"),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise IllegalMove(f"bad Abande state: {error}") from None


# ---- fast random playout -------------------------------------------------------------------------------------
def random_playout(state: State, rng, limit: int | None = None) -> tuple[State, int]:
    """Uniformly random legal moves to the end (or for `limit` plies, for tests), on mutable locals.

    Per ply it only counts moves: insertions are the popcount of the frontier mask, stack moves are counted
    per direction as popcount((sources shifted by d) & targets) -- every (source, target) pair is adjacent
    in exactly one direction. One index is drawn over insertions + stack moves + pass; only the drawn move
    is decoded. Connectivity is checked only for a drawn stack move: if its source is a cut point, all moves
    of that source are dropped and the draw is repeated (rejection sampling keeps the choice uniform over
    the legal moves).
    """
    if state.passes >= 2 or limit == 0:
        return state, 0
    geo = state.geo
    sq = geo.square
    board = geo.board
    nb = geo.nb
    local = geo.local
    window = geo.window
    shifts = geo.shifts
    random = rng.random
    merge = MERGE
    cells = list(state.cells)
    me = state.to_move
    own, opp = state.tops[me], state.tops[1 - me]
    h1, h2 = state.h1, state.h2
    occ = state.occ
    hands = list(state.hands)
    passes = state.passes
    stones = state.stones
    frontier = _frontier(geo, occ)
    connected = _connected(geo, occ)
    plies = 0
    last = state.last
    # last move kept as cells until the end (0: pass, 1: insert at la, 2: move la -> lb)
    kind = -1
    la = lb = 0
    while True:
        hand = hands[me]
        n_ins = frontier.bit_count() if hand else 0
        n_pass = 0 if hand else 1
        s1 = s2 = t1 = t2 = 0
        if stones >= 3:
            if not connected:  # only for hand-built split positions: an insertion may join them
                connected = _connected(geo, occ)
            if connected:
                s1 = own & h1
                s2 = own & h2
                t1 = opp & (h1 | h2)
                t2 = opp & h1
        while True:
            # Adjacent (source, target) pairs per direction: masks of targets, with their source offset.
            ms = []
            n_mv = 0
            if s1 and t1:
                for d in shifts:
                    x = (s1 << d) & t1
                    if x:
                        ms.append((x, d))
                        n_mv += x.bit_count()
                    x = (s1 >> d) & t1
                    if x:
                        ms.append((x, -d))
                        n_mv += x.bit_count()
            if s2 and t2:
                for d in shifts:
                    x = (s2 << d) & t2
                    if x:
                        ms.append((x, d))
                        n_mv += x.bit_count()
                    x = (s2 >> d) & t2
                    if x:
                        ms.append((x, -d))
                        n_mv += x.bit_count()
            r = int(random() * (n_ins + n_mv + n_pass))
            if r < n_ins:
                kind = 1
                break
            r -= n_ins
            if r >= n_mv:
                kind = 0
                break
            for x, d in ms:  # noqa: B007 - the pair found is used after the break
                c = x.bit_count()
                if r < c:
                    break
                r -= c
            b = nth_set_bit(x, r)
            a = b - d
            if local[(occ >> (a - 10)) & window]:
                kind = 2
                break
            # Possible cut point: flood fill the rest from one neighbour until all neighbours are reached.
            rest = occ & ~(1 << a)
            near = nb[a] & rest
            x = near & -near
            while True:
                y = x | x << 1 | x >> 1 | x << 8 | x >> 8 | x << 9 | x >> 9
                if sq:
                    y |= x << 10 | x >> 10
                y &= rest
                if y & near == near or y == x:
                    break
                x = y
            if y & near == near:
                kind = 2
                break
            # A cut point: none of its moves is legal; drop them all and draw again.
            s1 &= ~(1 << a)
            s2 &= ~(1 << a)

        if kind == 1:  # insertion at the r-th point of the frontier
            b = nth_set_bit(frontier, r)
            bb = 1 << b
            cells[b] = SINGLE[me]
            if occ:
                frontier = (frontier | nb[b]) & ~(occ | bb)
            else:
                frontier = nb[b]
            occ |= bb
            own |= bb
            h1 |= bb
            hands[me] = hand - 1
            stones += 1
            passes = 0
            la = b
        elif kind == 2:  # stack move a -> b
            ab = 1 << a
            bb = 1 << b
            new = merge[cells[b] << 4 | cells[a]]
            cells[b] = new
            cells[a] = 0
            occ ^= ab
            own = (own ^ ab) | bb
            opp ^= bb
            h1 &= ~(ab | bb)
            h2 &= ~(ab | bb)
            if new >= 4 and new < 8:  # height 2
                h2 |= bb
            x = occ
            y = x | x << 1 | x >> 1 | x << 8 | x >> 8 | x << 9 | x >> 9
            if sq:
                y |= x << 10 | x >> 10
            frontier = y & board & ~occ
            passes = 0
            la, lb = a, b
        else:
            passes += 1
        plies += 1
        me ^= 1
        own, opp = opp, own
        if passes >= 2 or plies == limit:
            break

    code = geo.code
    if kind == 0:
        last = PASS
    elif kind == 1:
        last = code[la]
    elif kind == 2:
        last = 64 + (code[la] << 6) + code[lb]
    final = State(geo, tuple(cells), (hands[0], hands[1]), me, state.ply + plies, passes, last)
    return final, plies
