"""Storing and forgetting a browser's push subscription, checked before it is kept."""

from __future__ import annotations

import base64
import binascii
from urllib.parse import urlsplit

from django.utils.translation import gettext

from daymove.errors import Refused
from daymove.push.models import PushSubscription


class Invalid(Refused):
    """Not a push subscription the site can use."""


def _key(value, length: int) -> str:
    """A base64url key of the given decoded length (65 bytes for p256dh, 16 for auth)."""
    if not isinstance(value, str):
        raise Invalid(gettext("The subscription's keys are missing."))
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise Invalid(gettext("The subscription's keys are not base64url.")) from None
    if len(raw) != length:
        raise Invalid(gettext("The subscription's keys have the wrong length."))
    return value


def _endpoint(value, allow_insecure: bool) -> str:
    # Only https push services: an http endpoint would have the site post to whatever a client names.
    parts = urlsplit(value if isinstance(value, str) else "")
    if not parts.hostname or len(value) > 1000 or (parts.scheme != "https" and not allow_insecure):
        raise Invalid(gettext("The subscription's endpoint is not an https address."))
    return value


def subscribe(user, body: dict, allow_insecure: bool = False) -> PushSubscription:
    """Keep the subscription for `user` (a browser that changed account moves with it)."""
    keys = body.get("keys") if isinstance(body.get("keys"), dict) else {}
    endpoint = _endpoint(body.get("endpoint"), allow_insecure)
    values = {"user": user, "p256dh": _key(keys.get("p256dh"), 65), "auth": _key(keys.get("auth"), 16)}
    device, _ = PushSubscription.objects.update_or_create(endpoint=endpoint, defaults=values)
    return device


def forget(user, body: dict) -> None:
    """Remove the user's subscription with this endpoint (someone else's is left alone)."""
    PushSubscription.objects.filter(user=user, endpoint=str(body.get("endpoint", ""))).delete()
