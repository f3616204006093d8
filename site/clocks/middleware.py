"""Show times in the viewer's own time zone: every date in a page is rendered in the zone activated here."""

from django.utils import timezone

from daymove.clocks.zones import zone_named


class LocalTimeMiddleware:
    """Activate the logged-in player's time zone for the request (UTC for visitors)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            player = getattr(user, "player", None)  # read with the user by the login backends
            timezone.activate(zone_named(player.time_zone if player is not None else None))
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
