"""Signed one-click unsubscribe links (RFC 8058): the token names the user and the kind of email."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from daymove.notify.models import FIELD_KINDS, EmailPreferences

SALT = "daymove.notify.unsubscribe"
KINDS = ("your_turn", "digest", "reminder", "game_over", "challenge", *FIELD_KINDS)
# What the unsubscribe page calls each kind ("Stop %(kind_name)s?").
KIND_NAMES = {
    "your_turn": _("“your turn” emails"),
    "digest": _("the daily digest"),
    "reminder": _("deadline reminders"),
    "game_over": _("game-over emails"),
    "challenge": _("challenge emails"),
    "league_reminder": _("league registration reminders"),
    "season_started": _("“season started” emails of leagues"),
    "season_closed": _("“season closed” emails of leagues"),
    "season_waiting": _("“season waiting for players” emails of leagues"),
    "league_withdrawn": _("league withdrawal emails"),
    "ladder_challenged": _("“challenged on the ladder” emails"),
    "ladder_passed": _("“passed on the ladder” emails"),
    "ladder_moved": _("“ladder place moved” emails"),
    "ladder_idle": _("ladder idle warnings"),
}


def make_token(user_id: int, kind: str) -> str:
    """A token that unsubscribes `user_id` from `kind` (no expiry: old emails keep working)."""
    return signing.dumps([user_id, kind], salt=SALT)


def read_token(token: str) -> tuple[int, str] | None:
    """(user id, kind) of a genuine token, else None."""
    try:
        user_id, kind = signing.loads(token, salt=SALT)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(user_id, int) or kind not in KINDS:
        return None
    return user_id, kind


def unsubscribe_url(user_id: int, kind: str) -> str:
    """The absolute one-click unsubscribe URL."""
    return settings.SITE_URL + reverse("unsubscribe", args=[make_token(user_id, kind)])


def unsubscribe(user_id: int, kind: str) -> bool:
    """Turn that kind of email off for the user; False if there is no such user."""
    from django.contrib.auth import get_user_model

    if not get_user_model().objects.filter(pk=user_id).exists():
        return False
    preferences, _ = EmailPreferences.objects.get_or_create(user_id=user_id)
    preferences.turn_off(kind)
    preferences.save()
    return True
