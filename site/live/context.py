"""What every page needs to take part in live updates: the viewer's "your turn" count and when it was drawn."""

import time

from django.utils.functional import SimpleLazyObject

from daymove.play.turns import waiting_count


def live(request) -> dict:
    """`turn_count` (asked only if the page shows it) and `drawn_at` (the page's events start from there).

    `drawn_at` is put two seconds early: the view read the database before the template is drawn, and a change
    announced in between is then asked for again (harmless: a part that did not change answers "nothing new").
    """
    user = getattr(request, "user", None)
    count = SimpleLazyObject(lambda: waiting_count(user)) if user is not None and user.is_authenticated else 0
    return {"turn_count": count, "drawn_at": f"{time.time() - 2:.1f}"}
