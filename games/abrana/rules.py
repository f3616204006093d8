"""Abrana rules, as its rules page tells them (templates/rules.html beside this module).

Design for speed:
- squares are ints 0..35 in notation order (see geometry.py); the board is a tuple of 37 small ints (36 squares plus an
  off-board sentinel) holding markers *and* pawns, since a square never holds two things;
- a move is a plain int: `S * 36 + T` for a regular move (so the neighbour table can hold precomputed codes),
  `PASS`, `PLACE + square`, `RESERVE + a * 36 + b`; notation strings are only built in `format_move`;
- `random_playout` runs on one mutable list with incremental marker counts instead of building states.
"""

from __future__ import annotations

import re

from games.abrana.geometry import (
    BLACK,
    BORDER,
    BORDER_SQUARES,
    COLOUR_CODES,
    COLOUR_NAMES,
    EMPTY,
    GREEN,
    GREEN_PAWN,
    JUMPS,
    MIDDLE,
    NAMES,
    NEIGHBOURS,
    NSQ,
    RED,
    RED_PAWN,
    RESERVE_PAIRS,
    SQUARE,
    empty_board,
)
from games.base import IllegalMove, Outcome
from games.messages import N_, NC_, say

PASS = -1
PLACE = 2000  # + square: setup 2 and 3
RESERVE = 3000  # + a * 36 + b with a < b: setup 1
RESERVE_MOVES = tuple(RESERVE + a * NSQ + b for a, b in RESERVE_PAIRS)

SETUP_PLIES = 3  # reserve, place red, place green; ply 3 is Red's first regular turn
PLY_LIMIT = 200
MARKERS_PER_COLOUR = 6
SEAT_NAMES = (NC_("seat", "Red"), NC_("seat", "Green"))
SEAT_COLOURS = ("red", "green")

_SQ = r"([a-f][1-6])"
_RESERVE_RE = re.compile(_SQ + r"\+" + _SQ)
_REGULAR_RE = re.compile(_SQ + "-" + _SQ)
_SQUARE_RE = re.compile(_SQ)


class AbranaState:
    """An immutable position. `pawns[s]` is seat s's square, -1 before placement or after capture."""

    __slots__ = ("board", "pawns", "reserved", "ply", "passes", "last", "path", "result")

    def __init__(self, board, pawns, reserved, ply, passes, last, path, result):
        self.board = board  # tuple of 37 ints (geometry.py values)
        self.pawns = pawns  # (red square, green square)
        self.reserved = reserved  # () or (a, b): seat 1's reservation during setup
        self.ply = ply
        self.passes = passes  # consecutive passes ending here
        self.last = last  # last move code or None
        self.path = path  # squares the pawn visited on the last move (free jumps included)
        self.result = result  # Outcome or None


# ---- rules core, shared by the state API and (inlined) by random_playout --------------------------------------


def reach(board, orig):
    """Squares the pawn can occupy by free jumps from `orig` (first: `orig`), and the BFS parent of each.

    `board` must already have the pawn lifted off `orig` (the start square is empty during the turn)."""
    squares = [orig]
    parent = {orig: -1}
    if BLACK not in board:
        return squares, parent
    i = 0
    while i < len(squares):
        s = squares[i]
        i += 1
        for x, t in JUMPS[s]:
            if board[x] == BLACK and not board[t] and t not in parent:
                parent[t] = s
                squares.append(t)
    return squares, parent


def regular_moves(board, squares):
    """Every regular move (codes S*36+T) from the given start squares, on a board with the pawn lifted."""
    moves = []
    append = moves.append
    for s in squares:
        for x, t, step, jump in NEIGHBOURS[s]:
            v = board[x]
            if v:  # step onto anything occupied (marker of any colour, or the opponent's pawn)
                append(step)
            if v != BLACK and not board[t]:  # a jump over black is a free jump, never the regular move
                append(jump)
    return moves


def turn_path(parent, start, target):
    """The squares visited: origin, free-jump landings, regular-move start, target."""
    path = [target]
    s = start
    while s != -1:
        path.append(s)
        s = parent[s]
    path.reverse()
    return tuple(path)


