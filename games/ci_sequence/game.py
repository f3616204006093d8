"""C#I Sequence as the site, the bots and the tests know it: its declaration, over the modules beside it."""

from __future__ import annotations

from games.base import Game, Option
from games.ci_sequence import playouts, render, rules, visibility, words
from games.messages import N_


class CISequence(Game, modules=(rules, visibility, render, playouts, words)):
    slug = "ci-sequence"
    name = "C#I Sequence"
    order = 5
    seat_names = rules.SEAT_NAMES
    option_specs = (
        Option(
            "memory",
            N_("Memory"),
            ((False, N_("Show my placed tiles' symbols")), (True, N_("Memory mode (my placed tiles stay hidden)"))),
        ),
    )
    visibility_type = visibility.HiddenTiles  # the symbols a seat has not seen stay hidden
    draws_by_agreement = True  # equal scores without a deciding line draw, and so does the ply limit
    # The search gains little from each doubling (hidden tiles blur it, and strong sides often tie), so the
    # levels are 10-16x apart: with the guided rollout 400 v 60 won 47% of 60 games, 1000 v 100 59% of 200,
    # 1600 v 100 62.5% of 200. Strong (3,200) scored only +60 Elo over club, so it is not offered; ten times club
    # (16,000, about 3-4 CPU-seconds a move) could not be measured in a session (docs/performance.md).
    bot_playouts = {"beginner": 10, "casual": 100, "club": 1600, "strong": 3200}
    # Offered bot levels: Elo above random play (= 0), from docs/strength (`python -m games ladder ci-sequence`).
    bot_strength = {"beginner": 164, "casual": 405, "club": 603}


GAME = CISequence()
