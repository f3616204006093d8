"""Chat mutes: who may not write in any chat now."""

from __future__ import annotations

from django.utils import timezone

from daymove.safety.models import ChatMute


def active_mute(user) -> ChatMute | None:
    """The mute that keeps `user` out of chat now (the longest), or None."""
    return ChatMute.objects.filter(user=user, until__gt=timezone.now()).order_by("-until").first()


def mute(user, until) -> ChatMute:
    """Keep `user` out of every chat until `until`."""
    return ChatMute.objects.create(user=user, until=until)


def lift_mutes(user) -> int:
    """End `user`'s running mutes now; how many there were."""
    now = timezone.now()
    return ChatMute.objects.filter(user=user, until__gt=now).update(until=now)
