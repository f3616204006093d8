"""Endings: every way a match ends other than by a move, each followed by what an ending causes.

Each wraps play's compare-and-set ending (`daymove.play.endings`) in one transaction with `finish`.
"""

from __future__ import annotations

from django.db import transaction

from daymove.clocks.services import stop_clock
from daymove.ladders.results import apply_ladder_result
from daymove.plans.engine import close_plans
from daymove.play import admin_actions, endings, signals
from daymove.play.models import Match
from daymove.ratings.mass_timeouts import keep_opponents_ratings
from daymove.ratings.updates import rate_match
from daymove.round import leagues


def finish(match: Match) -> None:
    """What an ending causes, in order, in the transaction that ended `match`; then it is announced."""
    rate_match(match)
    keep_opponents_ratings(match)  # after the rating: it may take back what the rating just gave
    stop_clock(match)
    close_plans(match)
    leagues.after_ending(match)  # a league game's table; a second timeout withdraws the player
    apply_ladder_result(match)  # a ladder game's places, in the order games end; strikes
    signals.match_finished.send(sender=Match, match=match)


def end_match(match: Match, winner: int | None, reason: str, **options) -> Match:
    """End an active match as `daymove.play.endings.end_match` does (same options), followed by `finish`."""
    with transaction.atomic():
        match = endings.end_match(match, winner, reason, **options)
        finish(match)
    return match


def resign(match_id, user) -> Match:
    """End the match as a loss for `user`; Refused if it is not theirs or already over."""
    with transaction.atomic():
        match = endings.resign(match_id, user)
        finish(match)
    return match


def abort(match: Match) -> Match:
    """The admin ends an active match with no result (not rated)."""
    with transaction.atomic():
        match = admin_actions.abort(match)
        finish(match)
    return match


def declare_result(match: Match, winner: int | None, reason: str) -> Match:
    """The moderators end an active match with this winner (None: a draw) for `reason`; rated like any result."""
    with transaction.atomic():
        match = admin_actions.declare_result(match, winner, reason)
        finish(match)
    return match
