"""C#I Sequence rules (spec: shared/rules/ci-sequence.md), with what each player may see.

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
whenever it held two different tiles of yours (the spec forbids showing that choice). Memory mode
shows a player nothing face up but its own hand (board symbols and its own past placements hidden).

Tile ids follow the symbol (0-2 are blue dots), so they never leave the server. Views name a tile on
the board by a public handle: the ply at which it was placed (plus who placed it). A tile placed again
after a push-out gets a new handle, as it would on the table.

Moves are ints (see board.py): place t*16+sq, move 96+from*16+to, push 352+(t*16+E)*8+d.
`record` is the tuple of moves since the start (None for states built from a view or by a playout,
whose history is unknown); history_for replays it to know what each viewer saw of each move.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from math import tanh

from games.base import Game, IllegalMove, Outcome
from games.ci_sequence import board as B
from games.ci_sequence.board import (
    COLOUR_MASK,
    MOVE_BASE,
    NAMES,
    PUSH_BASE,
    PUSH_CODE,
    PUSH_LEAVES,
    PUSHES,
    RAYS,
    SQUARE,
    STEP_CODE,
    STEP_FROM,
    STEP_TO,
    TILE_COLOUR,
    TILE_SYMBOL,
    TILE_TYPE,
    TYPE_INDEX,
    TYPE_MASK,
    TYPE_NAMES,
    TYPES_IN_HAND,
    options,
)

PLY_LIMIT = 200
SEAT_NAMES = ("Moon", "Sun")


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
_MOVE_RE = re.compile(r"^([BO][dms])@([a-d][1-4])(?:>(NE|SE|SW|NW|N|E|S|W))?$|^([a-d][1-4])-([a-d][1-4])$")


def _is_placement(code: int) -> bool:
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


def redact(text: str) -> str:
    """A placement's notation with its symbol hidden ("Bm@b2" -> "B?@b2"); moves unchanged."""
    if "@" in text:
        return text[0] + "?" + text[2:]
    return text


def _landing(code: int) -> int:
    """The square where a placement's new tile ends up."""
    if code < MOVE_BASE:
        return code & 15
    x = code - PUSH_BASE
    return RAYS[(x >> 3) & 15][x & 7][0]


# ---- the step function (shared by apply_move, history replay and tests) ----------------------
def _apply(s: State, code: int) -> tuple[State, int, int]:
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
    if _is_placement(code):
        t = _placement_type(code)
        hand = hands[p]
        bits = hand & TYPE_MASK[t]
        if not bits:
            raise IllegalMove(f"{SEAT_NAMES[p]} holds no {TYPE_NAMES[t]} tile")
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
                raise IllegalMove(f"{NAMES[e]} is not empty")
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
                raise IllegalMove(f"no push from {NAMES[e]} towards {B.DIR_NAMES[d]}")
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
            raise IllegalMove(f"no tile can go from {NAMES[a]} to {NAMES[b]}")
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


def _legal(s: State) -> list[int]:
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
def _symbol_masks(board) -> tuple[int, int]:
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
    moons, suns = _symbol_masks(state.board)
    return 2 * B.pair_count(moons), 2 * B.pair_count(suns)


def _outcome(board, natural_end: bool) -> Outcome:
    moons, suns = _symbol_masks(board)
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
    code = GAME.parse_move(last) if last else -1
    lm = lp = -1
    if code >= 0:
        if _is_placement(code):
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


