"""Monte Carlo tree search over the rules interface, for every game.

The bot only ever sees a player's view: `game.visibility.sample_state(view, rng)` turns it into a state to search from.

- Perfect information: that state is the exact position and the search is plain UCT (Kocsis & Szepesvári 2006):
  select by  mean + c * sqrt(ln N / n),  expand one untried move, play a random playout, back the result up.
- Hidden information (`game.visibility.hidden`): single-observer information-set MCTS (Cowling, Powley &
  Whitehouse 2012). Every iteration samples a fresh determinisation from the view and descends one shared tree
  whose edges are moves (moves are hashable and round-trip with their notation, so a move object stands for its
  notation); at each node only the moves legal in this determinisation compete, with the parent count N replaced
  by how often the child was available. The bot's own moves at the root do not depend on what it cannot see;
  the search checks that and only ever plays a move legal in every determinisation it sampled.

Rewards are 1 for a win, 0.5 for a draw and 0 for a loss; a node's total is counted for the player who made the
move into it, so every node is judged from the side that chose it (players need not alternate).

Budgets are counted in iterations (one playout each), never in wall-clock time, so the same view and seed give
the same move on any machine. An optional CPU-time cap exists for safety; a search it cuts short is no longer
reproducible.

A game may value a non-terminal state its own way (`Game.bot_rollout`, None by default); otherwise every
iteration plays `game.random_playout` to the end, scored 1 / 0.5 / 0 by the outcome for seat 0.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from math import log, sqrt, tanh

from games.base import Game, Outcome
from games.bot.levels import DEFAULT_LEVEL, Level, get_level, playouts_for

# In the opening a bot varies its play among the root moves searched at least this share as often as the best.
VARIETY_SHARE = 0.5


@dataclass(frozen=True)
class MoveStat:
    """Search statistics of one root move: notation, visits and mean reward for the bot."""

    move: str
    visits: int
    mean: float


@dataclass
class SearchResult:
    """What a search decided and what it spent: `best` in notation, root statistics by visits."""

    best: str
    moves: list[MoveStat] = field(default_factory=list)
    iterations: int = 0
    playouts: int = 0
    reason: str = "search"  # "search", "only-move", "wins-now" or "random"


def _value_function(draw_margin: float, draw0: float = 0.5):
    """`value0(outcome)`: the reward of a finished game for seat 0.

    A draw is worth 0.5, moved by up to `draw_margin` towards the side with the higher reported scores
    (0.5 + margin * tanh((s0 - s1) / 2)). Every game here reports scores where more is better for that seat,
    and in some (Parity) nearly every random playout ends in a limit draw, so the scores are the only signal.
    A bot with contempt passes `draw0`, what any draw is worth for seat 0 to it; the scores then do not count.
    """

    def value0(outcome: Outcome) -> float:
        winner = outcome.winner
        if winner is not None:
            return 1.0 if winner == 0 else 0.0
        if draw0 != 0.5:
            return draw0
        scores = outcome.scores
        if draw_margin and scores is not None and scores[0] != scores[1]:
            return 0.5 + draw_margin * tanh((scores[0] - scores[1]) / 2)
        return 0.5

    return value0


def _with_contempt(rollout, draw0: float):
    """`rollout` with its values bent so that an even position (0.5) is worth `draw0`; 0 and 1 stay put.

    Piecewise linear and increasing, so a better position still scores higher, but a position that is only
    heading for a draw scores what the draw is worth to the bot, not half a win.
    """

    def bent(state, rng):
        v = rollout(state, rng)
        return draw0 + (1.0 - draw0) * (2.0 * v - 1.0) if v > 0.5 else draw0 * 2.0 * v

    return bent


def _rollout_function(game: Game, value0, draw0: float = 0.5):
    """`rollout(state, rng) -> value for seat 0`: the game's hook, else a random playout to the end.

    A hook's estimates are bent for a bot with contempt (`draw0` != 0.5); a playout to the end is valued by
    `value0`, which already gives a draw what it is worth to the bot.
    """
    hook = game.bot_rollout
    if hook is not None:
        return hook if draw0 == 0.5 else _with_contempt(hook, draw0)
    playout = game.random_playout
    outcome = game.outcome

    def rollout(state, rng):
        final, _ = playout(state, rng)
        return value0(outcome(final))

    return rollout


def _deadline(max_seconds: float | None) -> float | None:
    return None if max_seconds is None else time.process_time() + max_seconds


def _backup(path: list, r0: float) -> None:
    """Count one visit on every node of `path`, rewarding each for the player who moved into it."""
    r1 = 1.0 - r0
    for node in path:
        node.n += 1
        node.w += r0 if node.mover == 0 else r1


# ---- perfect information: UCT -------------------------------------------------------------------------------


class _Node:
    """A position in the UCT tree; `w` is the reward total for `mover`, who moved into it."""

    __slots__ = ("move", "mover", "state", "player", "untried", "children", "n", "w", "value0")

    def __init__(self, game: Game, value0, state, move, mover):
        self.move = move
        self.mover = mover
        self.state = state
        self.player = game.current_player(state)
        self.untried = list(game.legal_moves(state)) if self.player is not None else []
        self.children: list[_Node] = []
        self.n = 0
        self.w = 0.0
        self.value0 = value0(game.outcome(state)) if self.player is None else None


def _uct(game: Game, state, budget: int, rng: random.Random, c: float, value0, rollout, deadline: float | None):
    """Run UCT from `state`; return (root stats as (move, visits, total), iterations, playouts)."""
    apply_move = game.apply_move
    randrange = rng.randrange
    root = _Node(game, value0, state, None, None)
    iterations = playouts = 0
    while iterations < budget:
        node = root
        path = [root]
        # Selection: descend through fully expanded nodes.
        while not node.untried and node.children:
            k = c * sqrt(log(node.n))
            best = None
            best_value = -1.0
            for child in node.children:
                n = child.n
                value = child.w / n + k / sqrt(n)
                if value > best_value:
                    best_value = value
                    best = child
            node = best
            path.append(node)
        # Expansion: one untried move, drawn at random (swap-remove keeps it O(1)).
        untried = node.untried
        if untried:
            i = randrange(len(untried))
            move = untried[i]
            untried[i] = untried[-1]
            untried.pop()
            child = _Node(game, value0, apply_move(node.state, move), move, node.player)
            node.children.append(child)
            path.append(child)
            node = child
        # Simulation.
        if node.value0 is not None:
            r0 = node.value0
        else:
            r0 = rollout(node.state, rng)
            playouts += 1
        _backup(path, r0)
        iterations += 1
        if deadline is not None and time.process_time() >= deadline:
            break
    stats = [(child.move, child.n, child.w) for child in root.children]
    return stats, iterations, playouts


# ---- hidden information: single-observer ISMCTS ------------------------------------------------------------


class _InfoNode:
    """A node of the information-set tree: children by move, and how often it was available."""

    __slots__ = ("mover", "children", "n", "w", "avail")

    def __init__(self, mover):
        self.mover = mover
        self.children: dict = {}
        self.n = 0
        self.w = 0.0
        self.avail = 0


class DeterminisationError(RuntimeError):
    """The bot's own legal moves differ between determinisations of its view (a bug in sample_state)."""


