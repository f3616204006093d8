"""Rules of Parity (our working title for an untitled Toadflax Games game), as templates/rules.html tells them.

Squares are small ints `rank * WIDTH + file` (a1 = 0, see geometry.py). A move is the tuple (from, to)
of square ints: a step goes to an orthogonal neighbour, a capture lands two ranks straight ahead,
so the two kinds never share a (from, to) pair and the tuple alone says which it is.

Every table the move generator needs is built once at import from the board data in geometry.py:
which squares are open for each parity of the piece count, the gated steps from each square and
the forward capture from each square for each side. Move generation is then table look-ups and
occupancy tests, with no geometry or string work.
"""

from __future__ import annotations

import random
import re

from games.base import IllegalMove, Outcome
from games.messages import N_, NC_, say
from games.parity.geometry import (
    CAPTURE_SPAN,
    CAPTURES,
    FORWARD,
    INDEX,
    NAMES,
    NEIGHBOURS,
    SIZE,
    START,
    STEPS,
)

SEAT_NAMES = (NC_("seat", "White"), NC_("seat", "Black"))
NO_CAPTURE_LIMIT = 60
EMPTY = 0  # board cells hold 0 or seat + 1

# Zobrist keys for repetition counting: ZOBRIST[cell value][square], plus the side to move.
_zrng = random.Random(0x9A417)
ZOBRIST = (
    (0,) * SIZE,
    tuple(_zrng.getrandbits(64) for _ in range(SIZE)),
    tuple(_zrng.getrandbits(64) for _ in range(SIZE)),
)
ZSIDE = _zrng.getrandbits(64)
del _zrng


def _hash(board, to_move: int) -> int:
    h = ZSIDE if to_move else 0
    for s, cell in enumerate(board):
        if cell:
            h ^= ZOBRIST[cell][s]
    return h


def _is_capture(move) -> bool:
    return abs(move[1] - move[0]) == CAPTURE_SPAN


def _generate(board, side: int, n: int) -> list:
    """Every legal move for `side` with `n` pieces on the board (ignoring end conditions)."""
    piece = side + 1
    enemy = 2 - side
    steps = STEPS[n & 1]
    caps = CAPTURES[side][(n - 1) & 1]
    moves = []
    for s in range(SIZE):
        if board[s] != piece:
            continue
        for m in steps[s]:
            if not board[m[1]]:
                moves.append(m)
        c = caps[s]
        if c is not None and board[c[1]] == enemy and not board[c[2]]:
            moves.append(c[0])
    return moves


# ---- state --------------------------------------------------------------------------------
_UNSET = object()


class State:
    """An immutable position plus the history the end rules need.

    board: tuple of SIZE cells (0 empty, 1 White, 2 Black); counts: pieces per seat;
    quiet: plies since the last capture; trail: the steps played since the last capture (kept
    so the JSON can rebuild the repetition history); hist: Zobrist hashes of the positions
    since the last capture, oldest first, ending with this one (a capture makes every earlier
    position unreachable, so older ones are dropped); last: the last move or None.
    """

    __slots__ = ("board", "to_move", "counts", "ply", "quiet", "trail", "hist", "last", "_moves", "_outcome")

    def __init__(self, board, to_move, counts, ply, quiet, trail, hist, last):
        self.board = board
        self.to_move = to_move
        self.counts = counts
        self.ply = ply
        self.quiet = quiet
        self.trail = trail
        self.hist = hist
        self.last = last
        self._moves = None  # caches (derived data only; the state itself never changes)
        self._outcome = _UNSET

    def moves(self) -> list:
        """Moves available to the side to move, before the end rules are applied."""
        if self._moves is None:
            self._moves = _generate(self.board, self.to_move, self.counts[0] + self.counts[1])
        return self._moves

    def outcome(self) -> Outcome | None:
        if self._outcome is _UNSET:
            self._outcome = self._compute_outcome()
        return self._outcome

    def _compute_outcome(self) -> Outcome | None:
        white, black = self.counts
        scores = (white, black)
        if not white or not black:
            return Outcome(0 if white else 1, scores, "all-captured")
        if not self.moves():
            return Outcome(1 - self.to_move, scores, "no-moves")
        if self.quiet >= NO_CAPTURE_LIMIT:
            return Outcome(None, scores, "no-capture-limit")
        if self.hist.count(self.hist[-1]) >= 3:
            return Outcome(None, scores, "repetition")
        return None

    def __repr__(self) -> str:
        return f"<parity State ply={self.ply} {to_json(self)!r}>"