def decide(board, pawns, ply, passes):
    """The Outcome of a position, or None while the game goes on (rule 7 first, then the engine rules)."""
    if ply < SETUP_PLIES:
        return None
    red = board.count(RED)
    green = board.count(GREEN)
    scores = (red, green)
    if pawns[0] < 0 or pawns[1] < 0:
        return Outcome(0 if pawns[0] >= 0 else 1, scores, "pawn-captured")
    if red == MARKERS_PER_COLOUR or green == MARKERS_PER_COLOUR or board.count(BLACK) == MARKERS_PER_COLOUR:
        reason = "six-markers"
    elif passes >= 2:
        reason = "double-pass"
    elif ply >= PLY_LIMIT:
        reason = "ply-limit"
    else:
        return None
    return Outcome(0 if red > green else 1 if green > red else None, scores, reason)


def _square(name: str) -> int:
    if name not in SQUARE:
        raise ValueError(f"not a square: {name!r}")
    return SQUARE[name]


def position(red=None, green=None, markers=None, to_move=0, ply=None, passes=0, reserved=(), last_move=None, path=()):
    """Build a regular-phase (or any) position directly, for tests and tools.

    `red`/`green`: pawn squares ("a3") or None; `markers`: {"d3": "black", ...}; `to_move`: seat, used to pick the
    ply (3 for seat 0, 4 for seat 1) unless `ply` is given."""
    if ply is None:
        ply = SETUP_PLIES + to_move
    if (ply + 1) % 2 != to_move:
        raise ValueError(f"seat {to_move} is not to move at ply {ply}")
    data = {
        "ply": ply,
        "pawns": [red, green],
        "markers": dict(markers or {}),
        "reserved": list(reserved),
        "passes": passes,
        "last_move": last_move,
        "path": list(path),
    }
    return from_json(data)


# ---- the rules -----------------------------------------------------------------------------------------------
def initial_state(options: dict) -> AbranaState:
    """The empty board before the setup (Abrana has no options)."""
    return AbranaState(tuple(empty_board()), (-1, -1), (), 0, 0, None, (), None)


def current_player(state):
    """Seat to move, None when the game is over."""
    if state.result is not None:
        return None
    # Seat 1 reserves (ply 0), seat 0 places (1), seat 1 places (2), seat 0 moves first (3): always alternating.
    return (state.ply + 1) & 1


def legal_moves(state):
    """Every legal move; [] when the game is over."""
    if state.result is not None:
        return []
    ply = state.ply
    if ply == 0:
        return list(RESERVE_MOVES)
    if ply == 1:
        return [PLACE + s for s in BORDER_SQUARES if s not in state.reserved]
    if ply == 2:
        return [PLACE + s for s in state.reserved]
    orig = state.pawns[(ply + 1) & 1]
    board = list(state.board)
    board[orig] = EMPTY
    squares, _ = reach(board, orig)
    return regular_moves(board, squares) or [PASS]


def apply_move(state, move):
    """The state after a legal move."""
    ply = state.ply
    seat = (ply + 1) & 1
    board = state.board
    pawns = state.pawns
    reserved = state.reserved
    passes = 0
    path = ()
    if move == PASS:
        passes = state.passes + 1
    elif move >= RESERVE:
        reserved = divmod(move - RESERVE, NSQ)
    elif move >= PLACE:
        s = move - PLACE
        b = list(board)
        b[s] = RED_PAWN + seat
        board = tuple(b)
        pawns = (s, pawns[1]) if seat == 0 else (pawns[0], s)
        if seat == 1:
            reserved = ()  # the reservation is gone once the green pawn stands
        path = (s,)
    else:
        orig = pawns[seat]
        b = list(board)
        b[orig] = EMPTY
        start, target = divmod(move, NSQ)
        _, parent = reach(b, orig)
        path = turn_path(parent, start, target)
        lost = _play_regular(b, seat, start, target)
        b[target] = RED_PAWN + seat
        board = tuple(b)
        p = list(pawns)
        p[seat] = target
        if lost:
            p[1 - seat] = -1
        pawns = tuple(p)
    result = decide(board, pawns, ply + 1, passes)
    return AbranaState(board, pawns, reserved, ply + 1, passes, move, path, result)


def outcome(state):
    """The result once the game is over, else None."""
    return state.result


def ply(state):
    """Moves played since the start (setup moves and passes count)."""
    return state.ply