def _ismcts(
    game: Game,
    view: dict,
    budget: int,
    rng: random.Random,
    c: float,
    value0,
    rollout,
    deadline: float | None,
    first_state,
    root_legal: list,
):
    """Run SO-ISMCTS from `view`; return (root stats as (move, visits, total), iterations, playouts)."""
    sample_state = game.visibility.sample_state
    current_player = game.current_player
    legal_moves = game.legal_moves
    apply_move = game.apply_move
    outcome = game.outcome
    randrange = rng.randrange
    root = _InfoNode(None)
    root_set = set(root_legal)  # membership only, never iterated
    iterations = playouts = 0
    state = first_state
    while iterations < budget:
        if state is None:
            state = sample_state(view, rng)
        node = root
        path = [root]
        while True:
            player = current_player(state)
            if player is None:
                break
            legal = legal_moves(state)
            if node is root and legal != root_legal and set(legal) != root_set:
                raise DeterminisationError(f"{game.slug}: the bot's legal moves differ between two samples of its view")
            kids = node.children
            untried = [m for m in legal if m not in kids]
            if untried:
                move = untried[randrange(len(untried))]
                child = kids[move] = _InfoNode(player)
                for m in legal:
                    other = kids.get(m)
                    if other is not None:
                        other.avail += 1
                state = apply_move(state, move)
                path.append(child)
                break
            best = best_move = None
            best_value = -1.0
            for m in legal:
                child = kids[m]
                child.avail += 1
                n = child.n
                value = child.w / n + c * sqrt(log(child.avail) / n)
                if value > best_value:
                    best_value = value
                    best = child
                    best_move = m
            state = apply_move(state, best_move)
            node = best
            path.append(node)
        if current_player(state) is None:
            r0 = value0(outcome(state))
        else:
            r0 = rollout(state, rng)
            playouts += 1
        _backup(path, r0)
        iterations += 1
        state = None
        if deadline is not None and time.process_time() >= deadline:
            break
    kids = root.children
    stats = [(m, kids[m].n, kids[m].w) for m in root_legal if m in kids]
    return stats, iterations, playouts


