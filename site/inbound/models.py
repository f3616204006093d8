"""Replies received, one row per Message-ID, so a second copy of a reply plays nothing."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class InboundReply(models.Model):
    """A reply that passed the address and sender checks, and what came of it."""

    message_id = models.CharField(max_length=255, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="inbound_replies")
    match_id = models.PositiveIntegerField()
    command = models.CharField(max_length=200, blank=True)
    outcome = models.TextField(blank=True)
    copies = models.PositiveIntegerField(default=1)
    received = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name_plural = "inbound replies"

    def __str__(self):
        return f"reply {self.message_id} from {self.user}"


class Bounce(models.Model):
    """An address whose mail came back undeliverable for good: no email goes to it until it is verified again."""

    address = models.EmailField(unique=True)  # lower-cased
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bounces")
    status = models.CharField(max_length=16, blank=True)  # the DSN's status code, e.g. 5.1.1
    diagnostic = models.CharField(max_length=300, blank=True)
    created = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return f"{self.address} bounces ({self.status})"
