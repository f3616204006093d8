"""What the game tests share: random games, the rules command run in-process, every registered game's cases."""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
from collections.abc import Iterator

import pytest
from django.urls import reverse

from daymove.round import moves
from games.base import Game
from games.cli import replay
from games.registry import all_games
from tests.factories import MatchFactory


def random_states(game: Game, options: dict | None = None, seed: int = 0, max_plies: int = 1000) -> Iterator:
    """Yield (state, legal moves) along one uniformly random game, ending with the final state ([] moves)."""
    rng = random.Random(seed)
    state = game.initial_state(options)
    for _ in range(max_plies):
        moves = game.legal_moves(state)
        yield state, moves
        if not moves:
            return
        state = game.apply_move(state, rng.choice(moves))
    raise AssertionError(f"{game.slug}: no end after {max_plies} plies")


def random_position(game: Game, options: dict | None, rng: random.Random, plies: int):
    """The position after `plies` uniformly random moves from the start, or the end if it comes first."""
    state = game.initial_state(options)
    for _ in range(plies):
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.apply_move(state, rng.choice(moves))
    return state


def replay_cli(slug: str, text: str, options: str | None = None) -> tuple[int, list[dict]]:
    """`python -m games replay` run in this process on `text`: its exit status and the JSON lines it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = replay(slug, options, io.StringIO(text))
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def game_cases(chosen_only: bool = False, hidden_only: bool = False) -> list:
    """pytest params for every registered game with every combination of its options, named slug[-option...]."""
    cases = []
    for game in all_games().values():
        if hidden_only and not game.visibility.hidden:
            continue
        for options in game.option_combinations(chosen_only):
            name = "-".join([game.slug, *(f"{key}={value}" for key, value in options.items())])
            cases.append(pytest.param(game, options, id=name))
    return cases


def rules_page_text(client, slug: str) -> str:
    """The words of a game's rules page (its article, tags dropped, spaces collapsed, lower case)."""
    response = client.get(reverse("rules", args=[slug]))
    assert response.status_code == 200
    page = response.content.decode()
    start = page.index('<article class="rules')
    article = page[start : page.index("</article>", start)]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", article)).lower()


def played_match(slug: str, first, second, plies: int = 4, seed: int = 3, options: dict | None = None):
    """A match of `slug` between two users a few random moves in, played through the site, `first` to move."""
    rules = all_games()[slug]
    match = MatchFactory(game=slug, player0=first, player1=second, options=rules.normalize_options(options or {}))
    rng = random.Random(seed)
    while match.is_active and (match.ply < plies or match.players[match.to_move] != first):
        text = rng.choice(rules.legal_move_strings(match.position()))
        match = moves.submit_move(match.pk, match.players[match.to_move], text, match.ply).match
    return match
