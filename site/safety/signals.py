"""What safety announces to the apps built on it, inside the transaction of the change (see `daymove.play.signals`)."""

from django.dispatch import Signal

# blocker, blocked: a block has just been made; what is open between the two closes
player_blocked = Signal()
