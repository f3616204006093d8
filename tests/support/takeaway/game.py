"""Take-away as the site, the bots and the tests know it: its declaration, over the modules beside it."""

from __future__ import annotations

from games.base import Game, Option
from tests.support.takeaway import render, rules


class TakeAway(Game):
    slug = "take-away"
    name = "Take-away"
    order = 99
    seat_names = rules.SEAT_NAMES
    option_specs = (Option("counters", "Row", ((7, "7 counters"), (10, "10 counters"))),)
    draws_by_agreement = False  # someone always takes the last counter

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
    player_view = staticmethod(rules.player_view)
    describe = staticmethod(render.describe)
    render_board = staticmethod(render.render_board)

    def move_tokens(self, move_text: str) -> tuple[str, ...]:
        return (self.format_move(self.parse_move(move_text)),)

    def token_label(self, token: str) -> str:
        return f"Take {token}"


GAME = TakeAway()
