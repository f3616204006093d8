"""Abrana as the site, the bots and the tests know it: its declaration, over the modules beside it."""

from __future__ import annotations

from games.abrana import render, rules, visibility, words
from games.base import Game
from games.messages import N_


class Abrana(Game, modules=(rules, visibility, render, words)):
    slug = "abrana"
    name = "Abrana"
    order = 2
    seat_names = rules.SEAT_NAMES
    draws_by_agreement = True  # equal marker counts draw
    # Offered bot levels: Elo above random play (= 0), from docs/strength (`python -m games ladder abrana`).
    bot_strength = {"beginner": 424, "casual": 743, "club": 1052, "strong": 1333}

    def seat_roles(self, options=None) -> tuple[str, str]:
        # Green (seat 1) reserves two squares before anything else; Red takes the first regular turn.
        return (N_("makes the first regular move"), N_("makes the first setup move"))


GAME = Abrana()
