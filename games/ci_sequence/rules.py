"""C#I Sequence rules (its rules page: templates/rules.html): the state, the moves, the outcome.

State design
------------
A `State` holds 16 board squares (a tile id 0..13 or -1), each seat's hand as a 14-bit tile mask,
the side to move, the phase (normal play or the final placements of rule 3), the squares of the
tile moved / placed by the immediately preceding ply (rule 1's two exceptions; a square is enough
because exactly one ply has passed), the ply counter and the last move.

Hidden information is tracked per seat as a 14-bit mask `known[seat]`: the tiles whose symbol that
seat can name right now. A seat learns a tile when it enters its hand (start, push-out) and keeps it
while the tile travels on the board in plain sight. When a player places a tile from a hand holding
several tiles of that colour, the opponent cannot tell which one was played (the backs of one colour
are alike), so the opponent forgets all that player's tiles of that colour - unless it knew all of
them and they are all of one type, in which case it still knows what was placed. Without that rule
"the symbol of every tile that has ever been in your hand" would reveal the opponent's choice of tile
whenever it held two different tiles of yours (and nothing may show that choice). What each
viewer is shown of all this is visibility.py's business; the playouts and the bot's rollout are in playouts.py.

Moves are ints (see geometry.py): place t*16+sq, move 96+from*16+to, push 352+(t*16+E)*8+d.
`record` is the tuple of moves since the start (None for states built from a view or by a playout,
whose history is unknown); history_for replays it to know what each viewer saw of each move.
"""

from __future__ import annotations

import re

from games.base import IllegalMove, Outcome
from games.ci_sequence import geometry as B
from games.ci_sequence.geometry import (
    COLOUR_MASK,
    MOVE_BASE,
    NAMES,
    PUSH_BASE,
    PUSH_CODE,
    PUSH_LEAVES,
    RAYS,
    SQUARE,
    STEP_CODE,
    STEP_FROM,
    TILE_COLOUR,
    TILE_SYMBOL,
    TILE_TYPE,
    TYPE_INDEX,
    TYPE_MASK,
    TYPE_NAMES,
    TYPES_IN_HAND,
    options,
)
from games.messages import N_, NC_, say

PLY_LIMIT = 200
SEAT_NAMES = (NC_("seat", "Moon"), NC_("seat", "Sun"))


class State:
    """A position. Treated as immutable: `Game.apply_move` builds a new one."""

    __slots__ = (
        "board",
        "pub",
        "hands",
        "known",
        "to_move",
        "final",
        "lm",
        "lp",
        "ply",
        "last",
        "record",
        "memory",
        "occ",
    )

    def __init__(self, board, pub, hands, known, to_move, final, lm, lp, ply, last, record, memory):
        self.board = board  # tuple of 16: tile id or -1
        self.pub = pub  # tuple of 16: -1 or (placement ply << 1 | placer): the public handle
        self.hands = hands  # (mask, mask) of tile ids
        self.known = known  # (mask, mask): tiles each seat can name now
        self.to_move = to_move
        self.final = final  # True during rule 3's final placements
        self.lm = lm  # square of the tile moved by the previous ply's Move, else -1
        self.lp = lp  # square of the tile placed by the previous ply, else -1
        self.ply = ply
        self.last = last  # code of the previous move, or -1
        self.record = record  # tuple of codes since the start, or None when unknown
        self.memory = memory  # the "memory mode" option
        occ = 0
        for sq in range(16):
            if board[sq] >= 0:
                occ |= 1 << sq
        self.occ = occ

    def over(self) -> bool:
        return not (self.hands[0] | self.hands[1]) or self.ply >= PLY_LIMIT

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"State(ply={self.ply}, to_move={self.to_move}, final={self.final})"


# ---- notation ------------------------------------------------------------------------------
# Read in any case: each letter's place says what it is (a colour, a symbol, a file or a direction), so case never
# decides between two readings, and parse_move gives each part its canonical case.
_MOVE_RE = re.compile(
    r"^([BO][DMS])@([A-D][1-4])(?:>(NE|SE|SW|NW|N|E|S|W))?$|^([A-D][1-4])-([A-D][1-4])$", re.IGNORECASE
)


def is_placement(code: int) -> bool:
    return code < MOVE_BASE or code >= PUSH_BASE


def _placement_type(code: int) -> int:
    return code >> 4 if code < MOVE_BASE else (code - PUSH_BASE) >> 7


