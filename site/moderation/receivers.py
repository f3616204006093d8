"""What moderation records when ratings apply the mass-timeout rule (ratings' signal)."""

from __future__ import annotations

from django.dispatch import receiver

from daymove.moderation.models import ModerationAction
from daymove.ratings.signals import mass_timeout_ruled


@receiver(mass_timeout_ruled)
def log_mass_timeout(sender, loser, timeouts, refunds, **kwargs) -> None:
    """The rule's application is logged as an action of the site, shown with the moderators' other actions."""
    ModerationAction.objects.create(
        target=loser, kind=ModerationAction.Kind.MASS_TIMEOUT, details={"timeouts": timeouts, "refunds": refunds}
    )
