"""What inbound does when an account changes: an address verified again may get mail again."""

from __future__ import annotations

from allauth.account.signals import email_confirmed
from django.dispatch import receiver

from daymove.inbound.bounces import lift


@receiver(email_confirmed)
def address_verified(sender, request, email_address, **kwargs) -> None:
    """The player proved the address works (they read the confirmation): mail to it resumes."""
    lift(email_address.email)
