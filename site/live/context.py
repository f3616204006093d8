"""What every page needs to take part in live updates: the viewer's "your turn" count and when it was drawn."""

import time

from django.utils.functional import SimpleLazyObject

from daymove.play.turns import waiting_count
from daymove.players.viewer import page_fact

# A view reads the database before its template is drawn (and a stream's event is written after it was read): a
# change announced in between is then asked for again, which is harmless (a part that did not change answers
# "nothing new"), where a change missed would not be.
EARLY_SECONDS = 2.0


def complete_since() -> str:
    """A moment (epoch seconds) from which everything announced is known to have been seen, put early."""
    return f"{time.time() - EARLY_SECONDS:.1f}"


def live(request) -> dict:
    """`turn_count` (asked only if the page shows it) and `drawn_at` (the page's events start from there)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        count = 0
    else:
        count = SimpleLazyObject(lambda: page_fact(request, "turns_waiting", lambda: waiting_count(user)))
    return {"turn_count": count, "drawn_at": complete_since()}
