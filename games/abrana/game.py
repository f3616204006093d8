"""Abrana as the site, the bots and the tests know it: its declaration, over the modules beside it."""

from __future__ import annotations

from games.abrana import render, rules, views, words
from games.base import Game


class Abrana(Game):
    slug = "abrana"
    name = "Abrana"
    order = 2
    seat_names = rules.SEAT_NAMES
    draws_by_agreement = True  # equal marker counts draw
    # Offered bot levels: Elo above random play (= 0), from docs/strength (`python -m games ladder abrana`).
    bot_strength = {"beginner": 424, "casual": 743, "club": 1052, "strong": 1333}

    def seat_roles(self, options=None) -> tuple[str, str]:
        # Green (seat 1) reserves two squares before anything else; Red takes the first regular turn.
        return ("makes the first regular move", "makes the first setup move")

    # ---- the rules (rules.py) --------------------------------------------------------------
    def initial_state(self, options=None):
        return rules.initial_state(self.normalize_options(options))

    current_player = staticmethod(rules.current_player)
    legal_moves = staticmethod(rules.legal_moves)
    apply_move = staticmethod(rules.apply_move)
    outcome = staticmethod(rules.outcome)
    ply = staticmethod(rules.ply)
    parse_move = staticmethod(rules.parse_move)
    format_move = staticmethod(rules.format_move)
    to_json = staticmethod(rules.to_json)
    from_json = staticmethod(rules.from_json)
    move_tokens = staticmethod(rules.move_tokens)
    click_orders = staticmethod(rules.click_orders)
    random_playout = staticmethod(rules.random_playout)

    # ---- what a viewer sees (views.py, render.py) ---------------------------------------------
    player_view = staticmethod(views.player_view)
    describe = staticmethod(render.describe)
    render_board = staticmethod(render.render_board)
    board_key = render.KEY

    # ---- in words: prompts per phase, results (words.py) ---------------------------------------
    outcome_reasons = words.OUTCOME_REASONS
    reason_words = words.REASONS
    score_unit = words.UNIT
    unscored_reasons = words.UNSCORED
    phase_prompts = words.PROMPTS
    phase_of = staticmethod(words.phase)
    next_step = staticmethod(words.next_step)


GAME = Abrana()
