"""What a change to a match causes, recorded in the same transaction as the change.

The move service and the challenge service call these inside their transactions; each line here
records work (outbox jobs, clock changes, rating updates) so that it is neither lost nor doubled.
"""

from __future__ import annotations

from daymove.play.models import Match

# Handlers are imported inside the functions: they use the move service, which imports this module.


def after_challenge(challenge, time_control: dict | None) -> None:
    """A challenge has just been created: store its time control (Refused if not allowed), tell its opponent."""
    from daymove.clocks.services import set_challenge_terms
    from daymove.notify.events import challenge_created

    set_challenge_terms(challenge, time_control)
    challenge_created(challenge)


def after_start(match: Match) -> None:
    """A match has just been created from an accepted challenge."""
    from daymove.clocks.services import start_clock
    from daymove.notify.events import match_started
    from daymove.play.bots import schedule_bot_turn

    schedule_bot_turn(match)
    start_clock(match)
    match_started(match)


def after_move(match: Match) -> None:
    """A move has just been applied (the match row holds the new position; it may have ended)."""
    from daymove.clocks.services import after_move as charge_clock
    from daymove.notify.events import turn_passed
    from daymove.play.bots import schedule_bot_turn
    from daymove.play.draws import lapse_draw_offer

    schedule_bot_turn(match)
    lapse_draw_offer(match)
    if not match.is_active:
        after_finish(match)
        return
    charge_clock(match)
    turn_passed(match)


def after_draw_offer(match: Match, seat: int) -> None:
    """`seat` has just offered a draw: tell the opponent."""
    from daymove.notify.events import draw_offered

    draw_offered(match, seat)


def after_finish(match: Match) -> None:
    """A match has just ended (by a move, resignation, timeout or an admin)."""
    from daymove.clocks.services import stop_clock
    from daymove.notify.events import match_finished
    from daymove.ratings.updates import rate_match

    rate_match(match)
    stop_clock(match)
    match_finished(match)


def after_clock_change(match: Match) -> None:
    """A running deadline has moved (a vacation was booked or cancelled): reminders move with it."""
    from daymove.notify.events import schedule_reminders

    schedule_reminders(match)
