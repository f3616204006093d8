"""Parity as the site, the bots and the tests know it: its declaration, over the modules beside it."""

from __future__ import annotations

from games.base import Game, Option
from games.parity import bot, planner, render, rules, views, words


class Parity(Game):
    slug = "parity"
    name = "Parity"
    order = 4
    seat_names = rules.SEAT_NAMES
    # The text says to decide the first player at random, so it is not chosen in a challenge.
    option_specs = (
        Option("first", "First player", ((0, "White moves first"), (1, "Black moves first")), drawn_at_start=True),
    )
    draws_by_agreement = True  # drawn by repetition and by the no-capture limit
    # Without contempt the bots took a repetition or the 60-ply draw while ahead on pieces; valuing a draw at
    # 0.2, more of their games end in a win (docs/performance.md, Parity).
    bot_contempt = 0.3
    # Bots at the same budget draw each other, so the top level plans instead (planner.py: 4-ply expectimax).
    bot_planned = {"strong": 4}
    # Offered bot levels: Elo above random play (= 0), from docs/strength (`python -m games ladder parity`).
    bot_strength = {"beginner": 141, "strong": 297}

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
    random_playout = staticmethod(rules.random_playout)

    # ---- what a viewer sees (views.py, render.py) ---------------------------------------------
    player_view = staticmethod(views.player_view)
    describe = staticmethod(render.describe)
    render_board = staticmethod(render.render_board)
    board_key = render.KEY

    # ---- the bot (bot.py, planner.py) -----------------------------------------------------------
    bot_rollout = staticmethod(bot.rollout)
    bot_plan = staticmethod(planner.choose)

    # ---- in words: prompts per phase, results (words.py) ---------------------------------------
    outcome_reasons = words.OUTCOME_REASONS
    reason_words = words.REASONS
    score_unit = words.UNIT
    phase_prompts = words.PROMPTS
    phase_of = staticmethod(words.phase)
    next_step = staticmethod(words.next_step)


GAME = Parity()
