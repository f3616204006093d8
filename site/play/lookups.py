"""Finding the match or challenge a request names, and the user's seat in it, with a refusal a person can read."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext

from daymove.errors import Forbidden, NotFound, Refused
from daymove.play.models import Challenge, Match
from daymove.prepared_sql import Prepared

# A match's players with their profiles (which say who is a bot): read with every match that is looked up.
PLAYERS_RELATED = ("player0__player", "player1__player")
# Read by every service that changes a match (a move first): its SQL built once per process (daymove.prepared_sql).
_MATCH = Prepared(lambda match_id: Match.objects.select_related(*PLAYERS_RELATED).filter(pk=match_id))
_LARGEST_ID = 2**63 - 1  # a bigger number is no match's id (and no database's integer)


def match_id_of(value) -> int | None:
    """`value` as a number that can be a match's id, or None (then no match has it)."""
    try:
        number = int(value)
    except (ValueError, TypeError):
        return None
    return number if 0 < number <= _LARGEST_ID else None


def _find_match(match_id, *related: str) -> Match:
    try:
        return Match.objects.select_related(*PLAYERS_RELATED, *related).get(pk=match_id)
    except (Match.DoesNotExist, ValueError, TypeError):
        raise NotFound(gettext("There is no such match.")) from None


def get_match(match_id) -> Match:
    """The match with its players (and their profiles, which say who is a bot) loaded; NotFound if there is none."""
    number = match_id_of(match_id)
    found = _MATCH.first(number) if number is not None else None
    if found is None:
        raise NotFound(gettext("There is no such match."))
    return found


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