# ---- notation -------------------------------------------------------------------------------------------------
def parse_move(text):
    """A move from its notation; IllegalMove if the text is not a move."""
    t = str(text).strip().lower()
    if t == "pass":
        return PASS
    m = _REGULAR_RE.fullmatch(t)
    if m:
        code = SQUARE[m.group(1)] * NSQ + SQUARE[m.group(2)]
        if MIDDLE[code] is None:
            raise IllegalMove(
                say(
                    N_(
                        "{move}: the target must be next to the start square (a step) "
                        "or two squares away in a straight line (a jump)"
                    ),
                    move=text,
                )
            )
        return code
    m = _RESERVE_RE.fullmatch(t)
    if m:
        a, b = SQUARE[m.group(1)], SQUARE[m.group(2)]
        if a == b:
            raise IllegalMove(say(N_("{move}: reserve two different squares"), move=text))
        if a > b:
            raise IllegalMove(
                say(
                    N_("{move}: write the two squares in ascending order ({ascending})"),
                    move=text,
                    ascending=f"{NAMES[b]}+{NAMES[a]}",
                )
            )
        return RESERVE + a * NSQ + b
    if _SQUARE_RE.fullmatch(t):
        return PLACE + SQUARE[t]
    raise IllegalMove(
        say(
            N_("{move} is not a move: expected a square (a3), two squares to reserve (b6+f3), a move (a3-c3) or pass"),
            move=repr(text),
        )
    )


def format_move(move):
    """Canonical notation of a move."""
    if move == PASS:
        return "pass"
    if move >= RESERVE:
        a, b = divmod(move - RESERVE, NSQ)
        return f"{NAMES[a]}+{NAMES[b]}"
    if move >= PLACE:
        return NAMES[move - PLACE]
    s, t = divmod(move, NSQ)
    return f"{NAMES[s]}-{NAMES[t]}"


# ---- serialisation --------------------------------------------------------------------------------------------
def to_json(state):
    """The full state as JSON data."""
    board = state.board
    return {
        "ply": state.ply,
        "pawns": [NAMES[p] if p >= 0 else None for p in state.pawns],
        "markers": {NAMES[i]: COLOUR_NAMES[v] for i, v in enumerate(board[:NSQ]) if BLACK <= v <= GREEN},
        "reserved": [NAMES[s] for s in state.reserved],
        "passes": state.passes,
        "last_move": format_move(state.last) if state.last is not None else None,
        "path": [NAMES[s] for s in state.path],
    }


def from_json(data):
    """Inverse of to_json; IllegalMove for data that is not an Abrana position."""
    try:
        ply = int(data["ply"])
        board = empty_board()
        for name, colour in data.get("markers", {}).items():
            board[_square(name)] = COLOUR_CODES[colour]
        pawns = []
        for seat, name in enumerate(data.get("pawns", [None, None])):
            if name is None:
                pawns.append(-1)
                continue
            s = _square(name)
            if board[s]:
                raise ValueError(f"{name} holds a marker and a pawn")
            board[s] = RED_PAWN + seat
            pawns.append(s)
        reserved = tuple(sorted(_square(n) for n in data.get("reserved", [])))
        passes = int(data.get("passes", 0))
        last = data.get("last_move")
        last = parse_move(last) if last is not None else None
        path = tuple(_square(n) for n in data.get("path", []))
    except (KeyError, TypeError, ValueError) as error:
        raise IllegalMove(f"not an Abrana position: {error}") from None
    pawns = tuple(pawns)
    board = tuple(board)
    return AbranaState(board, pawns, reserved, ply, passes, last, path, decide(board, pawns, ply, passes))


# ---- playing on the board and fast playouts -------------------------------------------------------------------
def move_tokens(move_text):
    """The clicks that enter a move."""
    move = parse_move(move_text)
    if move == PASS:
        return ("pass",)
    if move >= RESERVE:
        a, b = divmod(move - RESERVE, NSQ)
        return (NAMES[a], NAMES[b])  # notation order; `click_orders` accepts the other too
    if move >= PLACE:
        return (NAMES[move - PLACE],)
    s, t = divmod(move, NSQ)
    return (NAMES[s], NAMES[t])


