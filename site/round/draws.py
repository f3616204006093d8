"""Draw offers that end a match: accepting one, or offering one while the opponent's offer stands."""

from __future__ import annotations

from django.db import transaction

from daymove.play import draws
from daymove.play.models import Match
from daymove.round.endings import finish


def offer_draw(match_id, user) -> Match:
    """Offer a draw (see `daymove.play.draws.offer_draw`); accepting the opponent's standing offer ends the match."""
    with transaction.atomic():
        match = draws.offer_draw(match_id, user)
        if not match.is_active:
            finish(match)
    return match


def accept_draw(match_id, user) -> Match:
    """Accept the opponent's standing offer: the match ends as a draw by agreement."""
    with transaction.atomic():
        match = draws.accept_draw(match_id, user)
        finish(match)
    return match
