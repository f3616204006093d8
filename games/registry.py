"""The registry of games: every package under games/ whose `rules` module defines `GAME`."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from games.base import Game

# Display order in the lobby; a discovered game not listed here comes after these.
ORDER = ["abande", "abrana", "offboard", "parity", "ci-sequence"]


@cache
def all_games() -> dict[str, Game]:
    """Every registered game by slug, in display order."""
    import games

    found: dict[str, Game] = {}
    for info in pkgutil.iter_modules(games.__path__):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"games.{info.name}.rules")
        except ModuleNotFoundError as error:
            if error.name == f"games.{info.name}.rules":
                continue  # a support package (e.g. the bot), not a game
            raise
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.slug] = game
    rank = {slug: i for i, slug in enumerate(ORDER)}
    return dict(sorted(found.items(), key=lambda item: (rank.get(item[0], len(ORDER)), item[0])))


def get_game(slug: str) -> Game:
    """The game with this slug; KeyError if there is none."""
    return all_games()[slug]
