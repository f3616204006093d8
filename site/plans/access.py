"""Who may keep an analysis of a match, and the seat it is seen from."""

from __future__ import annotations

from django.utils.translation import gettext

from daymove.errors import Forbidden, Refused
from daymove.play.models import Match


def analysis_seat(match: Match, user) -> int | None:
    """The seat `user` analyses from (None: a spectator of a finished match); Refused if they may not analyse."""
    if user is None or not user.is_authenticated:
        raise Forbidden(gettext("Log in to keep an analysis."))
    seat = match.seat_of(user)
    if seat is None and match.is_active:
        raise Forbidden(gettext("Only its players analyse a match in progress."))
    return seat


def can_analyse(match: Match, user) -> bool:
    """Whether the match page offers `user` an analysis board."""
    try:
        analysis_seat(match, user)
    except Refused:
        return False
    return True
