"""What ratings do when a match ends (play's signal)."""

from __future__ import annotations

from django.dispatch import receiver

from daymove.play import signals
from daymove.ratings.updates import rate_match


@receiver(signals.match_finished)
def rate_finished_match(sender, match, **kwargs) -> None:
    """Rate the match in the transaction that ends it (rated, finished matches only; once)."""
    rate_match(match)
