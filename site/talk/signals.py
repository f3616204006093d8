"""What talk announces to the apps above it, inside the transaction of the change."""

from django.dispatch import Signal

# match, message: a chat line has just been posted in the match
chat_posted = Signal()
# match, message: a moderator has just hidden a chat line or shown it again
chat_moderated = Signal()
