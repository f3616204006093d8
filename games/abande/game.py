"""Abande as the site, the bots and the tests know it: its declaration, over the modules beside it."""

from __future__ import annotations

from games.abande import render, rules, views, words
from games.base import Game, Option


class Abande(Game):
    slug = "abande"
    name = "Abande"
    order = 1
    seat_names = rules.COLOUR_NAME
    option_specs = (
        Option("board", "Board", (("square", "Square board (7×7)"), ("hex", "Hexagonal board (37 points)"))),
    )
    draws_by_agreement = True  # equal scores draw
    # Abande's playouts are the slowest of the five (~55-ply games, ~4,000 playouts/s), so its upper levels
    # search less and a level costs about the same CPU time as in the other games (docs/performance.md).
    # Re-measure with `python -m games selfplay abande --a strong --b club -n 2` after a rules speed-up.
    bot_playouts = {"club": 300, "strong": 1000}
    # Offered bot levels: Elo above random play (= 0), from docs/strength (`python -m games ladder abande`).
    bot_strength = {"beginner": 350, "casual": 666, "club": 954, "strong": 1269}

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

    # ---- in words: prompts per phase, results (words.py) ---------------------------------------
    outcome_reasons = words.OUTCOME_REASONS
    reason_words = words.REASONS
    score_unit = words.UNIT
    phase_prompts = words.PROMPTS
    phase_of = staticmethod(words.phase)
    next_step = staticmethod(words.next_step)


GAME = Abande()
