"""What moderation does when a match ends (play's signal): the mass-timeout rule."""

from __future__ import annotations

from django.dispatch import receiver

from daymove.moderation.mass_timeouts import keep_opponents_ratings
from daymove.play import signals
from daymove.ratings.updates import rate_match


@receiver(signals.match_finished)
def mass_timeout_rule(sender, match, **kwargs) -> None:
    """Rate the match first (once: ratings' own receiver then changes nothing), then apply the rule."""
    rate_match(match)
    keep_opponents_ratings(match)