def _make_state(board, to_move, ply=0, quiet=0, trail=(), last=None) -> State:
    """A state from a board; rebuilds the repetition hashes by undoing `trail` (steps only)."""
    board = tuple(board)
    counts = (board.count(1), board.count(2))
    hashes = [_hash(board, to_move)]
    work = list(board)
    side = to_move
    for s, d in reversed(trail):
        side ^= 1  # the side that played this step
        if _is_capture((s, d)) or work[d] != side + 1 or work[s] != EMPTY:
            raise ValueError(f"move history does not lead to this position at {NAMES[s]}-{NAMES[d]}")
        work[s], work[d] = work[d], EMPTY
        hashes.append(_hash(work, side))
    hashes.reverse()
    return State(board, to_move, counts, ply, quiet, tuple(trail), tuple(hashes), last)


def position(white, black, to_move: int = 0, ply: int = 0, quiet: int = 0, last_move=None) -> State:
    """A state built directly from square names (for tests and setups)."""
    board = [EMPTY] * SIZE
    for seat, squares in enumerate((white, black)):
        for name in squares:
            s = INDEX[name]
            if board[s]:
                raise ValueError(f"two pieces on {name}")
            board[s] = seat + 1
    last = parse_move(last_move) if last_move else None
    return _make_state(board, to_move, ply, quiet, (), last)


_MOVE_RE = re.compile(r"^([a-z])(\d{1,2})([-x])([a-z])(\d{1,2})$")


# ---- the rules --------------------------------------------------------------------------------
def initial_state(options: dict) -> State:
    """The start position; `options["first"]` is the seat that moves first."""
    board = [EMPTY] * SIZE
    for seat, squares in enumerate(START):
        for s in squares:
            board[s] = seat + 1
    return _make_state(board, options["first"])


def current_player(state: State) -> int | None:
    """Seat to move, None when the game is over."""
    return None if state.outcome() is not None else state.to_move


def legal_moves(state: State) -> list:
    """Every legal move; [] when the game is over."""
    return [] if state.outcome() is not None else list(state.moves())


def apply_move(state: State, move) -> State:
    """The state after a legal move."""
    s, d = move
    side = state.to_move
    piece = side + 1
    board = list(state.board)
    board[s] = EMPTY
    board[d] = piece
    z = ZOBRIST[piece]
    h = state.hist[-1] ^ z[s] ^ z[d] ^ ZSIDE
    if abs(d - s) == CAPTURE_SPAN:
        v = (s + d) >> 1
        board[v] = EMPTY
        h ^= ZOBRIST[2 - side][v]
        counts = list(state.counts)
        counts[1 - side] -= 1
        # Positions before a capture had more pieces and can never recur: drop them.
        return State(tuple(board), 1 - side, tuple(counts), state.ply + 1, 0, (), (h,), move)
    return State(
        tuple(board),
        1 - side,
        state.counts,
        state.ply + 1,
        state.quiet + 1,
        state.trail + (move,),
        state.hist + (h,),
        move,
    )


def outcome(state: State) -> Outcome | None:
    """The result once the game is over, else None."""
    return state.outcome()


def ply(state: State) -> int:
    """Moves played since the start."""
    return state.ply


# ---- notation ---------------------------------------------------------------------------------
def parse_move(text: str):
    """A step "b1-b2" or a capture "b4xb6" as a move; IllegalMove if it is neither."""
    text = text.strip()
    m = _MOVE_RE.match(text.lower())
    if not m:
        raise IllegalMove(say(N_("{move} is not a move: write a step as b1-b2 or a capture as b4xb6"), move=repr(text)))
    a, b = m.group(1) + m.group(2), m.group(4) + m.group(5)
    for name in (a, b):
        if name not in INDEX:
            raise IllegalMove(say(N_("{square} is not a square of the board"), square=name))
    s, d = INDEX[a], INDEX[b]
    if m.group(3) == "-":
        if d not in NEIGHBOURS[s]:
            raise IllegalMove(
                say(N_("{move} is not a step: a piece steps to an orthogonally adjacent square"), move=text)
            )
    elif abs(d - s) != CAPTURE_SPAN:
        raise IllegalMove(
            say(N_("{move} is not a capture: a capture jumps two squares straight along a file"), move=text)
        )
    return (s, d)


def format_move(move) -> str:
    """Canonical notation of a move."""
    s, d = move
    return f"{NAMES[s]}{'x' if abs(d - s) == CAPTURE_SPAN else '-'}{NAMES[d]}"


def move_tokens(move_text: str) -> tuple[str, ...]:
    """The clicks that enter a move: its two squares."""
    s, d = parse_move(move_text)
    return (NAMES[s], NAMES[d])


