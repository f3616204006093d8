"""The invariant "moves are the record": replaying a match's moves must give its cached position."""

from __future__ import annotations

from daymove.play.models import Match
from games.base import RulesError


def replay_mismatch(match: Match, notations: list[str]) -> str | None:
    """Why the cached position differs from the replayed moves, or None when they agree."""
    rules = match.rules
    state = rules.initial_state(match.options)
    for ply, text in enumerate(notations):
        try:
            state = rules.play(state, text)
        except RulesError as error:
            return f"move {ply} ({text}) does not replay: {error}"
    if len(notations) != match.ply:
        return f"{len(notations)} moves recorded but the match is at ply {match.ply}"
    if rules.to_json(state) != match.state:
        return "the cached position differs from the replayed moves"
    if match.is_active and rules.current_player(state) != match.to_move:
        return "the cached side to move differs from the replayed moves"
    return None


def check_all_matches():
    """Yield (match, problem) for every match whose cache disagrees with its moves."""
    for match in Match.objects.select_related("player0", "player1").iterator():
        problem = replay_mismatch(match, match.notations())
        if problem:
            yield match, problem