# ---- the public entry points -------------------------------------------------------------------------------


def _wins_now(game: Game, state, player: int, moves: list):
    """A move that ends the game at once with `player` winning, else None (first in move order)."""
    for move in moves:
        after = game.apply_move(state, move)
        if game.current_player(after) is None:
            result = game.outcome(after)
            if result is not None and result.winner == player:
                return move
    return None


def search(
    game: Game,
    view: dict,
    playouts: int,
    seed=0,
    *,
    exploration: float = 0.4,
    temperature: float = 0.0,
    varied_plies: int = 0,
    tactics: bool = True,
    draw_margin: float = 0.0,
    contempt: float = 0.0,
    max_seconds: float | None = None,
) -> SearchResult:
    """Search from the bot's view with a budget of `playouts` iterations and pick a move.

    `seed` is an int/str seed or a random.Random. With temperature 0 the most visited move is played (ties: the
    higher mean, then move order); with temperature T > 0 a move is drawn with weight visits ** (1 / T).
    Before ply `varied_plies` of the game (temperature 0) the move is drawn, by visits, among those visited at
    least VARIETY_SHARE times as often as the best.
    `playouts` = 0 means a uniformly random legal move. `draw_margin` > 0 values a draw by the final scores;
    `contempt` > 0 instead makes every draw worth 0.5 - contempt to the bot, so it plays on for a win.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    state = game.visibility.sample_state(view, rng)
    player = game.current_player(state)
    if player is None:
        raise ValueError(f"{game.slug}: the game is over, there is no move to choose")
    seat = view.get("seat")
    if seat is not None and seat != player:
        raise ValueError(f"{game.slug}: it is seat {player}'s turn, not the bot's seat {seat}")
    if playouts <= 0:
        return SearchResult(rng.choice(game.legal_move_strings(state)), reason="random")
    moves = list(game.legal_moves(state))
    if len(moves) == 1:
        return SearchResult(game.format_move(moves[0]), reason="only-move")
    if tactics and not game.visibility.hidden:
        winning = _wins_now(game, state, player, moves)
        if winning is not None:
            return SearchResult(game.format_move(winning), reason="wins-now")
    deadline = _deadline(max_seconds)
    draw0 = 0.5 - contempt if player == 0 else 0.5 + contempt  # what a draw is worth for seat 0 to the bot
    value0 = _value_function(draw_margin, draw0)
    rollout = _rollout_function(game, value0, draw0)
    if game.visibility.hidden:
        stats, iterations, done = _ismcts(
            game, view, playouts, rng, exploration, value0, rollout, deadline, state, moves
        )
    else:
        stats, iterations, done = _uct(game, state, playouts, rng, exploration, value0, rollout, deadline)
    # Sort by visits, then mean, then move order (stable), so the choice never depends on ties in the tree.
    order = {move: i for i, move in enumerate(moves)}
    stats.sort(key=lambda s: (-s[1], -(s[2] / s[1]), order[s[0]]))
    if temperature > 0:
        weights = [visits ** (1.0 / temperature) for _, visits, _ in stats]
        chosen = rng.choices(stats, weights)[0][0]
    elif game.ply(state) < varied_plies:
        # Vary the opening among the moves the search found about as good as the best, never a clear mistake.
        close = [s for s in stats if s[1] >= VARIETY_SHARE * stats[0][1]]
        chosen = rng.choices(close, [visits for _, visits, _ in close])[0][0]
    else:
        chosen = stats[0][0]
    table = [MoveStat(game.format_move(m), n, w / n) for m, n, w in stats]
    return SearchResult(game.format_move(chosen), table, iterations, done)


def choose_move(
    game: Game, view: dict, level: str | Level = DEFAULT_LEVEL, seed=0, *, max_seconds: float | None = None
) -> str:
    """The bot's move (canonical notation) for the seat whose `view` this is, at `level`; reproducible by seed.

    A level the game plays with its own planner (game.bot_planned) is answered by game.bot_plan instead of the search.
    """
    level = get_level(level)
    depth = game.bot_planned.get(level.name)
    if depth:
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        return game.format_move(game.bot_plan(game.visibility.sample_state(view, rng), depth, rng))
    result = search(
        game,
        view,
        playouts_for(level, game),
        seed,
        exploration=level.exploration,
        temperature=level.temperature,
        varied_plies=level.varied_plies,
        tactics=level.tactics,
        draw_margin=level.draw_margin,
        contempt=game.bot_contempt,
        max_seconds=max_seconds,
    )
    return result.best
