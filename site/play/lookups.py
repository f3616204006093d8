"""Finding the match or challenge a request names, and the user's seat in it, with a refusal a person can read."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext

from daymove.errors import Forbidden, NotFound, Refused
from daymove.play.models import Challenge, Match


def _find_match(match_id, *related: str) -> Match:
    try:
        return Match.objects.select_related("player0__player", "player1__player", *related).get(pk=match_id)
    except (Match.DoesNotExist, ValueError, TypeError):
        raise NotFound(gettext("There is no such match.")) from None


def get_match(match_id) -> Match:
    """The match with its players (and their profiles, which say who is a bot) loaded; NotFound if there is none."""
    return _find_match(match_id)


def match_or_404(match_id, *related: str) -> Match:
    """The match for a page, with the relations the page names (another app's row, such as its clock: services
    change those through rows of their own, so only a page that changes nothing may hold one): a 404 page for an
    id that names none."""
    try:
        return _find_match(match_id, *related)
    except Refused:
        raise Http404(gettext("There is no such match.")) from None


def get_challenge(challenge_id) -> Challenge:
    """The challenge; NotFound if there is none."""
    try:
        return Challenge.objects.select_related("creator", "opponent").get(pk=challenge_id)
    except (Challenge.DoesNotExist, ValueError, TypeError):
        raise NotFound(gettext("There is no such challenge.")) from None


def player_seat(match: Match, user) -> int:
    """The seat `user` plays in the match; Forbidden if they do not play in it."""
    seat = match.seat_of(user)
    if seat is None:
        raise Forbidden(gettext("You are not playing in this match."))
    return seat
