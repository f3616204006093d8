"""What happened in play, announced inside the transaction of the change once everything it causes is recorded.

What a change causes (a clock, a rating, a bot's turn, a planned reply) `daymove.round` calls in a
stated order; only then does it send these signals (play sends the ones nothing follows: draw offers,
challenges closed). Only the fan-out listens: email (notify), push and live updates, each recording
its jobs or notices in the same transaction, so they are written with the change or not at all
(`tests/site/test_round.py` checks who listens). Signals are sent with `send`, not `send_robust`.
Every receiver takes the keyword arguments named beside its signal, and **kwargs.
"""

from contextlib import contextmanager
from contextvars import ContextVar

from django.dispatch import Signal

# challenge: a challenge has just been opened (its time control already stored)
challenge_created = Signal()
# match: a match has just started from an accepted challenge
match_started = Signal()
# match, awaited: a move has just been played and the match goes on (the match row holds the new position);
# `awaited`: the player to move had a conditional plan waiting for it (its email replaces "your turn")
turn_passed = Signal()
# match, seat: `seat` has just offered a draw
draw_offered = Signal()
# match: the match has just ended, however it ended (a move, resignation, agreement, timeout, an admin)
match_finished = Signal()
# match, seat: the standing draw offer of `seat` has just been turned down (by the other seat)
draw_declined = Signal()
# challenge: an open challenge has just been withdrawn or declined
challenge_closed = Signal()

# Set while recorded history is replayed (demo seeds): its moves were never anyone's news.
_replaying_history: ContextVar[bool] = ContextVar("replaying_history", default=False)


@contextmanager
def replaying_history():
    """Mark the changes made inside as replayed history: receivers record no email or reminder for them."""
    token = _replaying_history.set(True)
    try:
        yield
    finally:
        _replaying_history.reset(token)


def is_replaying_history() -> bool:
    """True inside `replaying_history()`."""
    return _replaying_history.get()