# ---- the game -------------------------------------------------------------------------------
class CISequence(Game):
    slug = "ci-sequence"
    name = "C#I Sequence"
    seat_names = SEAT_NAMES
    hidden_information = True
    option_choices = {"memory": [False, True]}

    # ---- the rules ----------------------------------------------------------------------------
    def initial_state(self, options: dict | None = None) -> State:
        options = self.normalize_options(options)
        return State(
            (-1,) * 16, (-1,) * 16, B.START_HANDS, B.START_HANDS, 0, False, -1, -1, 0, -1, (), bool(options["memory"])
        )

    def current_player(self, state: State) -> int | None:
        return None if state.over() else state.to_move

    def legal_moves(self, state: State) -> list[int]:
        return _legal(state)

    def apply_move(self, state: State, move: int) -> State:
        return _apply(state, move)[0]

    def outcome(self, state: State) -> Outcome | None:
        if not state.over():
            return None
        return _outcome(state.board, not (state.hands[0] | state.hands[1]))

    def ply(self, state: State) -> int:
        return state.ply

    # ---- notation -----------------------------------------------------------------------------
    def parse_move(self, text: str) -> int:
        m = _MOVE_RE.match(text.strip())
        if not m:
            raise IllegalMove(f"{text.strip()!r} is not a move: write Bm@b2, b2-c3 or Bm@a1>E")
        type_name, square, direction, frm, to = m.groups()
        if frm:
            return MOVE_BASE + SQUARE[frm] * 16 + SQUARE[to]
        code = TYPE_INDEX[type_name] * 16 + SQUARE[square]
        if direction:
            return PUSH_BASE + code * 8 + B.DIR_INDEX[direction]
        return code

    def format_move(self, move: int) -> str:
        return format_code(move)

    # ---- serialisation ------------------------------------------------------------------------
    def to_json(self, state: State) -> dict:
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

    def from_json(self, data: dict) -> State:
        try:
            board = tuple(-1 if t is None else int(t) for t in data["board"])
            pub = tuple(-1 if h is None else (int(h[0]) << 1) | int(h[1]) for h in data["placed"])
            hands = tuple(sum(1 << int(i) for i in tiles) for tiles in data["hands"])
            known = tuple(sum(1 << int(i) for i in tiles) for tiles in data["known"])
            moves = data["moves"]
            record = tuple(self.parse_move(m) for m in moves) if moves is not None else None
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
                self.parse_move(data["last"]) if data["last"] else -1,
                record,
                bool(data["memory"]),
            )
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise ValueError(f"not a {self.slug} state: {error}") from None

    # ---- what a viewer may see ----------------------------------------------------------------
    def _visible(self, state: State, seat: int | None) -> int:
        """Tiles whose symbol `seat` sees outside its own hand (before the end)."""
        if seat is None or state.memory:
            return 0  # memory mode: only the hand in front of you is face up
        return state.known[seat]

    def player_view(self, state: State, seat: int | None) -> dict:
        return self._view(state, seat, reveal=state.over())

    def revealed_view(self, state: State, seat: int | None) -> dict:
        """Every symbol and both hands shown: the match has ended, even if this position did not."""
        return self._view(state, seat, reveal=True)

    def _view(self, state: State, seat: int | None, reveal: bool) -> dict:
        over = state.over()
        visible = B.ALL_TILES if reveal else self._visible(state, seat)
        cells = {}
        for sq in range(16):
            tile = state.board[sq]
            if tile < 0:
                continue
            cells[NAMES[sq]] = {
                "colour": B.COLOUR_LETTERS[TILE_COLOUR[tile]],
                "symbol": B.SYMBOL_LETTERS[TILE_SYMBOL[tile]] if visible >> tile & 1 else None,
                "id": state.pub[sq] >> 1,
                "by": state.pub[sq] & 1,
            }
        hands = []
        for owner in (0, 1):
            mask = state.hands[owner]
            face_up = reveal or owner == seat
            shown = mask if face_up else mask & visible
            known = Counter(TYPE_NAMES[TILE_TYPE[i]] for i in range(14) if shown >> i & 1)
            hands.append(
                {
                    "count": mask.bit_count(),
                    "B": (mask & COLOUR_MASK[0]).bit_count(),
                    "O": (mask & COLOUR_MASK[1]).bit_count(),
                    "face_up": face_up,
                    "known": dict(sorted(known.items())),
                }
            )
        last = None
        if state.last >= 0:
            last = format_code(state.last)
            landing = state.board[state.lp] if state.lp >= 0 else -1
            if _is_placement(state.last) and (landing < 0 or not visible >> landing & 1):
                last = redact(last)
        outcome = self.outcome(state)
        view = {
            "game": self.slug,
            "seat": seat,
            "ply": state.ply,
            "to_move": None if over else state.to_move,
            "phase": "over" if over else ("final" if state.final else "normal"),
            "memory": state.memory,
            "cells": cells,
            "hands": hands,
            "last_move": last,
            "just_moved": NAMES[state.lm] if state.lm >= 0 else None,
            "just_placed": NAMES[state.lp] if state.lp >= 0 else None,
            "outcome": outcome.to_json() if outcome else None,
        }
        if over:
            moons, suns = _symbol_masks(state.board)
            view["pairs"] = [
                [NAMES[a], NAMES[b], "m" if moons >> a & 1 else "s"]
                for a, b in B.PAIRS
                if (moons >> a & 1 and moons >> b & 1) or (suns >> a & 1 and suns >> b & 1)
            ]
            view["lines"] = [
                [*(NAMES[sq] for sq in line), "m" if moons & mask == mask else "s"]
                for line, mask in zip(B.LINES, B.LINE_MASKS)
                if moons & mask == mask or suns & mask == mask
            ]
        return view

    def _reveals(self, state: State, codes) -> list[set[int]] | None:
        """For each seat, the indices of placements whose tile it could name (replaying `codes`)."""
        s = self.initial_state({"memory": state.memory})
        revealed: list[set[int]] = [set(), set()]
        for i, code in enumerate(codes):
            if code not in _legal(s):
                return None
            p = s.to_move
            s, placed, out_handle = _apply(s, code)
            if placed >= 0:
                revealed[p].add(i)
                if s.known[1 - p] >> placed & 1:
                    revealed[1 - p].add(i)
            if out_handle >= 0:  # the receiver saw this tile's face when it came into its hand
                revealed[1 - p].add(out_handle >> 1)
        if (s.board, s.hands, s.ply) != (state.board, state.hands, state.ply):
            return None  # these moves do not lead to this state: know nothing
        return revealed

    def history_for(self, state: State, seat: int | None, notations: list[str]) -> list[str]:
        if state.over():
            return list(notations)
        revealed = None
        if seat is not None and not state.memory:
            codes = state.record
            if codes is None or len(codes) != len(notations):  # replay the notations instead
                try:
                    codes = [self.parse_move(n) for n in notations]
                except IllegalMove:
                    codes = None
            if codes is not None:
                revealed = self._reveals(state, codes)
        mine = revealed[seat] if revealed is not None else set()
        return [text if "@" not in text or i in mine else redact(text) for i, text in enumerate(notations)]

    def sample_state(self, view: dict, rng: random.Random) -> State:
        """A state the viewer cannot tell from the real one; unknown symbols uniformly assigned.

        Uses the view only. Each colour's unknown tiles (face-down board tiles without a shown
        symbol, and hand tiles shown as backs) receive a uniformly shuffled copy of what remains of
        that colour once every shown symbol is taken out of the 7 (3 dot, 3 own symbol, 1 other).
        """
        seat = view["seat"]
        remaining = Counter({name: B.TYPE_TOTAL[t] for t, name in enumerate(TYPE_NAMES)})
        squares = sorted(view["cells"], key=SQUARE.get)
        board_types: dict[str, str | None] = {}
        slots: dict[str, list] = {"B": [], "O": []}
        for name in squares:
            cell = view["cells"][name]
            if cell["symbol"] is None:
                board_types[name] = None
                slots[cell["colour"]].append(("board", name))
            else:
                board_types[name] = cell["colour"] + cell["symbol"]
                remaining[board_types[name]] -= 1
        hand_types: list[list[str]] = [[], []]
        for owner in (0, 1):
            hand = view["hands"][owner]
            for type_name, n in hand["known"].items():
                hand_types[owner] += [type_name] * n
                remaining[type_name] -= n
            for colour in "BO":
                backs = hand[colour] - sum(n for t, n in hand["known"].items() if t[0] == colour)
                slots[colour] += [("hand", owner)] * backs
        for colour in "BO":
            pool = [t for t in TYPE_NAMES if t[0] == colour for _ in range(remaining[t])]
            if len(pool) != len(slots[colour]) or any(remaining[t] < 0 for t in TYPE_NAMES):
                raise ValueError("the view is not consistent with the tile set")
            rng.shuffle(pool)
            for (where, key), type_name in zip(slots[colour], pool):
                if where == "board":
                    board_types[key] = type_name
                else:
                    hand_types[key].append(type_name)
        # Give identities: any tile of the right type will do (tiles of one type are alike to the
        # rules). The viewer knows exactly the tiles whose symbol the view shows; the other seat is
        # taken to know its hand and the tiles it placed (the rules never read it).
        free = {t: [i for i in range(14) if TILE_TYPE[i] == t] for t in range(6)}
        cells = [-1] * 16
        pub = [-1] * 16
        shown = 0
        placed_by = [0, 0]
        for name in squares:
            tile = free[TYPE_INDEX[board_types[name]]].pop(0)
            sq = SQUARE[name]
            cell = view["cells"][name]
            cells[sq] = tile
            pub[sq] = (cell["id"] << 1) | cell["by"]
            placed_by[cell["by"]] |= 1 << tile
            if cell["symbol"] is not None:
                shown |= 1 << tile
        hands = [0, 0]
        for owner in (0, 1):
            face = Counter(view["hands"][owner]["known"])
            for type_name in hand_types[owner]:  # shown types first, then the sampled backs
                tile = free[TYPE_INDEX[type_name]].pop(0)
                hands[owner] |= 1 << tile
                if face[type_name] > 0:
                    face[type_name] -= 1
                    shown |= 1 << tile
        known = [hands[0] | placed_by[0], hands[1] | placed_by[1]]
        if seat is not None:
            known[seat] = shown | hands[seat]
        lm = SQUARE[view["just_moved"]] if view["just_moved"] else -1
        lp = SQUARE[view["just_placed"]] if view["just_placed"] else -1
        last = -1
        if view["last_move"]:
            text = view["last_move"]
            if "?" in text:  # the hidden type is whatever was sampled on the landing square
                tile = cells[lp]
                text = TYPE_NAMES[TILE_TYPE[tile]] + text[2:]
            last = self.parse_move(text)
        phase = view["phase"]
        to_move = view["to_move"]
        if to_move is None:
            to_move = 0
        return State(
            tuple(cells),
            tuple(pub),
            tuple(hands),
            tuple(known),
            to_move,
            phase == "final",
            lm,
            lp,
            view["ply"],
            last,
            None,
            view["memory"],
        )

    def describe(self, view: dict) -> list[str]:
        from games.ci_sequence.render import describe

        return describe(view)

    # ---- playing on the board -----------------------------------------------------------------
    def move_tokens(self, move_text: str) -> tuple[str, ...]:
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
        raise IllegalMove(f"{text!r} is not a move")

    def token_label(self, token: str) -> str:
        if token.startswith(">") and token[1:] in B.DIR_INDEX:
            return "Push " + B.DIR_WORDS[B.DIR_INDEX[token[1:]]]
        if len(token) == 2 and token[0] in "BO" and token[1] in "dms?":
            colour = B.COLOUR_WORDS["BO".index(token[0])]
            if token[1] == "?":
                return f"{colour.capitalize()} tile"
            return f"{colour.capitalize()} {B.SYMBOL_WORDS['dms'.index(token[1])]}"
        return token

    def render_board(self, view: dict, ui) -> str:
        from games.ci_sequence.render import render

        return render(view, ui)

    # ---- speed --------------------------------------------------------------------------------
    def random_playout(self, state: State, rng: random.Random) -> tuple[State, int]:
        """Uniformly random legal moves to the end, on mutable locals (see _playout)."""
        return _playout(state, rng, 1, False)

    def guided_playout(self, state: State, rng: random.Random) -> State:
        """A playout by a greedy policy: best of GUIDED_PICKS random moves, final tiles placed greedily.

        Uniformly random playouts place the final-phase tiles anywhere and build pairs only by
        luck, so their results say little about a position. Here each ply of normal play draws
        GUIDED_PICKS uniform legal moves (as random_playout does) and plays the one that most raises
        the mover's pair count minus the opponent's (the first drawn on ties, so the choice stays
        random among equals); in the final phase, where nothing can disturb a placement, it plays the
        best placement of all (random among the best). Symbols are read from the (sampled) state.
        """
        return _playout(state, rng, GUIDED_PICKS, True)[0]

    def bot_rollout(self, state: State, rng: random.Random) -> float:
        """The MCTS rollout hook: a guided playout to the end, valued for the moon player (seat 0).

        Why not the bare result: a bot that only counts wins is content to lead by 2, and then the
        tiles it cannot see (or a lucky pair of the opponent's) turn enough of those games into
        ties: against random play, 9 in 100 of its games were 4-4 draws, and between bot levels a
        third of the games were ties. So the value blends the result with the score margin:
        (1 - ROLLOUT_MARGIN_WEIGHT) * (1 / 0.5 / 0) +
        ROLLOUT_MARGIN_WEIGHT * (0.5 + 0.5 * tanh(margin / ROLLOUT_MARGIN_SCALE)); a win is
        still always worth more than a draw, and a draw more than a loss.
        """
        outcome = self.outcome(self.guided_playout(state, rng))
        result = 0.5 if outcome.winner is None else 1.0 - outcome.winner
        margin = outcome.scores[0] - outcome.scores[1]
        return (1.0 - ROLLOUT_MARGIN_WEIGHT) * result + ROLLOUT_MARGIN_WEIGHT * (
            0.5 + 0.5 * tanh(margin / ROLLOUT_MARGIN_SCALE)
        )


