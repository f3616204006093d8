"""Render and send one email from its three templates: templates/emails/<kind>/{subject.txt,body.txt,body.html}.

(The pattern of healthchecks' hc/lib/emails.py.) Every email is rendered in the recipient's time zone and
language (the worker has no request: `players.languages.language_of`) and carries a one-click unsubscribe
(RFC 8058), a List-Id (RFC 2919) and a link to the settings page.
"""

from __future__ import annotations

import hashlib
import json
from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from daymove.clocks.zones import zone_of
from daymove.notify.unsubscribe import unsubscribe_url
from daymove.play.pictures import attach_inline
from daymove.players.languages import language_of


def render(kind: str, context: dict) -> tuple[str, str, str]:
    """(subject, plain text, HTML) of an email."""
    subject = " ".join(render_to_string(f"emails/{kind}/subject.txt", context).split())
    text = render_to_string(f"emails/{kind}/body.txt", context)
    html = render_to_string(f"emails/{kind}/body.html", context)
    return subject, text, html


def list_id(kind: str) -> str:
    """The RFC 2919 List-Id of one kind of email (the kind its unsubscribe link stops), under the sender's domain.

    Mail filters sort by it, and spam filters expect it beside List-Unsubscribe.
    """
    domain = settings.DEFAULT_FROM_EMAIL.rpartition("@")[2].strip(" >").lower() or "localhost"
    label = kind.replace("_", "-")
    return f"Daymove {kind.replace('_', ' ')} emails <{label}.{domain}>"


def message_id(payload: dict) -> str:
    """A Message-ID fixed by the email job, so a copy resent after a worker crash is seen as the same mail."""
    digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:32]
    return f"<{digest}@{urlsplit(settings.SITE_URL).hostname or 'daymove'}>"


def send(
    kind: str,
    user,
    address: str,
    context: dict,
    unsubscribe_kind: str | None = None,
    message_id: str | None = None,
    reply_to: str | None = None,
    pictures: list | None = None,
) -> None:
    """Send the `kind` email to `user` at their verified `address` (replies to `reply_to`, if given)."""
    zone = zone_of(user)
    unsubscribe = unsubscribe_url(user.pk, unsubscribe_kind or kind)
    context = context | {
        "recipient": user,
        "site_url": settings.SITE_URL,
        "settings_url": settings.SITE_URL + reverse("player_settings"),
        "unsubscribe_url": unsubscribe,
        "zone_name": zone.key,
        "reply_to": reply_to,
    }
    with timezone.override(zone), translation.override(language_of(user)):
        subject, text, html = render(kind, context)
    headers = {
        "List-Id": list_id(unsubscribe_kind or kind),
        "List-Unsubscribe": f"<{unsubscribe}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Auto-Submitted": "auto-generated",
    }
    if message_id:
        headers["Message-ID"] = message_id
    message = EmailMultiAlternatives(
        subject,
        text,
        settings.DEFAULT_FROM_EMAIL,
        [address],
        headers=headers,
        reply_to=[reply_to] if reply_to else None,
    )
    message.attach_alternative(html, "text/html")
    attach_inline(message, pictures or [])
    message.send()
