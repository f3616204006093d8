"""The answer to a reply: what was played (and the position now), or why nothing was; an outbox job each.

Answers are marked `Auto-Submitted: auto-replied` (RFC 3834) and thread under the reply they answer.
"""

from __future__ import annotations

import hashlib
from email.message import EmailMessage
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import translation

from daymove.inbound.addresses import ReplyAddress
from daymove.inbound.bounces import is_bouncing
from daymove.outbox.jobs import MAIL, handler, record
from daymove.play.models import Match
from daymove.play.pictures import attach_inline, picture_of
from daymove.players.languages import language_of

KIND = "inbound_answer"


def _subject(message: EmailMessage) -> str:
    subject = " ".join(str(message.get("Subject", "")).split())
    return subject if subject.lower().startswith("re:") else f"Re: {subject}".strip()


def _payload(message: EmailMessage, sender: str, text: str, message_id: str) -> dict:
    return {"to": sender, "subject": _subject(message), "text": text, "in_reply_to": message_id}


def record_answer(message: EmailMessage, sender: str, outcome, reply: ReplyAddress, user, *, copy: int, row) -> None:
    """Record the answer to a player's reply (in the reply's transaction)."""
    match = Match.objects.filter(pk=reply.match_id).first()
    payload = _payload(message, sender, outcome.text, row.message_id) | {
        "user": user.pk,
        "match": reply.match_id,
        "seat": match.seat_of(user) if match else None,
        "ply": match.ply if match else None,
        "reply_to": outcome.reply_to,
    }
    record(KIND, f"answer:{row.pk}:{copy}", payload)


def _position(payload: dict) -> dict:
    """The match and its board now, as the player's seat sees it (nothing if the match is gone)."""
    match = Match.objects.select_related("player0", "player1").filter(pk=payload.get("match")).first()
    if match is None or payload.get("seat") is None:
        return {}
    return {
        "match": match,
        "game_name": match.rules.name,
        "picture": picture_of(match, payload["seat"]),
        "match_url": settings.SITE_URL + match.get_absolute_url(),
    }


def _message_id(key_payload: dict) -> str:
    digest = hashlib.sha256(repr(sorted(key_payload.items())).encode()).hexdigest()[:32]
    return f"<answer-{digest}@{urlsplit(settings.SITE_URL).hostname or 'daymove'}>"


@handler(KIND, queue=MAIL)
def send_answer(payload: dict) -> None:
    """Send one answer (built now, from the position the reply left)."""
    if is_bouncing(payload["to"]):
        return
    user = get_user_model().objects.filter(pk=payload.get("user")).first()
    with translation.override(language_of(user)):  # the text was said in it when the reply was handled
        context = {
            "recipient": user,
            "text": payload["text"],
            "reply_to": payload.get("reply_to"),
            **_position(payload),
        }
        text = render_to_string("emails/answer/body.txt", context)
        html = render_to_string("emails/answer/body.html", context)
    headers = {
        "Auto-Submitted": "auto-replied",
        "In-Reply-To": payload["in_reply_to"],
        "References": payload["in_reply_to"],
        "Message-ID": _message_id(payload),
    }
    reply_to = [payload["reply_to"]] if payload.get("reply_to") else None
    message = EmailMultiAlternatives(
        payload["subject"], text, settings.DEFAULT_FROM_EMAIL, [payload["to"]], headers=headers, reply_to=reply_to
    )
    message.attach_alternative(html, "text/html")
    attach_inline(message, [context["picture"]] if context.get("picture") else [])
    message.send()
