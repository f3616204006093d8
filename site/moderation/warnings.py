"""Moderators' warnings as the warned player sees them: on every page until acknowledged."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext

from daymove.errors import NotFound
from daymove.moderation.models import ModerationAction


def unread_warnings(request) -> dict:
    """Context processor: the logged-in player's unacknowledged warnings (queried only by a page that shows them)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    warnings = ModerationAction.objects.filter(target=user, kind=ModerationAction.Kind.WARN, seen_at__isnull=True)
    return {"moderation_warnings": warnings.order_by("created")}


def acknowledge(user, action_id) -> ModerationAction:
    """Mark one of `user`'s warnings as read; NotFound for anyone else's."""
    warning = ModerationAction.objects.filter(pk=action_id, target=user, kind=ModerationAction.Kind.WARN).first()
    if warning is None:
        raise NotFound(gettext("There is no such warning."))
    if warning.seen_at is None:
        warning.seen_at = timezone.now()
        warning.save(update_fields=["seen_at"])
    return warning
