"""C#I Sequence's playouts (uniformly random for the bench, guided for the bot) and the bot's rollout value."""

from __future__ import annotations

import random
from math import tanh

from games.ci_sequence import geometry as B
from games.ci_sequence.geometry import (
    COLOUR_MASK,
    PUSH_CODE,
    PUSH_LEAVES,
    PUSHES,
    STEP_CODE,
    STEP_FROM,
    STEP_TO,
    TILE_COLOUR,
    TILE_SYMBOL,
    TYPE_MASK,
    TYPES_IN_HAND,
    options,
)
from games.ci_sequence.rules import PLY_LIMIT, State, outcome, symbol_masks


def random_playout(state: State, rng: random.Random) -> tuple[State, int]:
    """Uniformly random legal moves to the end, on mutable locals (see _playout)."""
    return _playout(state, rng, 1, False)


def guided_playout(state: State, rng: random.Random) -> State:
    """A playout by a greedy policy: best of GUIDED_PICKS random moves, final tiles placed greedily.

    Uniformly random playouts place the final-phase tiles anywhere and build pairs only by
    luck, so their results say little about a position. Here each ply of normal play draws
    GUIDED_PICKS uniform legal moves (as random_playout does) and plays the one that most raises
    the mover's pair count minus the opponent's (the first drawn on ties, so the choice stays
    random among equals); in the final phase, where nothing can disturb a placement, it plays the
    best placement of all (random among the best). Symbols are read from the (sampled) state.
    """
    return _playout(state, rng, GUIDED_PICKS, True)[0]


def bot_rollout(state: State, rng: random.Random) -> float:
    """The MCTS rollout hook: a guided playout to the end, valued for the moon player (seat 0).

    Why not the bare result: a bot that only counts wins is content to lead by 2, and then the
    tiles it cannot see (or a lucky pair of the opponent's) turn enough of those games into
    ties: against random play, 9 in 100 of its games were 4-4 draws, and between bot levels a
    third of the games were ties. So the value blends the result with the score margin:
    (1 - ROLLOUT_MARGIN_WEIGHT) * (1 / 0.5 / 0) +
    ROLLOUT_MARGIN_WEIGHT * (0.5 + 0.5 * tanh(margin / ROLLOUT_MARGIN_SCALE)); a win is
    still always worth more than a draw, and a draw more than a loss.
    """
    final = outcome(guided_playout(state, rng))
    result = 0.5 if final.winner is None else 1.0 - final.winner
    margin = final.scores[0] - final.scores[1]
    return (1.0 - ROLLOUT_MARGIN_WEIGHT) * result + ROLLOUT_MARGIN_WEIGHT * (
        0.5 + 0.5 * tanh(margin / ROLLOUT_MARGIN_SCALE)
    )


# ---- the playout engine -------------------------------------------------------------------------------
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
    syms = [0, *symbol_masks(board)] if track else None  # square masks by symbol: dots, moons, suns
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
                    syms = [0, *symbol_masks(board)]
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
