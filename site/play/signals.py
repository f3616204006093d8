"""What play announces to the apps built on it, inside the transaction of the change that causes it.

The apps go one way: players <- play <- clocks, ratings, talk <- notify <- web (their tables point at
play's matches, so they sit above it). play therefore never calls them; it sends these signals and
each app connects its own receivers in its `receivers` module, so the work a change causes (a clock,
a rating, an email job) is written in the same transaction as the change or not at all. Signals are
sent with `send`, not `send_robust`: a receiver's exception (a refused time control, say) rolls the
change back. Every receiver takes the keyword arguments named beside its signal, and **kwargs.
"""

from contextlib import contextmanager
from contextvars import ContextVar

from django.dispatch import Signal

# challenge, time_control (the terms the challenger asked for; a receiver may refuse them)
challenge_created = Signal()
# match: a match has just started from an accepted challenge
match_started = Signal()
# match: a move has just been played and the match goes on (the match row holds the new position)
turn_passed = Signal()
# match: sent after turn_passed, once every receiver of it has run: the player to move may answer at once
# (a planned reply, played through the move service in the same transaction, counting as made at match.updated)
awaiting_reply = Signal()
# match, seat: `seat` has just offered a draw
draw_offered = Signal()
# match: the match has just ended, however it ended (a move, resignation, agreement, timeout, an admin)
match_finished = Signal()
# match: the standing draw offer has just been turned down
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
