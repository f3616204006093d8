"""What happened in a league, announced inside the transaction of the change once everything it causes is recorded.

Sent like `daymove.play.signals`: with `send` (not `send_robust`) inside the transaction, after the change and
its own follow-ups are written. Only the fan-out listens (notify records outbox jobs, live records notices, in the
same transaction), so an email or update is written with the change or not at all. Every receiver takes the
keyword arguments named beside its signal, and **kwargs.
"""

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