def click_orders(move_text):
    """The orders in which a move's clicks may be made: a reservation's two squares either way round."""
    tokens = move_tokens(move_text)
    return (tokens, tokens[::-1]) if "+" in move_text else (tokens,)


def random_playout(state, rng):
    """Uniformly random legal moves to the end, on one mutable board with incremental marker counts."""
    if state.result is not None:
        return state, 0
    choice = rng.choice
    start_ply = ply = state.ply
    b = list(state.board)
    pawns = list(state.pawns)
    reserved = state.reserved
    last = state.last
    path = state.path
    passes = state.passes
    # Setup plies: draw straight from the precomputed lists (same sets as legal_moves).
    if ply == 0:
        last = choice(RESERVE_MOVES)
        reserved = divmod(last - RESERVE, NSQ)
        ply = 1
    if ply == 1:
        last = PLACE + choice([s for s in BORDER_SQUARES if s not in reserved])
        pawns[0] = last - PLACE
        b[pawns[0]] = RED_PAWN
        path = (pawns[0],)
        ply = 2
    if ply == 2:
        last = PLACE + choice(reserved)
        pawns[1] = last - PLACE
        b[pawns[1]] = GREEN_PAWN
        path = (pawns[1],)
        reserved = ()
        passes = 0
        ply = 3
    counts = [0, b.count(BLACK), b.count(RED), b.count(GREEN)]
    parent = None
    lost = False
    pre_orig = -1
    while True:
        if counts[BLACK] == 6 or counts[RED] == 6 or counts[GREEN] == 6 or passes >= 2 or ply >= PLY_LIMIT:
            break
        seat = (ply + 1) & 1
        orig = pawns[seat]
        b[orig] = EMPTY
        moves = []
        append = moves.append
        if counts[BLACK]:
            squares = [orig]
            parent = {orig: -1}
            for s in squares:  # BFS: the list grows while we walk it
                for x, t in JUMPS[s]:
                    if b[x] == BLACK and not b[t] and t not in parent:
                        parent[t] = s
                        squares.append(t)
            for s in squares:
                for x, t, step, jump in NEIGHBOURS[s]:
                    v = b[x]
                    if v:
                        append(step)
                    if v != BLACK and not b[t]:
                        append(jump)
        else:
            parent = None
            for x, t, step, jump in NEIGHBOURS[orig]:
                v = b[x]
                if v:
                    append(step)
                if not b[t]:
                    append(jump)
        ply += 1
        if not moves:
            b[orig] = RED_PAWN + seat
            passes += 1
            last = PASS
            continue
        passes = 0
        last = move = choice(moves)
        pre_orig = orig
        target = move % NSQ
        x = MIDDLE[move]
        if x < 0:  # step: whatever stood there goes back to its supply (or the game ends)
            v = b[target]
            if v >= RED_PAWN:
                lost = True
            else:
                counts[v] -= 1
        else:
            v = b[x]
            if not v:
                c = BLACK if BORDER[x] else RED + seat
                b[x] = c
                counts[c] += 1
            elif v <= GREEN:  # v is never BLACK here: black is only ever free-jumped
                b[x] = BLACK
                counts[v] -= 1
                counts[BLACK] += 1
        b[target] = RED_PAWN + seat
        pawns[seat] = target
        if lost:
            pawns[1 - seat] = -1
            break
    if last is not None and 0 <= last < PLACE:
        start = last // NSQ
        path = (
            turn_path(parent, start, last % NSQ)
            if parent is not None
            else ((pre_orig, last % NSQ) if start == pre_orig else None)
        )
        assert path is not None
    elif last == PASS:
        path = ()
    board = tuple(b)
    pawns = tuple(pawns)
    final = AbranaState(board, pawns, reserved, ply, passes, last, path, decide(board, pawns, ply, passes))
    return final, ply - start_ply


def _play_regular(b, seat, start, target):
    """Apply the regular move start->target to the board list (pawn already lifted, not yet put down).

    Returns True when the opponent's pawn was stepped on."""
    x = MIDDLE[start * NSQ + target]
    if x < 0:
        return b[target] >= RED_PAWN
    v = b[x]
    if v == EMPTY:
        b[x] = BLACK if BORDER[x] else RED + seat
    elif v in (RED, GREEN):
        b[x] = BLACK
    return False
