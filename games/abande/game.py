"""Abande as the site, the bots and the tests know it: its declaration, over the modules beside it."""

from __future__ import annotations

from games.abande import render, rules, visibility, words
from games.base import Game, Option
from games.messages import N_


class Abande(Game, modules=(rules, visibility, render, words)):
    slug = "abande"
    name = "Abande"
    order = 1
    seat_names = rules.COLOUR_NAME
    option_specs = (
        Option(
            "board", N_("Board"), (("square", N_("Square board (7×7)")), ("hex", N_("Hexagonal board (37 points)")))
        ),
    )
    draws_by_agreement = True  # equal scores draw
    # Abande's playouts are the slowest of the five (~55-ply games, ~4,000 playouts/s), so its upper levels
    # search less and a level costs about the same CPU time as in the other games (docs/performance.md).
    # Re-measure with `python -m games selfplay abande --a strong --b club -n 2` after a rules speed-up.
    bot_playouts = {"club": 300, "strong": 1000}
    # Offered bot levels: Elo above random play (= 0), from docs/strength (`python -m games ladder abande`).
    bot_strength = {"beginner": 350, "casual": 666, "club": 954, "strong": 1269}


GAME = Abande()
