"""What each seat may see of a game's positions: perfect information unless a game declares its own Visibility.

A game with hidden information (C#I Sequence) subclasses `Visibility` once, in its package's `visibility.py`,
and names it on its declaration (`Game.visibility_type`); every page, email, export and bot search then reads
a position only through it. The view itself (`Game.player_view`) is each game's own.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.base import Game

State = Any  # the game's own state type (games/base.py)


class Visibility:
    """Perfect information: every seat and every spectator sees the whole position and every move as played."""

    hidden = False  # whether some seat is kept from seeing part of a position (the leak tests cover those games)

    def __init__(self, game: Game) -> None:
        self.game = game

    def history_for(self, state: State, seat: int | None, notations: list[str]) -> list[str]:
        """The move list as `seat` may read it: here, whole."""
        return list(notations)

    def seen_move(self, state: State, seat: int | None, text: str) -> str:
        """The legal move `text` from `state` as `seat` reads it once played (as `history_for` shows it)."""
        return text

    def revealed_view(self, state: State, seat: int | None) -> dict:
        """The view of a position of a match that has ended (replays, resignations): nothing is secret."""
        return self.game.player_view(state, seat)

    def sample_state(self, view: dict, rng: random.Random) -> State:
        """A full state consistent with a player's view (bots search from it): a whole view holds it under "state"."""
        return self.game.from_json(view["state"])

    def alternative_history(
        self, notations: list[str], options: dict, seat: int | None, rng: random.Random
    ) -> list[str] | None:
        """Another legal move list `seat` cannot tell from `notations`, or None: with nothing hidden there is none."""
        return None