def format_code(code: int) -> str:
    """Canonical notation of a move code."""
    if code < MOVE_BASE:
        return f"{TYPE_NAMES[code >> 4]}@{NAMES[code & 15]}"
    if code < PUSH_BASE:
        x = code - MOVE_BASE
        return f"{NAMES[x >> 4]}-{NAMES[x & 15]}"
    x = code - PUSH_BASE
    return f"{TYPE_NAMES[x >> 7]}@{NAMES[(x >> 3) & 15]}>{B.DIR_NAMES[x & 7]}"


def _landing(code: int) -> int:
    """The square where a placement's new tile ends up."""
    if code < MOVE_BASE:
        return code & 15
    x = code - PUSH_BASE
    return RAYS[(x >> 3) & 15][x & 7][0]


# ---- the step function (shared by apply_move, history replay and tests) ----------------------
def play_code(s: State, code: int) -> tuple[State, int, int]:
    """The state after `code`, the tile placed (or -1) and the handle of a pushed-out tile (or -1).

    Legality is the caller's business (Game.play checks it); the step itself only guards against
    moves that cannot be carried out at all.
    """
    board = list(s.board)
    pub = list(s.pub)
    hands = list(s.hands)
    known = list(s.known)
    p = s.to_move
    o = 1 - p
    lm = lp = -1
    placed = out_handle = -1
    if is_placement(code):
        t = _placement_type(code)
        hand = hands[p]
        bits = hand & TYPE_MASK[t]
        if not bits:
            raise IllegalMove(say(N_("{seat} holds no {tile} tile"), seat=SEAT_NAMES[p], tile=TYPE_NAMES[t]))
        bit = bits & -bits  # rule: the lowest-numbered tile of the type is played
        placed = bit.bit_length() - 1
        # The opponent sees a tile of this colour leave the hand; it can still name it only if it
        # knew every tile of that colour in the hand and they are all of this type.
        same = hand & COLOUR_MASK[TILE_COLOUR[placed]]
        if same & ~known[o] or same & ~TYPE_MASK[t]:
            known[o] &= ~same
        hands[p] = hand ^ bit
        handle = (s.ply << 1) | p
        if code < MOVE_BASE:
            e = code & 15
            if board[e] >= 0:
                raise IllegalMove(say(N_("{square} is not empty"), square=NAMES[e]))
            board[e] = placed
            pub[e] = handle
            lp = e
        else:
            x = code - PUSH_BASE
            e, d = (x >> 3) & 15, x & 7
            ray = RAYS[e][d]
            n = 0
            while n < len(ray) and board[ray[n]] >= 0:
                n += 1
            if board[e] >= 0 or n < 2:
                raise IllegalMove(
                    say(N_("no push from {square} towards {direction}"), square=NAMES[e], direction=B.DIR_NAMES[d])
                )
            end = ray[n - 1]
            if n == len(ray):  # the last tile leaves the board to the pusher's opponent
                out = board[end]
                out_handle = pub[end]
                hands[o] |= 1 << out
                known[o] |= 1 << out
            else:
                board[ray[n]] = board[end]
                pub[ray[n]] = pub[end]
            for i in range(n - 1, 0, -1):
                board[ray[i]] = board[ray[i - 1]]
                pub[ray[i]] = pub[ray[i - 1]]
            board[ray[0]] = placed
            pub[ray[0]] = handle
            lp = ray[0]
    else:
        x = code - MOVE_BASE
        a, b = x >> 4, x & 15
        if board[a] < 0 or board[b] >= 0:
            raise IllegalMove(say(N_("no tile can go from {start} to {to}"), start=NAMES[a], to=NAMES[b]))
        board[b], board[a] = board[a], -1
        pub[b], pub[a] = pub[a], -1
        lm = b
    final = s.final
    if final:
        to_move = p  # rule 3: the other player places all remaining tiles
    elif not hands[p]:
        final, to_move = True, o
    else:
        to_move = o
    record = s.record + (code,) if s.record is not None else None
    new = State(
        tuple(board), tuple(pub), tuple(hands), tuple(known), to_move, final, lm, lp, s.ply + 1, code, record, s.memory
    )
    return new, placed, out_handle


