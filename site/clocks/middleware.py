"""Show times in the viewer's own time zone: every date in a page is rendered in the zone activated here."""

from django.utils import timezone

from daymove.clocks.zones import zone_named
from daymove.players.models import Player


class LocalTimeMiddleware:
    """Activate the logged-in player's time zone for the request (UTC for visitors)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            name = Player.objects.filter(user_id=user.pk).values_list("time_zone", flat=True).first()
            timezone.activate(zone_named(name))
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
