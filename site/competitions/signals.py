"""What happened in a league, announced inside the transaction of the change once everything it causes is recorded.

Sent like `daymove.play.signals`: with `send` (not `send_robust`) inside the transaction, after the change and
its own follow-ups are written. Only the fan-out listens (notify records outbox jobs, live records notices, in the
same transaction), so an email or update is written with the change or not at all. Every receiver takes the
keyword arguments named beside its signal, and **kwargs.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.dispatch import Signal

# season: the season has just started (divisions, entries and every game created); one email per player
season_started = Signal()
# season: the season has just closed (final places and movement written; the next season is open)
season_closed = Signal()
# season, missing: the start date came with fewer than 4 entrants; `missing` more are needed
season_waiting = Signal()
# season: the season starts in 3 days (the registration reminder); sent once per season
registration_closing = Signal()
# entry, reason: the entry has just been withdrawn (its games struck or forfeited already)
entry_withdrawn = Signal()
# division: the division's table may have changed (a result, a withdrawal, a close)
table_changed = Signal()

# The divisions whose table changed inside `one_table_announcement` (None outside one), by primary key.
_held: ContextVar[dict | None] = ContextVar("held_table_announcements", default=None)


def announce_table(division) -> None:
    """Send `table_changed` for the division now, or once at the end of the enclosing `one_table_announcement`."""
    held = _held.get()
    if held is None:
        table_changed.send(sender=type(division), division=division)
    else:
        held.setdefault(division.pk, division)


@contextmanager
def one_table_announcement() -> Iterator[None]:
    """Within the block, each changed division's table is announced once, at its end (a withdrawal ends several
    games: the open pages redraw once, not once per game). Nested blocks join the outermost; use it inside the
    change's transaction, so the announcement is recorded with it."""
    if _held.get() is not None:
        yield
        return
    held: dict = {}
    token = _held.set(held)
    try:
        yield
    finally:
        _held.reset(token)
    for division in held.values():
        table_changed.send(sender=type(division), division=division)
