"""What ratings announce to the apps built on them (moderation), inside the transaction of the change.

Receivers take the keyword arguments named beside each signal, and **kwargs.
"""

from django.dispatch import Signal

# loser, timeouts, refunds: the mass-timeout rule took back the opponents' gains of `loser`'s timed-out matches
# `timeouts` (ids); `refunds` lists each {"match", "user", "points"} given back
mass_timeout_ruled = Signal()
