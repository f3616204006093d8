"""One received message, from whichever door it came in (the SMTP receiver, a provider's webhook), handled once.

A reply counts only if it went to a reply address the site signed, from the verified address of the player
that address names; its Message-ID is recorded with what it did, in the transaction of the move, so a second
copy plays nothing. Every reply a player typed gets an answer (an outbox job in the same transaction); mail
from anyone else (another address, an address the site never gave out) is dropped and logged, never answered,
since its sender may be forged and an answer would mail a third party (backscatter). Messages sent by programs
get none either, so two robots never write to each other: a bounce stops mail to its address (`bounces`), a
player's out-of-office reply starts their vacation (`autoreplies`).
"""

from __future__ import annotations

import hashlib
import logging
from email.message import EmailMessage

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import translation
from django.utils.translation import gettext

from daymove.inbound import answers
from daymove.inbound.addresses import ReplyAddress, Tampered, is_ours, read_address
from daymove.inbound.autoreplies import is_out_of_office, start_away
from daymove.inbound.bounces import hard_bounces, is_delivery_report, record_bounce
from daymove.inbound.commands import Outcome, carry_out
from daymove.inbound.models import InboundReply
from daymove.inbound.reading import body_text, is_automatic, new_lines, recipients_of, sender_of
from daymove.players.accounts import verified_address
from daymove.players.languages import language_of

log = logging.getLogger(__name__)


def message_id_of(message: EmailMessage, raw: bytes) -> str:
    """The Message-ID, or a digest of the message for mail without one."""
    found = str(message.get("Message-ID", "")).strip()
    return found[:255] if found else f"<sha256-{hashlib.sha256(raw).hexdigest()}@no-message-id>"


def _reply_address(message: EmailMessage, envelope: list[str]) -> ReplyAddress | Tampered | None:
    """The first reply address the message went to; Tampered if it is at our domain but not signed by us."""
    tampered = None
    for address in recipients_of(message, envelope):
        if not is_ours(address):
            continue
        try:
            return read_address(address)
        except Tampered as error:
            tampered = tampered or error
    return tampered


def _player(reply: ReplyAddress, sender: str):
    """The player the address names if the message came from their verified address, else None."""
    user = get_user_model().objects.filter(pk=reply.user_id, is_active=True).first()
    if user is None:
        return None
    address = verified_address(user)
    return user if address and address.lower() == sender else None


def _handle(message: EmailMessage, message_id: str, reply: ReplyAddress, user, sender: str) -> None:
    # Decided and answered in the player's language: a refusal's reason is said where it is raised.
    with translation.override(language_of(user)):
        _handle_in_language(message, message_id, reply, user, sender)


def _handle_in_language(message: EmailMessage, message_id: str, reply: ReplyAddress, user, sender: str) -> None:
    lines = new_lines(body_text(message))
    line = lines[0] if lines else None
    with transaction.atomic():
        try:
            with transaction.atomic():
                row = InboundReply.objects.create(
                    message_id=message_id, user=user, match_id=reply.match_id, command=(line or "")[:200]
                )
        except IntegrityError:
            row = InboundReply.objects.select_for_update().get(message_id=message_id)
            InboundReply.objects.filter(pk=row.pk).update(copies=F("copies") + 1)
            row.refresh_from_db()
            outcome = Outcome(
                gettext("This reply reached Daymove before and was handled then: %(outcome)s")
                % {"outcome": row.outcome}
            )
            answers.record_answer(message, sender, outcome, reply, user, copy=row.copies, row=row)
            return
        outcome = carry_out(reply, user, lines)
        InboundReply.objects.filter(pk=row.pk).update(outcome=outcome.text)
        answers.record_answer(message, sender, outcome, reply, user, copy=1, row=row)


def _automatic(message: EmailMessage, reply: ReplyAddress | Tampered) -> str:
    """A program's message to a reply address: an out-of-office reply from the player starts their vacation."""
    if isinstance(reply, Tampered) or not is_out_of_office(message):
        return "automatic"
    user = _player(reply, sender_of(message))
    return "away" if user is not None and start_away(user) else "automatic"


def receive(message: EmailMessage, raw: bytes, envelope: list[str] | tuple[str, ...] = ()) -> str:
    """Handle one message; returns a short word on what it was (for logs and tests)."""
    if is_delivery_report(message):
        bounced = [address for address, status, why in hard_bounces(message) if record_bounce(address, status, why)]
        return "bounce" if bounced else "delivery-report"
    reply = _reply_address(message, list(envelope))
    if reply is None:
        return "not-for-us"
    if is_automatic(message):
        return _automatic(message, reply)
    sender = sender_of(message)
    if not sender:
        return "no-sender"
    if isinstance(reply, Tampered):
        log.warning("dropped a reply from %s to an address Daymove did not give out", sender)
        return "tampered"
    user = _player(reply, sender)
    if user is None:
        log.warning("dropped a reply from %s: not the verified address of the player it was sent to", sender)
        return "wrong-sender"
    _handle(message, message_id_of(message, raw), reply, user, sender)
    return "reply"
