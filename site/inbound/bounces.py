"""Hard bounces: an address that cannot take mail stops getting it, and its player is told on the site.

A bounce comes as a delivery status notification (RFC 3464: a multipart/report whose message/delivery-status part
says, per recipient, `Action: failed` and a 5.x.x `Status`) to the SMTP receiver, or as a provider's tracking event
(django-anymail). Verifying the address again (allauth's `email_confirmed`) lifts it.
"""

from __future__ import annotations

from email.message import EmailMessage

from allauth.account.models import EmailAddress
from django.db.models import Exists, Expression, OuterRef

from daymove.inbound.models import Bounce
from daymove.players.viewer import page_fact


def is_delivery_report(message: EmailMessage) -> bool:
    """Whether the message is a delivery status notification (RFC 3464)."""
    return message.get_content_type() == "multipart/report" and (
        message.get_param("report-type", "").lower() == "delivery-status"
    )


def _recipient_blocks(message: EmailMessage):
    for part in message.walk():
        if part.get_content_type() in ("message/delivery-status", "message/global-delivery-status"):
            yield from part.get_payload()[1:]  # the first block is about the message, the rest one per recipient


def hard_bounces(message: EmailMessage) -> list[tuple[str, str, str]]:
    """(address, status, diagnostic) for each recipient a delivery report says failed for good."""
    found = []
    for block in _recipient_blocks(message):
        status = str(block.get("Status", "")).strip()
        if str(block.get("Action", "")).strip().lower() != "failed" or not status.startswith("5"):
            continue
        recipient = str(block.get("Final-Recipient") or block.get("Original-Recipient") or "")
        address = recipient.partition(";")[2].strip().lower()
        if address:
            found.append((address, status, " ".join(str(block.get("Diagnostic-Code", "")).split())[:300]))
    return found


def record_bounce(address: str, status: str = "", diagnostic: str = "") -> bool:
    """Stop mail to `address` if it is a player's verified address; False if it is no one's."""
    row = EmailAddress.objects.filter(email__iexact=address, verified=True).select_related("user").first()
    if row is None:
        return False
    Bounce.objects.update_or_create(
        address=address.lower(), defaults={"user": row.user, "status": status[:16], "diagnostic": diagnostic[:300]}
    )
    return True


def is_bouncing(address: str) -> bool:
    """Whether mail to this address bounced for good (and it has not been verified since)."""
    return Bounce.objects.filter(address=address.lower()).exists()


def lift(address: str) -> None:
    """The address was verified again: mail may go to it."""
    Bounce.objects.filter(address=address.lower()).delete()


def mail_trouble(request) -> dict:
    """Context processor: the logged-in player's addresses that bounce (every page says so until it is fixed)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    # Read only when the fact read with the session's user says there is one (it almost never is).
    if not page_fact(request, "has_bouncing_address", lambda: True):
        return {"bouncing_addresses": ()}
    return {"bouncing_addresses": Bounce.objects.filter(user=user).order_by("created")}


def bouncing_of(user_pk: OuterRef) -> Expression:
    """Whether an outer query's user has an address that bounces: read with the session's user."""
    return Exists(Bounce.objects.filter(user=user_pk))
