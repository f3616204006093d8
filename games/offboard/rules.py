"""Offboard rules, as its rules page tells them (templates/rules.html beside this module).

State design: each colour's balls are one integer bitboard over the padded grid of geometry.py, so the
moves of a whole direction are found with a handful of shifts and ands instead of walking cells.
A move changes at most three cells whatever the length of the lines involved (the tail empties,
the destination becomes ours, the cell beyond the pushed line becomes theirs), so applying one is
O(1). Gutters are packed two bits each into one integer (0 empty, 1 red, 2 yellow), and a position
is keyed for repetition by the tuple (red, yellow, gutters, side * 2 + displaced) of plain ints.

Moves are ints: a line move or push "T-D" is (T << 7) | D with T, D grid indices; "@c" is
PLACE | c; "x+T-D" is DISCARD | (T << 7) | D.
"""

from __future__ import annotations

import re
from collections import Counter

from games.base import IllegalMove, Outcome
from games.bits import nth_set_bit, set_bits
from games.messages import N_, NC_, say
from games.offboard.geometry import (
    BOARD,
    CELL_INDEX,
    DIRECTION_NAMES,
    EXIT_GUTTERS,
    GUTTER_VALUES,
    INDEX_OF,
    LINE_GEOMETRY,
    NAME,
    RING,
    SHIFTS,
)

PLACE = 1 << 14
DISCARD = 1 << 15
WIN_POINTS = 6
PLY_LIMIT = 300
SEATS = (NC_("seat", "Red"), NC_("seat", "Yellow"))
DIRECTION_OF_SHIFT = dict(zip(SHIFTS, DIRECTION_NAMES))


# ---- move generation ----------------------------------------------------------------------
def generate(own: int, opp: int) -> tuple[list[tuple[int, int, int, int]], int]:
    """The normal actions (line moves and pushes) of the side owning `own`, grouped.

    Returns (groups, count). Each group is (tails, shift, k, m): `tails` is a bitboard of the tail
    balls of moves that push a line of k own balls one step by `shift`, in front of m opponent
    balls (m = 0: a plain line move). From a given tail and direction there is at most one action
    (the line must reach the last own ball of the run), so a tail bit plus a group is one move.

    Levels are built backwards from the front: first the balls whose next cell is free (k = 1),
    then the own balls just behind those (k = 2), and so on, so lines of any length cost one
    shift-and per extra ball of the longest run rather than a walk per ball.
    """
    empty = BOARD ^ own ^ opp
    open_ = empty | RING  # where the front pushed ball may go: an empty cell or off the board
    groups = []
    count = 0
    for s in (11, 10, 1):
        # Direction +s: the cell ahead of c is c + s, so "c's next cell is in X" is X >> s.
        tails = own & (empty >> s)
        k = 1
        while tails:
            groups.append((tails, s, k, 0))
            count += tails.bit_count()
            tails = own & (tails >> s)
            k += 1
        if own & (opp >> s):  # some own ball touches an opponent ball in this direction
            front = opp & (open_ >> s)  # opponent balls with room (or the rim) beyond
            m = 1
            while front:
                tails = own & (front >> s)  # own heads right behind an opponent line of m balls
                if tails:
                    for _ in range(m):  # only lines of k > m balls may push
                        tails = own & (tails >> s)
                    k = m + 1
                    while tails:
                        groups.append((tails, s, k, m))
                        count += tails.bit_count()
                        tails = own & (tails >> s)
                        k += 1
                front = opp & (front >> s)
                m += 1
        # Direction -s: the same with the shifts reversed.
        tails = own & (empty << s)
        k = 1
        while tails:
            groups.append((tails, -s, k, 0))
            count += tails.bit_count()
            tails = own & (tails << s)
            k += 1
        if own & (opp << s):
            front = opp & (open_ << s)
            m = 1
            while front:
                tails = own & (front << s)
                if tails:
                    for _ in range(m):
                        tails = own & (tails << s)
                    k = m + 1
                    while tails:
                        groups.append((tails, -s, k, m))
                        count += tails.bit_count()
                        tails = own & (tails << s)
                        k += 1
                front = opp & (front << s)
                m += 1
    return groups, count


def _normal_codes(own: int, opp: int) -> list[int]:
    """Every normal action as a move code (T << 7) | D."""
    codes = []
    for tails, s, k, _m in generate(own, opp)[0]:
        step = k * s
        while tails:
            low = tails & -tails
            tails ^= low
            t = low.bit_length() - 1
            codes.append((t << 7) | (t + step))
    return codes


def gutter_of(gut: int, g: int) -> int:
    """Occupant of gutter g: -1 empty, 0 red, 1 yellow."""
    return ((gut >> (2 * g)) & 3) - 1


