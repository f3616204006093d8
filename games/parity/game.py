"""Parity as the site, the bots and the tests know it: its declaration, over the modules beside it."""

from __future__ import annotations

from games.base import Game, Option
from games.messages import N_
from games.parity import planner, playouts, render, rules, visibility, words


class Parity(Game, modules=(rules, visibility, render, playouts, planner, words)):
    slug = "parity"
    name = "Parity"
    order = 4
    seat_names = rules.SEAT_NAMES
    # The text says to decide the first player at random, so it is not chosen in a challenge.
    option_specs = (
        Option(
            "first",
            N_("First player"),
            ((0, N_("White moves first")), (1, N_("Black moves first"))),
            drawn_at_start=True,
        ),
    )
    draws_by_agreement = True  # drawn by repetition and by the no-capture limit
    # Without contempt the bots took a repetition or the 60-ply draw while ahead on pieces; valuing a draw at
    # 0.2, more of their games end in a win (docs/performance.md, Parity).
    bot_contempt = 0.3
    # Bots at the same budget draw each other, so the top level plans instead (planner.py: 4-ply expectimax).
    bot_planned = {"strong": 4}
    # Offered bot levels: Elo above random play (= 0), from docs/strength (`python -m games ladder parity`).
    bot_strength = {"beginner": 141, "strong": 297}


GAME = Parity()
