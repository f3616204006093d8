"""Take-away as the site, the bots and the tests know it: its declaration, over the modules beside it."""

from __future__ import annotations

from games.base import Game, Option
from tests.support.takeaway import render, rules


class TakeAway(Game, modules=(rules, render)):
    slug = "take-away"
    name = "Take-away"
    order = 99
    seat_names = rules.SEAT_NAMES
    option_specs = (Option("counters", "Row", ((7, "7 counters"), (10, "10 counters"))),)
    draws_by_agreement = False  # someone always takes the last counter

    def move_tokens(self, move_text: str) -> tuple[str, ...]:
        return (self.format_move(self.parse_move(move_text)),)

    def token_label(self, token: str) -> str:
        return f"Take {token}"


GAME = TakeAway()