def exit_gutter(gut: int, ring: int) -> tuple[int, bool]:
    """(gutter, caught) for a ball leaving the board at ring index `ring`.

    caught is False when the gutter it is pushed toward is occupied: the ball is displaced.
    """
    g, fallback = EXIT_GUTTERS[ring]
    if (gut >> (2 * g)) & 3 == 0:
        return g, True
    if fallback >= 0 and (gut >> (2 * fallback)) & 3 == 0:
        return fallback, True
    return g, False


def gutter_points(gut: int) -> tuple[int, int]:
    """(Red's points, Yellow's points): a player scores the gutters holding the other's balls."""
    red = yellow = 0
    for g, value in enumerate(GUTTER_VALUES):
        occupant = (gut >> (2 * g)) & 3
        if occupant == 2:
            red += value
        elif occupant == 1:
            yellow += value
    return red, yellow


# ---- the state ----------------------------------------------------------------------------
class State:
    """An Offboard position. Treated as immutable; the outcome is computed once, on demand."""

    __slots__ = ("red", "yellow", "gut", "disp", "side", "ply", "last", "hist", "since", "_outcome")

    def __init__(self, red, yellow, gut, disp, side, ply, last, hist=(), since=()):
        self.red = red  # bitboard of red balls on the board
        self.yellow = yellow  # bitboard of yellow balls
        self.gut = gut  # 2 bits per gutter: 0 empty, 1 red ball, 2 yellow ball
        self.disp = disp  # True: the side to move has a displaced ball to deal with
        self.side = side  # seat to move (the seat that would move, once the game is over)
        self.ply = ply
        self.last = last  # last move code or None
        # Keys of the earlier positions since the last irreversible move (a ball leaving play
        # for good: no position before it can come back), oldest first; for repetition.
        self.hist = hist
        self.since = since  # the moves played from each of those positions (same length)
        self._outcome = False  # not computed yet

    def key(self) -> tuple[int, int, int, int]:
        """The repetition key: board, gutters, displaced ball and side to move."""
        return (self.red, self.yellow, self.gut, self.side * 2 + self.disp)


def _key_position(key: tuple[int, int, int, int]) -> dict:
    """The board part of a repetition key, as JSON (the start of the stored history)."""
    red, yellow, _gut, flags = key
    return {
        "red": [NAME[i] for i in CELL_INDEX if red >> i & 1],
        "yellow": [NAME[i] for i in CELL_INDEX if yellow >> i & 1],
        "displaced": bool(flags & 1),
    }


_START_RED = ("f1", "f2", "f3", "g1", "g2", "h1", "b6", "c6", "c7", "d6", "d7", "d8")
_START_YELLOW = ("b1", "c1", "c2", "d1", "d2", "d3", "f6", "f7", "f8", "g6", "g7", "h6")
_MOVE_RE = re.compile(r"^(x\+)?([a-i][1-9])-([a-i][1-9])$")
_PLACE_RE = re.compile(r"^@([a-i][1-9])$")


def _board_of(names) -> int:
    board = 0
    for name in names:
        if name not in INDEX_OF:
            raise ValueError(f"no cell {name!r}")
        board |= 1 << INDEX_OF[name]
    return board


def position(
    red=(), yellow=(), to_move: int = 0, gutters: dict | None = None, displaced: bool = False, ply: int = 0
) -> State:
    """A position built directly (tests, puzzles): cell names per colour, gutters as
    {"G1": 0 (red ball) or 1 (yellow ball)}, `displaced` = the side to move has a displaced ball."""
    red_bb, yellow_bb = _board_of(red), _board_of(yellow)
    if red_bb & yellow_bb:
        raise ValueError("a cell holds two balls")
    gut = 0
    for name, seat in (gutters or {}).items():
        gut |= (seat + 1) << (2 * (int(name[1:]) - 1))
    return State(red_bb, yellow_bb, gut, bool(displaced), to_move, ply, None, ())


# ---- the rules ---------------------------------------------------------------------------
def initial_state(options: dict) -> State:
    """The start position (Offboard has no options)."""
    return position(_START_RED, _START_YELLOW)


def outcome(state: State) -> Outcome | None:
    """The result once the game is over, else None (computed once per state)."""
    if state._outcome is False:
        state._outcome = _compute_outcome(state)
    return state._outcome