# ---- serialisation ----------------------------------------------------------------------------
def to_json(state: State) -> dict:
    """The full state as JSON data."""
    board = state.board
    return {
        "white": [NAMES[s] for s in range(SIZE) if board[s] == 1],
        "black": [NAMES[s] for s in range(SIZE) if board[s] == 2],
        "to_move": state.to_move,
        "ply": state.ply,
        "quiet": state.quiet,
        "quiet_moves": [format_move(m) for m in state.trail],
        "last_move": format_move(state.last) if state.last is not None else None,
    }


def from_json(data: dict) -> State:
    """Inverse of to_json."""
    trail = tuple(parse_move(t) for t in data.get("quiet_moves", []))
    quiet = data.get("quiet", len(trail))
    if data["to_move"] not in (0, 1) or quiet < len(trail):
        raise ValueError("inconsistent Parity state")
    base = position(data["white"], data["black"], data["to_move"])
    last = parse_move(data["last_move"]) if data.get("last_move") else None
    return _make_state(base.board, data["to_move"], data.get("ply", 0), quiet, trail, last)


def random_playout(state: State, rng: random.Random) -> tuple[State, int]:
    """Uniformly random legal moves to the end (see playout)."""
    return playout(state, rng)


def playout(
    state: State, rng: random.Random, record: list | None = None, max_plies: int | None = None, pick=None
) -> tuple[State, int]:
    """Play on mutable copies of the state; return the final state and the plies played.

    Uniformly random legal moves to the end by default, with the rules of legal_moves/apply_move/outcome
    inlined: piece lists per side instead of board scans, an incremental Zobrist hash and a dict of
    position counts since the last capture for repetitions, the steps since the last capture kept only
    to build the final State. Moves are picked with int(random() * n): uniform up to n / 2**53, and much
    cheaper than rng.choice. `record`, when a list, receives (move, legal moves) per ply so tests can
    check every step against the plain rules.

    The bot's rollouts (playouts.py) use the two extra knobs: stop after `max_plies` plies (the returned
    State may then be unfinished), and `pick(moves, board, side, caps, enemy caps, enemy forward, rand)`,
    a policy choosing among the legal moves instead of uniform play.
    """
    if state.outcome() is not None:
        return state, 0
    board = list(state.board)
    pieces = ([s for s in range(SIZE) if board[s] == 1], [s for s in range(SIZE) if board[s] == 2])
    n = state.counts[0] + state.counts[1]
    side = state.to_move
    quiet = state.quiet
    trail = list(state.trail)
    hist = list(state.hist)
    h = hist[-1]
    seen: dict[int, int] = {}
    for x in hist:
        seen[x] = seen.get(x, 0) + 1
    reps = seen[h]
    last = state.last
    rand = rng.random
    steps_by_parity = STEPS
    captures = CAPTURES
    zob = ZOBRIST
    zside = ZSIDE
    span = CAPTURE_SPAN
    limit = NO_CAPTURE_LIMIT
    plies = 0
    stop = -1 if max_plies is None else max_plies
    forward = FORWARD
    while plies != stop:
        mine = pieces[side]
        if not mine:
            break  # all-captured
        st = steps_by_parity[n & 1]
        moves = [m for s in mine for m in st[s] if not board[m[1]]]
        enemy = 2 - side
        caps = captures[side][(n - 1) & 1]
        for s in mine:
            c = caps[s]
            if c is not None and board[c[1]] == enemy and not board[c[2]]:
                moves.append(c[0])
        if not moves or quiet >= limit or reps >= 3:
            break  # no-moves, no-capture-limit, repetition (in the order the rules page gives)
        if pick is not None:
            move = pick(moves, board, side, caps, captures[1 - side][(n - 1) & 1], forward[1 - side], rand)
        else:
            move = moves[int(rand() * len(moves))]
        if record is not None:
            record.append((move, moves))
        s, d = move
        piece = side + 1
        board[s] = 0
        board[d] = piece
        mine[mine.index(s)] = d
        z = zob[piece]
        h ^= z[s] ^ z[d] ^ zside
        if d - s == span or s - d == span:
            v = (s + d) >> 1
            board[v] = 0
            pieces[1 - side].remove(v)
            h ^= zob[enemy][v]
            n -= 1
            quiet = 0
            trail = []
            hist = [h]
            seen = {h: 1}
            reps = 1
        else:
            quiet += 1
            trail.append(move)
            hist.append(h)
            reps = seen.get(h, 0) + 1
            seen[h] = reps
        last = move
        side ^= 1
        plies += 1
    counts = (board.count(1), board.count(2))
    final = State(tuple(board), side, counts, state.ply + plies, quiet, tuple(trail), tuple(hist), last)
    return final, plies
