"""What players announces to the apps built on it, inside the transaction of the change (see `daymove.play.signals`)."""

from django.dispatch import Signal

# user: the account is being deleted; each app removes what it keeps about the user, in the same transaction
account_closing = Signal()