def _compute_outcome(state: State) -> Outcome | None:
    # Checked in the order the rules page gives, the first that applies: points, no-moves, repetition, ply-limit.
    scores = gutter_points(state.gut)
    for seat in (0, 1):
        if scores[seat] >= WIN_POINTS:
            return Outcome(seat, scores, "points")
    if not state.disp:  # with a displaced ball there is always an empty cell to put it on
        own, opp = (state.red, state.yellow) if state.side == 0 else (state.yellow, state.red)
        if generate(own, opp)[1] == 0:
            return Outcome(1 - state.side, scores, "no-moves")
    if state.hist.count(state.key()) >= 2:  # this is its third occurrence
        return Outcome(None, scores, "repetition")
    if state.ply >= PLY_LIMIT:
        return Outcome(None, scores, "ply-limit")
    return None


def current_player(state: State) -> int | None:
    """Seat to move, None when the game is over."""
    return None if outcome(state) is not None else state.side


def ply(state: State) -> int:
    """Moves played since the start."""
    return state.ply


def legal_moves(state: State) -> list[int]:
    """Every legal move; [] when the game is over."""
    if outcome(state) is not None:
        return []
    own, opp = (state.red, state.yellow) if state.side == 0 else (state.yellow, state.red)
    codes = _normal_codes(own, opp)
    if not state.disp:
        return codes
    places = [PLACE | i for i in set_bits(BOARD ^ own ^ opp)]
    return places + [DISCARD | code for code in codes]


def apply_move(state: State, move: int) -> State:
    """The state after a legal move."""
    side = state.side
    own, opp = (state.red, state.yellow) if side == 0 else (state.yellow, state.red)
    gut, disp, final = state.gut, state.disp, False
    played = move
    if move & PLACE:
        own |= 1 << (move & 127)
        disp = False
    else:
        if move & DISCARD:
            move ^= DISCARD
            disp, final = False, True  # the ball leaves play for good
        t, d = move >> 7, move & 127
        s, _k = LINE_GEOMETRY[(t, d)]
        own ^= (1 << t) | (1 << d)
        if opp >> d & 1:  # a push: the opponent line moves on by one
            beyond = d + s
            while opp >> beyond & 1:
                beyond += s
            opp ^= 1 << d
            if BOARD >> beyond & 1:
                opp |= 1 << beyond
            else:
                g, caught = exit_gutter(gut, beyond)
                if caught:
                    gut |= (2 - side) << (2 * g)  # the opponent's ball: code 1 red, 2 yellow
                    final = True
                else:
                    disp = True  # it is its owner's (the next player's) displaced ball
    red, yellow = (own, opp) if side == 0 else (opp, own)
    if final:
        hist = since = ()
    else:
        hist, since = state.hist + (state.key(),), state.since + (played,)
    return State(red, yellow, gut, disp, 1 - side, state.ply + 1, played, hist, since)


# ---- notation ----------------------------------------------------------------------------
def parse_move(text: str) -> int:
    """A move from its notation, in any case (cells and "x+" are lower case); IllegalMove if it is not a move."""
    text = text.strip().lower()
    match = _PLACE_RE.match(text)
    if match:
        cell = match.group(1)
        if cell not in INDEX_OF:
            raise IllegalMove(say(N_("{move}: there is no cell {cell}"), move=text, cell=cell))
        return PLACE | INDEX_OF[cell]
    match = _MOVE_RE.match(text)
    if not match:
        raise IllegalMove(
            say(N_("{move} is not an Offboard move (expected e.g. e7-e4, @c4 or x+e7-e4)"), move=repr(text))
        )
    discard, tail, dest = match.groups()
    for cell in (tail, dest):
        if cell not in INDEX_OF:
            raise IllegalMove(say(N_("{move}: there is no cell {cell}"), move=text, cell=cell))
    t, d = INDEX_OF[tail], INDEX_OF[dest]
    if (t, d) not in LINE_GEOMETRY:
        raise IllegalMove(
            say(N_("{move}: {to} is not in a straight line from {start}"), move=text, to=dest, start=tail)
        )
    return (DISCARD if discard else 0) | (t << 7) | d


def format_move(move: int) -> str:
    """Canonical notation of a move."""
    if move & PLACE:
        return "@" + NAME[move & 127]
    prefix = "x+" if move & DISCARD else ""
    return f"{prefix}{NAME[(move >> 7) & 127]}-{NAME[move & 127]}"


def move_tokens(move_text: str) -> tuple[str, ...]:
    """Tail then destination ("e7-e4" -> e7, e4); "@c4" -> c4 (click the empty cell);
    "x+e7-e4" -> discard, e7, e4. While a displaced ball waits, every plain action sits
    behind "discard", so a cell clicked first can only mean "put the ball here"."""
    move = parse_move(move_text)
    if move & PLACE:
        return (NAME[move & 127],)
    tokens = (NAME[(move >> 7) & 127], NAME[move & 127])
    return ("discard",) + tokens if move & DISCARD else tokens


