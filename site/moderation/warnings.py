"""Moderators' warnings as the warned player sees them: on every page until acknowledged."""

from __future__ import annotations

from django.db.models import Exists, Expression, OuterRef
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext

from daymove.errors import NotFound
from daymove.moderation.models import ModerationAction
from daymove.players.viewer import page_fact


def unread_warnings(request) -> dict:
    """Context processor: the logged-in player's unacknowledged warnings (queried only by a page that shows them)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    # Read only when the fact read with the session's user says there is one (it almost never is).
    if not page_fact(request, "has_unread_warning", lambda: True):
        return {"moderation_warnings": ()}
    # Built only if the page draws them: the play area an htmx POST answers with does not.
    return {"moderation_warnings": SimpleLazyObject(lambda: list(_unread(user).order_by("created")))}


def _unread(user):
    return ModerationAction.objects.filter(target=user, kind=ModerationAction.Kind.WARN, seen_at__isnull=True)


def unread_warning_of(user_pk: OuterRef) -> Expression:
    """Whether an outer query's user has a warning still unread: read with the session's user."""
    return Exists(_unread(user_pk))


def acknowledge(user, action_id) -> ModerationAction:
    """Mark one of `user`'s warnings as read; NotFound for anyone else's."""
    warning = ModerationAction.objects.filter(pk=action_id, target=user, kind=ModerationAction.Kind.WARN).first()
    if warning is None:
        raise NotFound(gettext("There is no such warning."))
    if warning.seen_at is None:
        warning.seen_at = timezone.now()
        warning.save(update_fields=["seen_at"])
    return warning
