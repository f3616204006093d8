"""What the admin's match actions do that is play's own: abort, declare a result."""

from __future__ import annotations

from django.utils.translation import gettext

from daymove.errors import Refused
from daymove.play.endings import end_match
from daymove.play.models import RESULT_NOTE_MAX_LENGTH, Match


def abort(match: Match) -> Match:
    """End an active match with no result (not rated)."""
    return end_match(match, None, "aborted-by-admin", aborted=True)


def declare_result(match: Match, winner: int | None, reason: str) -> Match:
    """End an active match with the given winner (None: a draw) for `reason`, shown with the result; rated."""
    reason = " ".join(reason.split())
    if not reason:
        raise Refused(gettext("Write why the result is declared: the players and the match page show it."))
    if len(reason) > RESULT_NOTE_MAX_LENGTH:
        raise Refused(gettext("Keep the reason within %(most)s characters.") % {"most": RESULT_NOTE_MAX_LENGTH})
    return end_match(match, winner, "declared-by-admin", note=reason)
