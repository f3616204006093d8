"""Mail providers' webhooks (django-anymail), Mailgun's and Postmark's: inbound messages, and delivery events
(hard bounces, auto-replies) of the mail the site sent.

A provider's URL answers only once its secret is set: Mailgun's signing key, or for Postmark the
`user:password` of the basic authentication written into the webhook URL (anymail checks either on every call).
"""

from __future__ import annotations

from functools import wraps

from allauth.account.models import EmailAddress
from anymail.signals import EventType, inbound, tracking
from anymail.webhooks.mailgun import MailgunInboundWebhookView, MailgunTrackingWebhookView
from anymail.webhooks.postmark import PostmarkInboundWebhookView, PostmarkTrackingWebhookView
from django.conf import settings
from django.dispatch import receiver
from django.http import Http404
from django.utils.translation import gettext

from daymove.inbound.autoreplies import start_away
from daymove.inbound.bounces import record_bounce
from daymove.inbound.replies import receive


def _when_configured(view, secret: str):
    """The provider's view, or a 404 while its secret is unset (an open webhook would take anyone's post)."""

    @wraps(view)  # keeps anymail's csrf_exempt: providers post without a CSRF token, their signature stands in
    def gated(request, *args, **kwargs):
        if not settings.ANYMAIL.get(secret):
            raise Http404(gettext("This mail provider is not set up."))
        return view(request, *args, **kwargs)

    return gated


mailgun_inbound = _when_configured(MailgunInboundWebhookView.as_view(), "MAILGUN_WEBHOOK_SIGNING_KEY")
postmark_inbound = _when_configured(PostmarkInboundWebhookView.as_view(), "WEBHOOK_SECRET")
mailgun_tracking = _when_configured(MailgunTrackingWebhookView.as_view(), "MAILGUN_WEBHOOK_SIGNING_KEY")
postmark_tracking = _when_configured(PostmarkTrackingWebhookView.as_view(), "WEBHOOK_SECRET")


@receiver(inbound)
def reply_from_provider(sender, event, esp_name, **kwargs) -> None:
    """A message a provider received for the reply domain: handled like one from the SMTP receiver."""
    message = event.message
    envelope = [message.envelope_recipient] if getattr(message, "envelope_recipient", None) else []
    receive(message, message.as_bytes(), envelope)


def _hard_bounce(event) -> bool:
    # anymail calls Postmark's soft bounces "bounced" too; they are retried, so they stop nothing.
    soft = isinstance(event.esp_event, dict) and event.esp_event.get("Type") == "SoftBounce"
    return event.event_type == EventType.BOUNCED and not soft


@receiver(tracking)
def delivery_event(sender, event, esp_name, **kwargs) -> None:
    """A provider's word on a sent email: a hard bounce stops mail to the address, an auto-reply starts a vacation."""
    if not event.recipient:
        return
    if _hard_bounce(event):
        record_bounce(event.recipient, "5.0.0", event.description or event.mta_response or "")
    elif event.event_type == EventType.AUTORESPONDED:
        row = EmailAddress.objects.filter(email__iexact=event.recipient, verified=True).select_related("user").first()
        if row is not None:
            start_away(row.user)
