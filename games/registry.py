"""The registry of games: every package under games/ whose `game` module defines `GAME`, plus any registered."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from games.base import Game

_registered: dict[str, Game] = {}  # games added at run time (a test's own game), by slug


@cache
def _discovered() -> dict[str, Game]:
    """The games packaged under games/, by slug."""
    import games

    found: dict[str, Game] = {}
    for info in pkgutil.iter_modules(games.__path__):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"games.{info.name}.game")
        except ModuleNotFoundError as error:
            if error.name == f"games.{info.name}.game":
                continue  # a support package (e.g. the bot), not a game
            raise
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.slug] = game
    return found


def all_games() -> dict[str, Game]:
    """Every game by slug, in display order (each game's `order`, then its slug)."""
    games = _discovered() | _registered
    return dict(sorted(games.items(), key=lambda item: (item[1].order, item[0])))


def get_game(slug: str) -> Game:
    """The game with this slug; KeyError if there is none."""
    game = _registered.get(slug) or _discovered().get(slug)
    if game is None:
        raise KeyError(slug)
    return game


@contextmanager
def registered(game: Game) -> Iterator[Game]:
    """Add a game defined elsewhere (a test's own game) for the duration of the block."""
    if game.slug in _discovered() or game.slug in _registered:
        raise ValueError(f"a game called {game.slug!r} is registered already")
    _registered[game.slug] = game
    try:
        yield game
    finally:
        del _registered[game.slug]
