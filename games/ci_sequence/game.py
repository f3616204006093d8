"""C#I Sequence as the site, the bots and the tests know it: its declaration, over the modules beside it."""

from __future__ import annotations

from games.base import Game, Option
from games.ci_sequence import bot, render, rules, views, words


class CISequence(Game):
    slug = "ci-sequence"
    name = "C#I Sequence"
    order = 5
    seat_names = rules.SEAT_NAMES
    option_specs = (
        Option(
            "memory",
            "Memory",
            ((False, "Show my placed tiles' symbols"), (True, "Memory mode (my placed tiles stay hidden)")),
        ),
    )
    hidden_information = True
    draws_by_agreement = True  # equal scores without a deciding line draw, and so does the ply limit
    # The search gains little from each doubling (hidden tiles blur it, and strong sides often tie), so the
    # levels are 10-16x apart: with the guided rollout 400 v 60 won 47% of 60 games, 1000 v 100 59% of 200,
    # 1600 v 100 62.5% of 200. Strong (3,200) scored only +60 Elo over club, so it is not offered; ten times club
    # (16,000, about 3-4 CPU-seconds a move) could not be measured in a session (docs/performance.md).
    bot_playouts = {"beginner": 10, "casual": 100, "club": 1600, "strong": 3200}
    # Offered bot levels: Elo above random play (= 0), from docs/strength (`python -m games ladder ci-sequence`).
    bot_strength = {"beginner": 164, "casual": 405, "club": 603}

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
    token_label = staticmethod(rules.token_label)

    # ---- what a viewer sees (views.py, render.py) ---------------------------------------------
    player_view = staticmethod(views.player_view)
    revealed_view = staticmethod(views.revealed_view)
    history_for = staticmethod(views.history_for)
    seen_move = staticmethod(views.seen_move)
    sample_state = staticmethod(views.sample_state)
    describe = staticmethod(render.describe)
    render_board = staticmethod(render.render_board)
    board_key = render.KEY

    def alternative_history(self, notations, options, seat, rng):
        return views.alternative_history(notations, self.normalize_options(options), seat, rng)

    # ---- playouts and the bot (bot.py) -------------------------------------------------------
    random_playout = staticmethod(bot.random_playout)
    bot_rollout = staticmethod(bot.rollout)

    # ---- in words: prompts per phase, results (words.py) ---------------------------------------
    outcome_reasons = words.OUTCOME_REASONS
    reason_words = words.REASONS
    score_unit = words.UNIT
    phase_prompts = words.PROMPTS
    phase_of = staticmethod(words.phase)
    next_step = staticmethod(words.next_step)


GAME = CISequence()