# ---- serialisation -----------------------------------------------------------------------
def to_json(state: State) -> dict:
    """The full state as JSON data."""
    return {
        "red": [NAME[i] for i in CELL_INDEX if state.red >> i & 1],
        "yellow": [NAME[i] for i in CELL_INDEX if state.yellow >> i & 1],
        "gutters": [gutter_of(state.gut, g) if gutter_of(state.gut, g) >= 0 else None for g in range(12)],
        "displaced": state.disp,
        "side": state.side,
        "ply": state.ply,
        "last_move": format_move(state.last) if state.last is not None else None,
        # Repetition memory: the moves since a ball last left play for good (no earlier
        # position can come back), and the position they start from.
        "history": [format_move(move) for move in state.since],
        "history_start": _key_position(state.hist[0]) if state.hist else None,
    }


def from_json(data: dict) -> State:
    """Inverse of to_json."""
    gutters = {f"G{g + 1}": seat for g, seat in enumerate(data["gutters"]) if seat is not None}
    state = position(data["red"], data["yellow"], data["side"], gutters, data["displaced"], data["ply"])
    moves = data.get("history") or []
    if moves:
        start = data["history_start"]
        replay = position(start["red"], start["yellow"], data["side"] ^ (len(moves) & 1), gutters, start["displaced"])
        for text in moves:
            replay = apply_move(replay, parse_move(text))
        if replay.key() != state.key() or len(replay.since) != len(moves):
            raise ValueError("the stored history does not lead to this position")
        state.hist, state.since = replay.hist, replay.since
    last = data.get("last_move")
    state.last = parse_move(last) if last is not None else None
    return state


# ---- the fast playout --------------------------------------------------------------------
def random_playout(state: State, rng, trace: list | None = None, max_plies: int | None = None) -> tuple[State, int]:
    """Uniformly random play to the end on plain local ints (same rules as apply_move).

    `trace`, if given, receives each move played and the number of moves it was chosen from
    (tests replay it through the public rules). With `max_plies` the playout stops after that
    many plies, and the State returned may be unfinished (the bot's rollouts)."""
    if outcome(state) is not None:
        return state, 0
    bbs = [state.red, state.yellow]
    gut, disp, side, ply, last = state.gut, state.disp, state.side, state.ply, state.last
    scores = list(gutter_points(gut))
    hist = list(state.hist)
    since = list(state.since)
    key = state.key()
    hist.append(key)
    counts = Counter(hist)
    start = ply
    stop = PLY_LIMIT if max_plies is None else min(PLY_LIMIT, ply + max_plies)
    randbelow = rng.randrange
    gen = generate
    while True:
        own = bbs[side]
        opp = bbs[1 - side]
        groups, total = gen(own, opp)
        if disp:
            empty = BOARD ^ own ^ opp
            places = empty.bit_count()
            total += places
        elif not total:
            break  # no-moves
        if counts[key] >= 3 or ply >= stop:
            break  # repetition / ply-limit (or the end of a cut-off playout)
        r = randbelow(total)
        final = False
        if disp:
            disp = False
            if r < places:  # put the displaced ball back: the whole turn
                cell = nth_set_bit(empty, r)
                bbs[side] = own | 1 << cell
                last = PLACE | cell
                r = -1
            else:
                r -= places
                final = True  # discarded for good
        if r >= 0:
            for tails, s, k, m in groups:  # noqa: B007 - the group found is used after the break
                c = tails.bit_count()
                if r < c:
                    break
                r -= c
            t = nth_set_bit(tails, r)
            d = t + k * s
            bbs[side] = own ^ (1 << t) ^ (1 << d)
            last = (t << 7) | d | (DISCARD if final else 0)
            if m:
                beyond = d + m * s
                opp ^= 1 << d
                if BOARD >> beyond & 1:
                    opp |= 1 << beyond
                else:
                    g, fallback = EXIT_GUTTERS[beyond]
                    if (gut >> (2 * g)) & 3 and (fallback < 0 or (gut >> (2 * fallback)) & 3):
                        disp = True
                    else:
                        if (gut >> (2 * g)) & 3:
                            g = fallback
                        gut |= (2 - side) << (2 * g)
                        scores[side] += GUTTER_VALUES[g]
                        final = True
                bbs[1 - side] = opp
        if trace is not None:
            trace.append((last, total))
        ply += 1
        side ^= 1
        if final:
            hist.clear()
            since.clear()
            counts.clear()
        else:
            since.append(last)
        key = (bbs[0], bbs[1], gut, side * 2 + disp)
        hist.append(key)
        counts[key] += 1
        if scores[1 - side] >= WIN_POINTS:
            break
    result = State(bbs[0], bbs[1], gut, disp, side, ply, last, tuple(hist[:-1]), tuple(since))
    return result, ply - start
