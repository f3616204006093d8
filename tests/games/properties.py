"""Property checks every game shares, run over random games (imported by each game's tests)."""

from __future__ import annotations

import json
import random

from games.base import Game
from games.ui import BoardUI


def random_states(game: Game, options: dict | None, seed: int, max_plies: int = 400):
    """Yield (state, legal moves) along one uniformly random game, ending at the final state."""
    rng = random.Random(seed)
    state = game.initial_state(game.normalize_options(options))
    for _ in range(max_plies):
        moves = game.legal_moves(state)
        yield state, moves
        if not moves:
            return
        state = game.apply_move(state, rng.choice(moves))
    raise AssertionError(f"{game.slug}: no end after {max_plies} plies")


def check_random_games(game: Game, options: dict | None = None, games: int = 20, max_plies: int = 400):
    """Assert the shared invariants of the rules interface over `games` random games."""
    for seed in range(games):
        previous_ply = -1
        for state, moves in random_states(game, options, seed, max_plies):
            # Game over <=> outcome <=> no legal moves.
            over = game.current_player(state) is None
            assert over == (game.outcome(state) is not None), "game over must match outcome"
            assert over == (not moves), "legal moves must be empty exactly when the game is over"
            assert game.ply(state) == previous_ply + 1
            previous_ply = game.ply(state)

            # JSON round trip (and it really is JSON).
            data = game.to_json(state)
            assert json.loads(json.dumps(data)) == data
            again = game.from_json(json.loads(json.dumps(data)))
            assert game.to_json(again) == data
            assert game.legal_move_strings(again) == game.legal_move_strings(state)
            assert game.outcome(again) == game.outcome(state)

            # Legal moves unique and round-tripping through the notation.
            texts = [game.format_move(m) for m in moves]
            assert len(set(texts)) == len(texts), "legal moves must be unique"
            for move, text in zip(moves, texts):
                assert game.parse_move(text) == move
                assert game.format_move(game.parse_move(text)) == text
                assert game.move_tokens(text), "every move must be enterable on the board"

            # apply_move leaves its input unchanged.
            if moves:
                game.apply_move(state, moves[len(moves) // 2])
                assert game.to_json(state) == data, "apply_move must not change its input"

            # Views are JSON and the board renders for every viewer.
            for seat in (0, 1, None):
                view = game.player_view(state, seat)
                json.dumps(view)
                assert isinstance(game.render_board(view, BoardUI()), str)
                assert game.describe(view)


def check_playout_matches_rules(game: Game, options: dict | None = None, games: int = 20):
    """The fast random playout must end in a finished game reachable by the rules."""
    initial = game.initial_state(game.normalize_options(options))
    for seed in range(games):
        final, plies = game.random_playout(initial, random.Random(seed))
        assert game.current_player(final) is None
        assert game.outcome(final) is not None
        assert plies == game.ply(final) - game.ply(initial)