def legal_codes(s: State) -> list[int]:
    """Legal move codes (each once) for the side to move."""
    if s.over():
        return []
    types = TYPES_IN_HAND[s.hands[s.to_move]]
    empties, steps, pushes = options(s.occ)
    moves = [t * 16 + e for t in types for e in empties]
    if not s.final:
        lm = s.lm
        moves += [STEP_CODE[i] for i in steps if STEP_FROM[i] != lm]
        lp = s.lp
        for i in pushes:
            if PUSH_LEAVES[i] != lp:
                base = PUSH_CODE[i]
                moves += [base + t * 128 for t in types]
    return moves


# ---- scoring ------------------------------------------------------------------------------
def symbol_masks(board) -> tuple[int, int]:
    """Square masks of the moons and of the suns on a board."""
    moons = suns = 0
    for sq in range(16):
        tile = board[sq]
        if tile >= 0:
            sym = TILE_SYMBOL[tile]
            if sym == 1:
                moons |= 1 << sq
            elif sym == 2:
                suns |= 1 << sq
    return moons, suns


def scores(state: State) -> tuple[int, int]:
    """(moon points, sun points) of the board as it stands: 2 per adjacent pair of the symbol."""
    moons, suns = symbol_masks(state.board)
    return 2 * B.pair_count(moons), 2 * B.pair_count(suns)


def _outcome(board, natural_end: bool) -> Outcome:
    moons, suns = symbol_masks(board)
    score = (2 * B.pair_count(moons), 2 * B.pair_count(suns))
    if not natural_end:
        return Outcome(None, score, "ply-limit")
    if score[0] != score[1]:
        return Outcome(0 if score[0] > score[1] else 1, score, "score")
    moon_line, sun_line = B.has_line(moons), B.has_line(suns)
    if moon_line != sun_line:
        return Outcome(0 if moon_line else 1, score, "four-in-a-row")
    return Outcome(None, score, "score")


# ---- building positions directly (tests, tools) -----------------------------------------------
def position(
    board: dict[str, str] | None = None,
    hands: tuple | None = None,
    to_move: int = 0,
    final: bool = False,
    last: str | None = None,
    ply: int | None = None,
    memory: bool = False,
) -> State:
    """A state from readable parts.

    board: square -> type ("Bm"). hands: (types of seat 0, types of seat 1); None for a seat gives it
    every tile not used elsewhere of its own colour (or of both colours if the other hand is given).
    last: the previous move's notation (sets the "just moved" / "just placed" tile).
    Each seat knows its hand and the board tiles of its colour (taken as placed by it).
    """
    board = board or {}
    hands = hands or (None, None)
    free = {t: [i for i in range(14) if TILE_TYPE[i] == t] for t in range(6)}

    def take(name: str) -> int:
        t = TYPE_INDEX[name]
        if not free[t]:
            raise ValueError(f"too many {name} tiles")
        return free[t].pop(0)

    cells = [-1] * 16
    pub = [-1] * 16
    for n, (name, type_name) in enumerate(sorted(board.items(), key=lambda kv: SQUARE[kv[0]])):
        tile = take(type_name)
        cells[SQUARE[name]] = tile
        pub[SQUARE[name]] = (n << 1) | TILE_COLOUR[tile]
    masks = [0, 0]
    for seat in (0, 1):
        if hands[seat] is not None:
            for type_name in hands[seat]:
                masks[seat] |= 1 << take(type_name)
    rest = [i for t in range(6) for i in free[t]]
    for seat in (0, 1):
        if hands[seat] is None:
            mine = [i for i in rest if hands[1 - seat] is not None or TILE_COLOUR[i] == seat]
            for i in mine:
                masks[seat] |= 1 << i
    used = masks[0] | masks[1] | sum(1 << t for t in cells if t >= 0)
    if used != B.ALL_TILES:
        raise ValueError("every tile must be on the board or in a hand")
    known = [masks[seat] | sum(1 << t for t in cells if t >= 0 and TILE_COLOUR[t] == seat) for seat in (0, 1)]
    code = parse_move(last) if last else -1
    lm = lp = -1
    if code >= 0:
        if is_placement(code):
            lp = _landing(code)
        else:
            lm = (code - MOVE_BASE) & 15
    n_on_board = sum(1 for t in cells if t >= 0)
    return State(
        tuple(cells),
        tuple(pub),
        tuple(masks),
        tuple(known),
        to_move,
        final,
        lm,
        lp,
        n_on_board if ply is None else ply,
        code,
        None,
        memory,
    )


