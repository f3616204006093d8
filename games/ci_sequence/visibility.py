"""What each viewer may see of a C#I Sequence position: its view, and the game's Visibility (HiddenTiles): the
move list as each seat may read it, and states sampled from a view (the bot searches from them).

Tile ids follow the symbol (0-2 are blue dots), so they never leave the server. Views name a tile on
the board by a public handle: the ply at which it was placed (plus who placed it). A tile placed again
after a push-out gets a new handle, as it would on the table. Memory mode shows a player nothing face
up but its own hand (board symbols and its own past placements hidden).
"""

from __future__ import annotations

import random
from collections import Counter

from games.base import IllegalMove
from games.ci_sequence import geometry as B
from games.ci_sequence.geometry import (
    COLOUR_MASK,
    NAMES,
    SQUARE,
    TILE_COLOUR,
    TILE_SYMBOL,
    TILE_TYPE,
    TYPE_INDEX,
    TYPE_NAMES,
)
from games.ci_sequence.rules import (
    State,
    format_code,
    initial_state,
    is_placement,
    legal_codes,
    outcome,
    parse_move,
    play_code,
    symbol_masks,
)
from games.visibility import Visibility


def redact(text: str) -> str:
    """A placement's notation with its symbol hidden ("Bm@b2" -> "B?@b2"); moves unchanged."""
    if "@" in text:
        return text[0] + "?" + text[2:]
    return text


def _visible(state: State, seat: int | None) -> int:
    """Tiles whose symbol `seat` sees outside its own hand (before the end)."""
    if seat is None or state.memory:
        return 0  # memory mode: only the hand in front of you is face up
    return state.known[seat]


def player_view(state: State, seat: int | None) -> dict:
    """Everything `seat` (None: a spectator) may see now; at the end, everything."""
    return _view(state, seat, reveal=state.over())


def _view(state: State, seat: int | None, reveal: bool) -> dict:
    over = state.over()
    visible = B.ALL_TILES if reveal else _visible(state, seat)
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
        if is_placement(state.last) and (landing < 0 or not visible >> landing & 1):
            last = redact(last)
    result = outcome(state)
    view = {
        "game": "ci-sequence",
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
        "outcome": result.to_json() if result else None,
    }
    if over:
        moons, suns = symbol_masks(state.board)
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


def _reveals(state: State, codes) -> list[set[int]] | None:
    """For each seat, the indices of placements whose tile it could name (replaying `codes`)."""
    s = initial_state({"memory": state.memory})
    revealed: list[set[int]] = [set(), set()]
    for i, code in enumerate(codes):
        if code not in legal_codes(s):
            return None
        p = s.to_move
        s, placed, out_handle = play_code(s, code)
        if placed >= 0:
            revealed[p].add(i)
            if s.known[1 - p] >> placed & 1:
                revealed[1 - p].add(i)
        if out_handle >= 0:  # the receiver saw this tile's face when it came into its hand
            revealed[1 - p].add(out_handle >> 1)
    if (s.board, s.hands, s.ply) != (state.board, state.hands, state.ply):
        return None  # these moves do not lead to this state: know nothing
    return revealed


class HiddenTiles(Visibility):
    """A seat sees the symbols of the tiles in its own hand and of those it has seen face up; spectators see none.

    Once the game is over every symbol is shown.
    """

    hidden = True

    def revealed_view(self, state: State, seat: int | None) -> dict:
        """Every symbol and both hands shown: the match has ended, even if this position did not."""
        return _view(state, seat, reveal=True)

    def history_for(self, state: State, seat: int | None, notations: list[str]) -> list[str]:
        """The move list as `seat` may read it: placements it cannot name show "?" for the symbol."""
        if state.over():
            return list(notations)
        revealed = None
        if seat is not None and not state.memory:
            codes = state.record
            if codes is None or len(codes) != len(notations):  # replay the notations instead
                try:
                    codes = [parse_move(n) for n in notations]
                except IllegalMove:
                    codes = None
            if codes is not None:
                revealed = _reveals(state, codes)
        mine = revealed[seat] if revealed is not None else set()
        return [text if "@" not in text or i in mine else redact(text) for i, text in enumerate(notations)]

    def seen_move(self, state: State, seat: int | None, text: str) -> str:
        """A legal move from `state` as `seat` reads it once played: like `history_for`, a placement of a tile
        the seat cannot name shows "?" for the symbol (in memory mode, every placement)."""
        if "@" not in text:
            return text
        after, placed, _ = play_code(state, parse_move(text))
        if seat is None or state.memory or not after.known[seat] >> placed & 1:
            return redact(text)
        return text

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
            last = parse_move(text)
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

    def alternative_history(
        self, notations: list[str], options: dict, seat: int | None, rng: random.Random
    ) -> list[str] | None:
        """Another legal move list `seat` cannot tell from `notations`; None if there is none.

        The symbols of the tiles that have never been in the seat's hand (every tile, for a spectator) are
        shuffled within each colour, so the counts stay right, and every placement of such a tile is rewritten
        with its new type. Nobody can know the symbol of a tile that was never in their hand.
        """
        state = initial_state(self.game.normalize_options(options))
        held = state.hands[seat] if seat is not None else 0
        placed = []
        for text in notations:
            state, tile, _ = play_code(state, parse_move(text))
            placed.append(tile)
            if seat is not None:
                held |= state.hands[seat]
        new_type = {}
        for colour in (0, 1):
            tiles = [t for t in range(14) if TILE_COLOUR[t] == colour and not held >> t & 1]
            types = [TILE_TYPE[t] for t in tiles]
            if len(set(types)) < 2:
                continue
            shuffled = list(types)
            while shuffled == types:
                rng.shuffle(shuffled)
            new_type.update(zip(tiles, shuffled))
        changed = [
            TYPE_NAMES[new_type[tile]] + text[2:] if tile in new_type else text for text, tile in zip(notations, placed)
        ]
        return None if changed == notations else changed
