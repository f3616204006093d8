"""Chat mutes: who may not write in any chat now."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Expression, OuterRef, Subquery
from django.utils import timezone

from daymove.players.viewer import page_fact
from daymove.safety.models import ChatMute

# The page fact (daymove.players.viewer) holding when the viewer's longest mute ends: a mute ends by time, so the
# end is read with the session's user and compared with the clock when the page is drawn.
MUTED_UNTIL = "chat_muted_until"


def active_mute(user) -> ChatMute | None:
    """The mute that keeps `user` out of chat now (the longest), or None."""
    return ChatMute.objects.filter(user=user, until__gt=timezone.now()).order_by("-until").first()


def muted_until_of(user_pk: OuterRef) -> Expression:
    """When an outer query's user's longest mute ends (past or to come), or None: read with the session's user."""
    return Subquery(ChatMute.objects.filter(user=user_pk).order_by("-until").values("until")[:1])


def viewer_muted_until(request) -> datetime | None:
    """When the viewer's running mute ends, or None if they are not muted now."""
    latest = ChatMute.objects.filter(user=request.user).order_by("-until").values_list("until", flat=True)
    until = page_fact(request, MUTED_UNTIL, latest.first)
    return until if until is not None and until > timezone.now() else None


def mute(user, until) -> ChatMute:
    """Keep `user` out of every chat until `until`."""
    return ChatMute.objects.create(user=user, until=until)


def lift_mutes(user) -> int:
    """End `user`'s running mutes now; how many there were."""
    now = timezone.now()
    return ChatMute.objects.filter(user=user, until__gt=now).update(until=now)
