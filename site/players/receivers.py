"""Every user gets a player profile when the account is created."""

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from daymove.players.models import Player


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_player(sender, instance, created, **kwargs):
    """Create the profile of a new user."""
    if created:
        Player.objects.get_or_create(user=instance)
