"""Positions on an analysis board, from what its owner may know.

In a match with hidden information that is still on, the board starts from the owner's own view of
the chosen position, the unknown parts drawn at random (`Visibility.sample_state`, seeded by the match and
the ply, so a line replays the same every time): nothing the owner cannot know goes in. The
opponent's moves are offered and stored as the owner would read them (`Visibility.seen_move`): "O?@b2"
stands for any tile of that colour the opponent might place there.
"""

from __future__ import annotations

import random

from django.utils.translation import gettext

from daymove.errors import Refused
from daymove.play.match_board import replay_state
from daymove.play.models import Match
from games.base import RulesError


def is_hidden(match: Match) -> bool:
    """Whether positions of this match hide something from its players (only while it is on)."""
    return match.is_active and match.rules.visibility.hidden


def start(match: Match, notations: list[str], seat: int | None, root_ply: int):
    """The analysis board's starting state: the position after `root_ply` moves, as `seat` may know it."""
    state = replay_state(match, notations, root_ply)
    if not is_hidden(match):
        return state
    rules = match.rules
    return rules.visibility.sample_state(rules.player_view(state, seat), random.Random(f"{match.pk}:{root_ply}"))


def offered(match: Match, state, seat: int | None) -> list[str]:
    """The moves the board offers in `state`, the opponent's as `seat` would read them; sorted."""
    rules = match.rules
    if rules.current_player(state) is None:
        return []
    legal = rules.legal_move_strings(state)
    if not is_hidden(match) or rules.current_player(state) == seat:
        return legal
    return sorted({rules.visibility.seen_move(state, seat, text) for text in legal})


def _canonical(rules, text: str) -> str:
    try:
        return rules.format_move(rules.parse_move(text))
    except RulesError:
        return text  # not the game's notation: perhaps a move as a player reads it ("O?@b2")


def step(match: Match, state, seat: int | None, text: str) -> tuple[str, object]:
    """The move `text` played on the board: (the move as stored, the state after); Refused if it is not legal."""
    rules = match.rules
    text = _canonical(rules, text.strip())
    mover = rules.current_player(state)
    if mover is not None:
        for legal in rules.legal_move_strings(state):
            seen = rules.visibility.seen_move(state, seat, legal)
            if text in (legal, seen):
                # The owner's own moves are kept whole (they are the replies a plan plays), the opponent's as seen.
                stored = seen if is_hidden(match) and mover != seat else legal
                return stored, rules.apply_move(state, rules.parse_move(legal))
    raise Refused(gettext("“%(move)s” is not a legal move in this position of your analysis.") % {"move": text})


def walk(match: Match, state, seat: int | None, path) -> list:
    """The states along `path` from `state` (first the start); Refused if a move of it is not legal."""
    states = [state]
    for text in path:
        state = step(match, state, seat, text)[1]
        states.append(state)
    return states
