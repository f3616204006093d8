"""What plans announce, inside the transaction of the move that causes it (notify records the emails).

Receivers take the keyword arguments named beside each signal, and **kwargs.
"""

from django.dispatch import Signal

# match, owner, after, reply, ply: `owner`'s planned `reply` was played at `ply`, after the opponent's
# move `after` (as the owner reads it)
reply_played = Signal()
# match, owner, after, why, dropped: the opponent's move `after` was not in `owner`'s plan (or the reply could
# not be played: `why`, a note of daymove.plans.notes, says which): the plan's lines `dropped` (each a list of
# moves) were discarded
plan_dropped = Signal()
