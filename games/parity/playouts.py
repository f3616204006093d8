"""Parity's bot: the rollout that values a position for the search (games/bot/mcts.py's hook)."""

from __future__ import annotations

import random
from math import tanh

from games.parity.geometry import CAPTURE_SPAN, HEIGHT, SIZE, WIDTH
from games.parity.rules import NO_CAPTURE_LIMIT, State, playout

# The rollout: plies of guided play before scoring, and the steepness of the material score.
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


def bot_rollout(state: State, rng: random.Random) -> float:
    """The MCTS rollout hook: the value for White (seat 0), in [0, 1], of `state`.

    Why not a random playout to the end: uniformly random play from the start practically
    never captures enough to finish, so every playout ended in the 60-ply no-capture draw
    and the bot could not tell good moves from bad (it drew against a random mover). Here
    a short guided playout (captures first, mostly no hanging pieces; see guided_pick) is
    scored by material: 0.5 + 0.5 * tanh(ROLLOUT_K * lead * urgency), where lead = White's
    pieces - Black's at the end of the playout plus ROLLOUT_ADVANCE per rank White's pieces
    stand further forward than Black's at the start (contact is where captures come from),
    and urgency = the share of the no-capture limit still left, so a lead counts for less as
    the draw approaches and the bot is pushed to capture soon. A game that ends within the
    playout scores its true result, 1 / 0.5 / 0 (a draw is 0.5 whatever the material).
    """
    final, _ = playout(state, rng, None, ROLLOUT_PLIES, guided_pick)
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


def guided_pick(moves: list, board: list, side: int, caps, ecaps, efwd: int, rand):
    """The playout policy of the rollout: always take a capture (a random one) if there is one.
    Otherwise, with probability ROLLOUT_CARELESS, a uniformly random step (real opponents
    blunder); else a safe step (one that hangs no piece to an immediate capture), preferring one
    that threatens a capture, else half the time a step straight ahead, towards contact; a
    random step if none is safe.

    The safety test looks only at the two squares a step changes: the piece's new square (can
    an enemy jump it?) and the square it left (was it the landing square that kept a friend
    behind it safe?); a step changes nothing else, and the piece count, hence the gates, stays.
    `caps`/`ecaps` are the mover's/enemy's capture tables at this piece count, `efwd` the
    enemy's forward direction. Captures are always listed after the steps."""
    if abs(moves[-1][1] - moves[-1][0]) == CAPTURE_SPAN:
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
