"""What clocks announce to the apps built on them (notify), inside the transaction of the change.

See `daymove.play.signals` for why apps talk upwards by signals.
"""

from django.dispatch import Signal

# match, clock, new_turn: the running deadline of the seat to move was set or moved (a new turn, a vacation, an admin's
# extension); new_turn says the turn has just started (so nothing of it is scheduled yet)
deadline_set = Signal()
# clocks: many new matches' clocks were started at once (a league season's start), each with its first deadline
deadlines_set = Signal()
# user: the user's vacations changed (booked or cancelled): what their opponents are shown about them
away_changed = Signal()
