"""Devices that take push notifications, and which kinds each player wants."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

KINDS = {
    "your_turn": _("It is my turn"),
    "challenge": _("Someone challenges me"),
    "draw_offer": _("My opponent offers a draw"),
    "draw_declined": _("My opponent declines my draw offer"),
    "game_over": _("A match of mine ends"),
    "season_started": _("A league season of mine starts"),
    "ladder_challenged": _("Someone challenges me on a ladder"),
    "ladder_passed": _("A challenger passes me on a ladder"),
    "ladder_moved": _("I drop on a ladder for being idle, or the moderators move me"),
    "ladder_idle": _("A week before I am removed from a ladder for being idle"),
}


class PushSubscription(models.Model):
    """One browser's push subscription (RFC 8030 endpoint, RFC 8291 keys)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return f"push to {self.user} ({self.endpoint[:40]}…)"

    def info(self) -> dict:
        """The subscription as the browser's PushSubscription.toJSON() gives it (what pywebpush takes)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class PushPreferences(models.Model):
    """Which kinds of push a player wants; a player without a row gets them all."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="push_preferences"
    )
    your_turn = models.BooleanField(KINDS["your_turn"], default=True)
    challenge = models.BooleanField(KINDS["challenge"], default=True)
    draw_offer = models.BooleanField(KINDS["draw_offer"], default=True)
    draw_declined = models.BooleanField(KINDS["draw_declined"], default=True)
    game_over = models.BooleanField(KINDS["game_over"], default=True)
    season_started = models.BooleanField(KINDS["season_started"], default=True)
    ladder_challenged = models.BooleanField(KINDS["ladder_challenged"], default=True)
    ladder_passed = models.BooleanField(KINDS["ladder_passed"], default=True)
    ladder_moved = models.BooleanField(KINDS["ladder_moved"], default=True)
    ladder_idle = models.BooleanField(KINDS["ladder_idle"], default=True)

    class Meta:
        verbose_name_plural = _("push preferences")

    def __str__(self):
        return f"push preferences of {self.user}"


def wants_push(user, kind: str) -> bool:
    """Whether the user has a device to push to and wants this kind."""
    if not PushSubscription.objects.filter(user=user).exists():
        return False
    preferences = PushPreferences.objects.filter(user=user).first()
    return preferences is None or getattr(preferences, kind)
