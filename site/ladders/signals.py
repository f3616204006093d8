"""What happened on a ladder, announced inside the transaction of the change (like `daymove.play.signals`).

Only the fan-out listens (email in notify, push, live updates), each recording its jobs in the same
transaction. Every receiver takes the keyword arguments named beside its signal, and **kwargs.
"""

from django.dispatch import Signal

# game: a ladder challenge has just started its match (a LadderGame, its match started and announced)
ladder_challenged = Signal()
# player, by, ladder, match: `by` has just won `match`, a ladder game, and taken a place above `player`, who moved
# down one
place_passed = Signal()
# player, ladder, from_place, to_place, reason, idle_months: a player's place changed other than by a game (idle
# decay, a moderator's adjustment); `reason` is a PlaceChange.Reason; `idle_months`: how long idle (decay only)
place_moved = Signal()
# ladder: the ladder's places have just changed (anyone's): open ladder pages redraw
place_changed = Signal()
# rung: the player has been idle long enough to be removed in a week unless a ladder game of theirs ends
idle_warning = Signal()
# rung, reason: the player has just been taken off the ladder (`reason`: "idle", "strikes" or "left");
# the rung is deleted, its fields still readable
removed = Signal()
