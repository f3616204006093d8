"""Ending a match other than by a move: one compare-and-set on the match row, then the followups."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from daymove.errors import Conflict
from daymove.play import followups
from daymove.play.models import Match
from daymove.play.moves import _finished_fields


def end_match(
    match: Match,
    winner: int | None,
    reason: str,
    *,
    aborted: bool = False,
    only_if: Q | None = None,
    conflict: str = "This match is already over.",
) -> Match:
    """End an active match (optionally only while `only_if` holds); Conflict if it no longer can.

    The UPDATE is conditional on the match still being active, so whoever ends it first wins and
    `followups.after_finish` (ratings, emails) runs exactly once.
    """
    now = timezone.now()
    fields = _finished_fields(winner, None, reason, now) | {"updated": now, "draw_offer_seat": None}
    if aborted:
        fields["status"] = Match.Status.ABORTED
    with transaction.atomic():
        changed = Match.objects.filter(only_if or Q(), pk=match.pk, status=Match.Status.ACTIVE).update(**fields)
        if changed != 1:
            raise Conflict(conflict)
        for name, value in fields.items():
            setattr(match, name, value)
        followups.after_finish(match)
    return match
