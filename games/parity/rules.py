"""Rules of Parity (our working title for an untitled Toadflax Games game); spec: rules/parity.md.

Squares are small ints `rank * WIDTH + file` (a1 = 0). A move is the tuple (from, to) of square
ints: a step goes to an orthogonal neighbour, a capture lands two ranks straight ahead, so the two
kinds never share a (from, to) pair and the tuple alone says which it is.

Every table the move generator needs is built once at import from the board data in board.py:
which squares are open for each parity of the piece count, the gated steps from each square and
the forward capture from each square for each side. Move generation is then table look-ups and
occupancy tests, with no geometry or string work.
"""

from __future__ import annotations

import random
import re
from math import tanh

from games.base import Game, IllegalMove, Outcome
from games.parity import board as layout

# ---- geometry, derived from board.py ------------------------------------------------------
WIDTH = len(layout.KINDS[0])
HEIGHT = len(layout.KINDS)
SIZE = WIDTH * HEIGHT
FILES = "abcdefghijklmnopqrstuvwxyz"[:WIDTH]
NAMES = tuple(f"{FILES[i % WIDTH]}{i // WIDTH + 1}" for i in range(SIZE))
INDEX = {name: i for i, name in enumerate(NAMES)}
# KINDS lists the top rank first; square i is on rank i // WIDTH counted from the bottom.
KIND = tuple(layout.KINDS[HEIGHT - 1 - i // WIDTH][i % WIDTH] for i in range(SIZE))
KIND_NAMES = {"R": "red", "U": "blue", "B": "dark", "W": "light"}
START = tuple(tuple(INDEX[name] for name in seat) for seat in layout.START)

SEAT_NAMES = ("White", "Black")
FORWARD = (WIDTH, -WIDTH)  # White moves up the board, Black down
CAPTURE_SPAN = 2 * WIDTH  # |to - from| of a capture; steps span 1 or WIDTH
NO_CAPTURE_LIMIT = 60
EMPTY = 0  # board cells hold 0 or seat + 1

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
        return f"<parity State ply={self.ply} {GAME.to_json(self)!r}>"


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
    last = GAME.parse_move(last_move) if last_move else None
    return _make_state(board, to_move, ply, quiet, (), last)


_MOVE_RE = re.compile(r"^([a-z])(\d{1,2})([-x])([a-z])(\d{1,2})$")


class Parity(Game):
    slug = "parity"
    name = "Parity"
    seat_names = SEAT_NAMES
    option_choices = {"first": [0, 1]}

    # ---- the rules -----------------------------------------------------------------------
    def initial_state(self, options=None) -> State:
        options = self.normalize_options(options)
        board = [EMPTY] * SIZE
        for seat, squares in enumerate(START):
            for s in squares:
                board[s] = seat + 1
        return _make_state(board, options["first"])

    def current_player(self, state: State) -> int | None:
        return None if state.outcome() is not None else state.to_move

    def legal_moves(self, state: State) -> list:
        return [] if state.outcome() is not None else list(state.moves())

    def apply_move(self, state: State, move) -> State:
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

    def outcome(self, state: State) -> Outcome | None:
        return state.outcome()

    def ply(self, state: State) -> int:
        return state.ply

    # ---- notation ------------------------------------------------------------------------
    def parse_move(self, text: str):
        text = text.strip()
        m = _MOVE_RE.match(text.lower())
        if not m:
            raise IllegalMove(f"{text!r} is not a move: write a step as b1-b2 or a capture as b4xb6")
        a, b = m.group(1) + m.group(2), m.group(4) + m.group(5)
        for name in (a, b):
            if name not in INDEX:
                raise IllegalMove(f"{name} is not a square of the board")
        s, d = INDEX[a], INDEX[b]
        if m.group(3) == "-":
            if d not in NEIGHBOURS[s]:
                raise IllegalMove(f"{text} is not a step: a piece steps to an orthogonally adjacent square")
        elif abs(d - s) != CAPTURE_SPAN:
            raise IllegalMove(f"{text} is not a capture: a capture jumps two squares straight along a file")
        return (s, d)

    def format_move(self, move) -> str:
        s, d = move
        return f"{NAMES[s]}{'x' if abs(d - s) == CAPTURE_SPAN else '-'}{NAMES[d]}"

    # ---- serialisation -------------------------------------------------------------------
    def to_json(self, state: State) -> dict:
        board = state.board
        return {
            "white": [NAMES[s] for s in range(SIZE) if board[s] == 1],
            "black": [NAMES[s] for s in range(SIZE) if board[s] == 2],
            "to_move": state.to_move,
            "ply": state.ply,
            "quiet": state.quiet,
            "quiet_moves": [self.format_move(m) for m in state.trail],
            "last_move": self.format_move(state.last) if state.last is not None else None,
        }

    def from_json(self, data: dict) -> State:
        trail = tuple(self.parse_move(t) for t in data.get("quiet_moves", []))
        quiet = data.get("quiet", len(trail))
        if data["to_move"] not in (0, 1) or quiet < len(trail):
            raise ValueError("inconsistent Parity state")
        base = position(data["white"], data["black"], data["to_move"])
        last = self.parse_move(data["last_move"]) if data.get("last_move") else None
        return _make_state(base.board, data["to_move"], data.get("ply", 0), quiet, trail, last)

    # ---- what a viewer may see -----------------------------------------------------------
    def player_view(self, state: State, seat: int | None) -> dict:
        outcome = state.outcome()
        n = state.counts[0] + state.counts[1]
        board = state.board
        movable = [] if outcome is not None else sorted({NAMES[m[0]] for m in state.moves()}, key=INDEX.__getitem__)
        return {
            "game": self.slug,
            "seat": seat,
            "seat_names": list(SEAT_NAMES),
            "to_move": None if outcome is not None else state.to_move,
            "ply": state.ply,
            "files": WIDTH,
            "ranks": HEIGHT,
            "cells": [
                {"name": NAMES[s], "kind": KIND_NAMES[KIND[s]], "piece": board[s] - 1 if board[s] else None}
                for s in range(SIZE)
            ],
            "pieces": list(state.counts),
            "piece_count": n,
            "open": "red" if n % 2 == 0 else "blue",
            "closed": "blue" if n % 2 == 0 else "red",
            "movable": movable,
            "quiet": state.quiet,
            "no_capture_limit": NO_CAPTURE_LIMIT,
            "repetitions": state.hist.count(state.hist[-1]),
            "last_move": self.format_move(state.last) if state.last is not None else None,
            "outcome": outcome.to_json() if outcome is not None else None,
            "state": self.to_json(state),
        }

    def describe(self, view: dict) -> list[str]:
        from games.parity.render import describe

        return describe(view)

    # ---- playing on the board ------------------------------------------------------------
    def move_tokens(self, move_text: str) -> tuple[str, ...]:
        s, d = self.parse_move(move_text)
        return (NAMES[s], NAMES[d])

    def render_board(self, view: dict, ui) -> str:
        from games.parity.render import render_board

        return render_board(view, ui)

    # ---- speed ---------------------------------------------------------------------------
    def random_playout(self, state: State, rng: random.Random) -> tuple[State, int]:
        """Uniformly random legal moves to the end, on mutable copies of the state.

        Same rules as legal_moves/apply_move/outcome, inlined: piece lists per side instead of
        board scans, an incremental Zobrist hash and a dict of position counts since the last
        capture for repetitions, the steps since the last capture kept only to build the final
        State. Moves are picked with int(random() * n): uniform up to n / 2**53, and much
        cheaper than rng.choice.
        """
        return _playout(state, rng, None)

    def bot_rollout(self, state: State, rng: random.Random) -> float:
        """The MCTS rollout hook: the value for White (seat 0), in [0, 1], of `state`.

        Why not a random playout to the end: uniformly random play from the start practically
        never captures enough to finish, so every playout ended in the 60-ply no-capture draw
        and the bot could not tell good moves from bad (it drew against a random mover). Here
        a short guided playout (captures first, mostly no hanging pieces; see _guided_pick) is
        scored by material: 0.5 + 0.5 * tanh(ROLLOUT_K * lead * urgency), where lead = White's
        pieces - Black's at the end of the playout plus ROLLOUT_ADVANCE per rank White's pieces
        stand further forward than Black's at the start (contact is where captures come from),
        and urgency = the share of the no-capture limit still left, so a lead counts for less as
        the draw approaches and the bot is pushed to capture soon. A game that ends within the
        playout scores its true result, 1 / 0.5 / 0 (a draw is 0.5 whatever the material).
        """
        final, _ = _playout(state, rng, None, ROLLOUT_PLIES, True)
        outcome = final.outcome()
        if outcome is not None:
            return 0.5 if outcome.winner is None else 1.0 - outcome.winner
        board = state.board  # the leaf itself: the playout's random steps would blur this
        advance = 0  # White's advance minus Black's: contact is where captures come from
        for s in range(SIZE):
            if board[s]:
                advance += ADVANCE[0][s] if board[s] == 1 else -ADVANCE[1][s]
        urgency = (NO_CAPTURE_LIMIT - final.quiet) / NO_CAPTURE_LIMIT
        lead = final.counts[0] - final.counts[1] + ROLLOUT_ADVANCE * advance
        return 0.5 + 0.5 * tanh(ROLLOUT_K * lead * urgency)


# bot_rollout: plies of guided play before scoring, and the steepness of the material score.
ROLLOUT_PLIES = 30
ROLLOUT_K = 0.5
# Share of quiet moves played uniformly at random in the playouts: the bot's real opponents
# blunder, and a position that gives them many chances to blunder is worth more.
ROLLOUT_CARELESS = 0.5
ROLLOUT_ADVANCE = 0.25  # material worth of one rank of advance
# ADVANCE[seat][s]: ranks from the home rank, counted up to the last rank a capture can start
# from (a piece further forward has nothing left in front of it to jump).
ADVANCE = tuple(
    tuple(min(s // WIDTH if seat == 0 else HEIGHT - 1 - s // WIDTH, HEIGHT - 3) for s in range(SIZE)) for seat in (0, 1)
)


def _playout(
    state: State, rng: random.Random, record: list | None, max_plies: int | None = None, guided: bool = False
) -> tuple[State, int]:
    """The body of random_playout; `record`, when a list, receives (move, legal moves) per ply
    so tests can check every step against the plain rules.

    bot_rollout uses the two extra knobs: stop after `max_plies` plies (the returned State may
    then be unfinished), and `guided` play (_guided_pick) instead of uniform.
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
            break  # no-moves, no-capture-limit, repetition (in the spec's order)
        if guided:
            move = _guided_pick(moves, board, side, caps, captures[1 - side][(n - 1) & 1], forward[1 - side], rand)
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


def _guided_pick(moves: list, board: list, side: int, caps, ecaps, efwd: int, rand):
    """The playout policy of bot_rollout: always take a capture (a random one) if there is one.
    Otherwise, with probability ROLLOUT_CARELESS, a uniformly random step (real opponents
    blunder); else a safe step (one that hangs no piece to an immediate capture), preferring one
    that threatens a capture, else half the time a step straight ahead, towards contact; a
    random step if none is safe.

    The safety test looks only at the two squares a step changes: the piece's new square (can
    an enemy jump it?) and the square it left (was it the landing square that kept a friend
    behind it safe?); a step changes nothing else, and the piece count, hence the gates, stays.
    `caps`/`ecaps` are the mover's/enemy's capture tables at this piece count, `efwd` the
    enemy's forward direction. Captures are always listed after the steps."""
    if _is_capture(moves[-1]):
        captures = [m for m in moves if abs(m[1] - m[0]) == CAPTURE_SPAN]
        return captures[int(rand() * len(captures))]
    if rand() < ROLLOUT_CARELESS:
        return moves[int(rand() * len(moves))]
    piece = side + 1
    enemy = 2 - side
    safe = []
    threats = []  # safe steps after which the moved piece can capture
    forward = []  # other safe steps straight ahead
    fwd = -efwd
    for m in moves:
        s, d = m
        # Can an enemy piece behind d (from its side) jump the piece on d? (s is empty then.)
        c = ecaps[d - efwd] if 0 <= d - efwd < SIZE else None
        if c is not None and board[d - efwd] == enemy and (not board[c[2]] or c[2] == s):
            continue
        # Does leaving s open a landing square for a jump over a friend on s - efwd?
        e = s - 2 * efwd
        if 0 <= e < SIZE and board[e] == enemy and board[s - efwd] == piece and e != d and ecaps[e] is not None:
            continue
        safe.append(m)
        # Does the piece on d threaten a capture next turn?
        c = caps[d]
        if c is not None and board[c[1]] == enemy and (not board[c[2]] or c[2] == s):
            threats.append(m)
        elif d - s == fwd:
            forward.append(m)
    if not threats and forward and rand() < 0.5:
        return forward[int(rand() * len(forward))]  # head for contact: captures need it
    pool = threats or safe or moves
    return pool[int(rand() * len(pool))]


GAME = Parity()
