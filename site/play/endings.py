"""Ending a match: the fields every ending writes, and ending one other than by a move.

Every ending goes through `finished_fields` (a finished match has no draw offer and no one to move),
and every ending other than a move through `end_match`: one compare-and-set on the match row. What an
ending causes (the rating, the clock stopped, the announcement) `daymove.round.endings` calls in its transaction.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from daymove.errors import Conflict
from daymove.play.lookups import get_match, player_seat
from daymove.play.models import Match


def finished_fields(winner: int | None, scores, reason: str, now) -> dict:
    """The match row's fields once it has ended with this result."""
    return {
        "status": Match.Status.FINISHED,
        "to_move": None,
        "winner": winner,
        "scores": list(scores) if scores is not None else None,
        "result_reason": reason,
        "draw_offer_seat": None,
        "finished_at": now,
        "updated": now,
    }


def end_match(
    match: Match,
    winner: int | None,
    reason: str,
    *,
    aborted: bool = False,
    note: str = "",
    only_if: Q | None = None,
    conflict: str | None = None,
) -> Match:
    """End an active match (optionally only while `only_if` holds; `note`: the moderators' reason); Conflict (with
    `conflict`, a translated reason, if given) if not.

    The UPDATE is conditional on the match still being active, so whoever ends it first wins and what an
    ending causes (ratings, emails) happens exactly once.
    """
    fields = finished_fields(winner, None, reason, timezone.now()) | {"result_note": note}
    if aborted:
        fields["status"] = Match.Status.ABORTED
    with transaction.atomic():
        changed = Match.objects.filter(only_if or Q(), pk=match.pk, status=Match.Status.ACTIVE).update(**fields)
        if changed != 1:
            raise Conflict(gettext("This match is already over.") if conflict is None else conflict)
        for name, value in fields.items():
            setattr(match, name, value)
    return match


def resign(match_id, user) -> Match:
    """End the match as a loss for `user`; Refused if it is not theirs or already over."""
    match = get_match(match_id)
    seat = player_seat(match, user)
    return end_match(match, 1 - seat, "resignation")
