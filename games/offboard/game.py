"""Offboard as the site, the bots and the tests know it: its declaration, over the modules beside it."""

from __future__ import annotations

import random

from games.base import Game
from games.messages import N_, Message, say
from games.offboard import playouts, render, rules, visibility, words


class Offboard(Game, modules=(rules, visibility, render, playouts, words)):
    slug = "offboard"
    name = "Offboard"
    order = 3
    seat_names = rules.SEATS
    draws_by_agreement = True  # drawn by repetition and by the ply limit
    # Offered bot levels: Elo above random play (= 0), from docs/strength (`python -m games ladder offboard`).
    bot_strength = {"beginner": 402, "casual": 680, "club": 938, "strong": 1469}

    def token_label(self, token: str) -> Message | str:
        return say(N_("Discard the displaced ball")) if token == "discard" else token

    def sample_game(self, options: dict, tries: int = 40) -> list[str]:
        """A short game that pushes balls into gutters and, once, into an occupied one (a displaced ball).

        Random games almost never displace a ball, so this one pushes whenever it can eject a ball, and
        prefers ejections into an occupied gutter.
        """
        best = None
        for seed in range(tries):
            rng, state, played = random.Random(seed), self.initial_state(options), []
            while self.current_player(state) is not None and len(played) < 200:
                moves = self.legal_moves(state)
                normal = [m for m in moves if self.format_move(m)[0] not in "@x"]
                previews = {m: visibility.preview(state, m) for m in normal}
                displacing = [m for m in normal if previews[m]["displaced"]]
                ejecting = [m for m in normal if previews[m]["ejected"] is not None]
                move = rng.choice(displacing or ejecting or moves)
                state = self.apply_move(state, move)
                played.append(self.format_move(move))
            shows_displaced = any(m.startswith(("@", "x+")) for m in played)
            if self.current_player(state) is None and shows_displaced and (best is None or len(played) < len(best)):
                best = played
        return best


GAME = Offboard()