# ---- playouts -------------------------------------------------------------------------------
def _playout(state: State, rng: random.Random, picks: int, greedy_final: bool) -> tuple[State, int]:
    """Play to the end on mutable locals; return the final state and the plies played.

    Each ply of normal play draws `picks` candidates, each uniform over the legal moves: one
    index over all candidate moves of the position (places, steps, pushes from the occupancy
    table), redrawn when it hits one of the two "last tile" exceptions. With one pick that move is
    played; with more, the one with the best _gain (the first drawn on ties). In the final phase
    a placement is drawn uniformly, or with `greedy_final` among the placements of best _gain.
    `int(random() * n)` is uniform up to a bias of n / 2**53. The final state has no move record
    (like a sampled state); knowledge and handles are kept up to date, so it is a complete state.
    """
    if state.over():
        return state, 0
    board = list(state.board)
    pub = list(state.pub)
    hands = list(state.hands)
    known = list(state.known)
    p = state.to_move
    final = state.final
    lm, lp = state.lm, state.lp
    ply = start = state.ply
    occ = state.occ
    last = state.last
    rand = rng.random
    table = B._OPTIONS
    types_in_hand = TYPES_IN_HAND
    step_from, step_to = STEP_FROM, STEP_TO
    push_leaves, pushes_all = PUSH_LEAVES, PUSHES
    tile_symbol = TILE_SYMBOL
    track = picks > 1 or greedy_final  # keep the symbol masks _gain reads
    syms = [0, *_symbol_masks(board)] if track else None  # square masks by symbol: dots, moons, suns
    while ply < PLY_LIMIT:
        hand = hands[p]
        types = types_in_hand[hand]
        nt = len(types)
        entry = table.get(occ)
        if entry is None:
            entry = options(occ)
        empties = entry[0]
        ne = len(empties)
        n_place = nt * ne
        if final:
            kind = 0
            if greedy_final:
                best_gain = -99
                best = []
                for t in types:
                    for e in empties:
                        gain = _gain(0, t, e, -1, board, syms, p)
                        if gain > best_gain:
                            best_gain = gain
                            best = [(t, e)]
                        elif gain == best_gain:
                            best.append((t, e))
                t, e = best[int(rand() * len(best))]
            else:
                r = int(rand() * n_place)
                t = types[r // ne]
                e = empties[r % ne]
        else:
            steps = entry[1]
            n_step = len(steps)
            pushes = entry[2]
            n = n_place + n_step + len(pushes) * nt
            best_gain = -99
            for _ in range(picks):
                while True:
                    r = int(rand() * n)
                    if r < n_place:
                        c_kind, c_t, c_e, c_i = 0, types[r // ne], empties[r % ne], -1
                        break
                    r -= n_place
                    if r < n_step:
                        c_i = steps[r]
                        if step_from[c_i] != lm:
                            c_kind, c_t, c_e = 1, -1, -1
                            break
                        continue
                    r -= n_step
                    c_i = pushes[r // nt]
                    if push_leaves[c_i] != lp:
                        c_kind, c_t, c_e = 2, types[r % nt], -1
                        break
                gain = _gain(c_kind, c_t, c_e, c_i, board, syms, p) if picks > 1 else 0
                if gain > best_gain:
                    best_gain = gain
                    kind, t, e, i = c_kind, c_t, c_e, c_i
        if kind == 1:
            a = step_from[i]
            b = step_to[i]
            if track:
                syms[tile_symbol[board[a]]] ^= (1 << a) | (1 << b)
            board[b] = board[a]
            board[a] = -1
            pub[b] = pub[a]
            pub[a] = -1
            occ ^= (1 << a) | (1 << b)
            lm = b
            lp = -1
            last = STEP_CODE[i]
            hands_left = True
        else:
            bits = hand & TYPE_MASK[t]
            bit = bits & -bits
            tile = bit.bit_length() - 1
            o = 1 - p
            same = hand & COLOUR_MASK[TILE_COLOUR[tile]]
            if same & ~known[o] or same & ~TYPE_MASK[t]:
                known[o] &= ~same
            hand ^= bit
            hands[p] = hand
            handle = (ply << 1) | p
            if kind == 0:
                board[e] = tile
                pub[e] = handle
                occ |= 1 << e
                if track:
                    syms[tile_symbol[tile]] |= 1 << e
                lp = e
                last = t * 16 + e
            else:
                e, _, chain, nxt = pushes_all[i]
                end = chain[-1]
                if nxt < 0:
                    out = board[end]
                    hands[o] |= 1 << out
                    known[o] |= 1 << out
                else:
                    board[nxt] = board[end]
                    pub[nxt] = pub[end]
                    occ |= 1 << nxt
                if len(chain) == 3:
                    board[end] = board[chain[1]]
                    pub[end] = pub[chain[1]]
                board[chain[1]] = board[chain[0]]
                pub[chain[1]] = pub[chain[0]]
                board[chain[0]] = tile
                pub[chain[0]] = handle
                if track:
                    syms = [0, *_symbol_masks(board)]
                lp = chain[0]
                last = PUSH_CODE[i] + t * 128
            lm = -1
            hands_left = hand != 0
        ply += 1
        if final:
            if not hands_left:
                break
        elif not hands_left:
            final = True
            p = 1 - p
        else:
            p = 1 - p
    final_state = State(
        tuple(board), tuple(pub), tuple(hands), tuple(known), p, final, lm, lp, ply, last, None, state.memory
    )
    return final_state, ply - start


def _gain(kind: int, t: int, e: int, i: int, board: list, syms: list, p: int) -> int:
    """How much a move (kind 0 place type t on e, 1 step i, 2 push i with type t) raises the pairs
    of seat p's symbol minus the opponent's, on a board whose symbol masks are `syms`."""
    mine, theirs = p + 1, 2 - p
    if kind == 0:
        sym = B.TYPE_SYMBOL[t]
        if sym == mine:
            return (B.NEIGHBOURS[e] & syms[mine]).bit_count()
        if sym == theirs:
            return -(B.NEIGHBOURS[e] & syms[theirs]).bit_count()
        return 0
    if kind == 1:
        a, b = STEP_FROM[i], STEP_TO[i]
        sym = TILE_SYMBOL[board[a]]
        if not sym:
            return 0
        rest = syms[sym] & ~(1 << a)
        gain = (B.NEIGHBOURS[b] & rest).bit_count() - (B.NEIGHBOURS[a] & rest).bit_count()
        return gain if sym == mine else -gain
    _, _, chain, nxt = PUSHES[i]
    new = syms[:]
    for k in range(len(chain) - 1, -1, -1):
        sq = chain[k]
        sym = TILE_SYMBOL[board[sq]]
        new[sym] &= ~(1 << sq)
        to = chain[k + 1] if k + 1 < len(chain) else nxt
        if to >= 0:
            new[sym] |= 1 << to
    new[B.TYPE_SYMBOL[t]] |= 1 << chain[0]
    pair_count = B.pair_count
    return pair_count(new[mine]) - pair_count(syms[mine]) - pair_count(new[theirs]) + pair_count(syms[theirs])


# bot_rollout: the share of a playout's value that comes from the score margin, and the margin
# (in points; a pair is 2) at which that share is three-quarters earned. A weight of 0.7 rather than
# 0.3 cut the ties: 1200 playouts won 25 of 40 games instead of 17 against 150 valued the old way
# (same seeds).
ROLLOUT_MARGIN_WEIGHT = 0.7
ROLLOUT_MARGIN_SCALE = 4.0
# guided_playout: how many random moves each ply of normal play chooses among. Two did a little
# better than one in screening (1200 playouts v 150: 24 v 22 wins of 40, same seeds); more picks
# make both sides block each other, and more playouts end in ties (from the start: 1 pick 18%, 4 25%).
GUIDED_PICKS = 2


GAME = CISequence()