# ---- the rules ------------------------------------------------------------------------------
def initial_state(options: dict) -> State:
    """The empty board, each seat holding the seven tiles of its colour; `options["memory"]` is memory mode."""
    return State(
        (-1,) * 16, (-1,) * 16, B.START_HANDS, B.START_HANDS, 0, False, -1, -1, 0, -1, (), bool(options["memory"])
    )


def current_player(state: State) -> int | None:
    """Seat to move, None when the game is over."""
    return None if state.over() else state.to_move


def legal_moves(state: State) -> list[int]:
    """Every legal move; [] when the game is over."""
    return legal_codes(state)


def apply_move(state: State, move: int) -> State:
    """The state after a legal move."""
    return play_code(state, move)[0]


def outcome(state: State) -> Outcome | None:
    """The result once the game is over, else None."""
    if not state.over():
        return None
    return _outcome(state.board, not (state.hands[0] | state.hands[1]))


def ply(state: State) -> int:
    """Moves played since the start."""
    return state.ply


# ---- notation and the board's clicks --------------------------------------------------------
def parse_move(text: str) -> int:
    """A move from its notation; IllegalMove if the text is not a move."""
    m = _MOVE_RE.match(text.strip())
    if not m:
        raise IllegalMove(say(N_("{move} is not a move: write Bm@b2, b2-c3 or Bm@a1>E"), move=repr(text.strip())))
    type_name, square, direction, frm, to = m.groups()
    if frm:
        return MOVE_BASE + SQUARE[frm.lower()] * 16 + SQUARE[to.lower()]
    code = TYPE_INDEX[type_name[0].upper() + type_name[1].lower()] * 16 + SQUARE[square.lower()]
    if direction:
        return PUSH_BASE + code * 8 + B.DIR_INDEX[direction.upper()]
    return code


def format_move(move: int) -> str:
    """Canonical notation of a move."""
    return format_code(move)


def move_tokens(move_text: str) -> tuple[str, ...]:
    """The clicks that enter a move: tile type, square (and push direction), or two squares."""
    text = move_text.strip()
    if "@" in text:
        type_name, rest = text.split("@", 1)
        if ">" in rest:
            square, direction = rest.split(">", 1)
            return (type_name, square, ">" + direction)
        return (type_name, rest)
    if "-" in text:
        a, b = text.split("-", 1)
        return (a, b)
    raise IllegalMove(say(N_("{move} is not a move"), move=repr(text)))


# ---- serialisation --------------------------------------------------------------------------
def to_json(state: State) -> dict:
    """The full state as JSON data (server side only: it holds every secret)."""

    def tiles(mask: int) -> list[int]:
        return [i for i in range(14) if mask >> i & 1]

    return {
        "board": [t if t >= 0 else None for t in state.board],
        "placed": [[h >> 1, h & 1] if h >= 0 else None for h in state.pub],
        "hands": [tiles(m) for m in state.hands],
        "known": [tiles(m) for m in state.known],
        "to_move": state.to_move,
        "final": state.final,
        "last_moved": NAMES[state.lm] if state.lm >= 0 else None,
        "last_placed": NAMES[state.lp] if state.lp >= 0 else None,
        "ply": state.ply,
        "last": format_code(state.last) if state.last >= 0 else None,
        "moves": [format_code(c) for c in state.record] if state.record is not None else None,
        "memory": state.memory,
    }


def from_json(data: dict) -> State:
    """Inverse of to_json."""
    try:
        board = tuple(-1 if t is None else int(t) for t in data["board"])
        pub = tuple(-1 if h is None else (int(h[0]) << 1) | int(h[1]) for h in data["placed"])
        hands = tuple(sum(1 << int(i) for i in tiles) for tiles in data["hands"])
        known = tuple(sum(1 << int(i) for i in tiles) for tiles in data["known"])
        moves = data["moves"]
        record = tuple(parse_move(m) for m in moves) if moves is not None else None
        return State(
            board,
            pub,
            hands,
            known,
            int(data["to_move"]),
            bool(data["final"]),
            SQUARE[data["last_moved"]] if data["last_moved"] else -1,
            SQUARE[data["last_placed"]] if data["last_placed"] else -1,
            int(data["ply"]),
            parse_move(data["last"]) if data["last"] else -1,
            record,
            bool(data["memory"]),
        )
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise ValueError(f"not a C#I Sequence state: {error}") from None
