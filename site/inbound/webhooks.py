"""Mail from a provider's inbound webhook (django-anymail): Mailgun and Postmark post each message here.

A provider's URL answers only once its secret is set: Mailgun's signing key, or for Postmark the
`user:password` of the basic authentication written into the webhook URL (anymail checks either on every call).
"""

from __future__ import annotations

from functools import wraps

from anymail.signals import inbound
from anymail.webhooks.mailgun import MailgunInboundWebhookView
from anymail.webhooks.postmark import PostmarkInboundWebhookView
from django.conf import settings
from django.dispatch import receiver
from django.http import Http404

from daymove.inbound.replies import receive


def _when_configured(view, secret: str):
    """The provider's view, or a 404 while its secret is unset (an open webhook would take anyone's post)."""

    @wraps(view)  # keeps anymail's csrf_exempt: providers post without a CSRF token, their signature stands in
    def gated(request, *args, **kwargs):
        if not settings.ANYMAIL.get(secret):
            raise Http404("This mail provider is not set up.")
        return view(request, *args, **kwargs)

    return gated


mailgun_inbound = _when_configured(MailgunInboundWebhookView.as_view(), "MAILGUN_WEBHOOK_SIGNING_KEY")
postmark_inbound = _when_configured(PostmarkInboundWebhookView.as_view(), "WEBHOOK_SECRET")


@receiver(inbound)
def reply_from_provider(sender, event, esp_name, **kwargs) -> None:
    """A message a provider received for the reply domain: handled like one from the SMTP receiver."""
    message = event.message
    envelope = [message.envelope_recipient] if getattr(message, "envelope_recipient", None) else []
    receive(message, message.as_bytes(), envelope)
