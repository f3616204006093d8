"""Draw offers: offer, accept or decline; an offer lapses when the offerer's opponent moves."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Case, Q, SmallIntegerField, Value, When
from django.utils.translation import gettext

from daymove.errors import Conflict, Refused
from daymove.play import signals
from daymove.play.endings import end_match
from daymove.play.lookups import get_match, player_seat
from daymove.play.models import Match


def can_offer_draw(match: Match) -> bool:
    """Whether this match's game allows a draw by agreement (its rules know drawn results)."""
    return bool(match.rules.draws_by_agreement)


def _seat_in_active_match(match: Match, user) -> int:
    seat = player_seat(match, user)
    if not match.is_active:
        raise Conflict(gettext("This match is over."))
    return seat


def offer_draw(match_id, user) -> Match:
    """Offer a draw (accepting the opponent's offer if they made one first)."""
    match = get_match(match_id)
    seat = _seat_in_active_match(match, user)
    if not can_offer_draw(match):
        raise Refused(gettext("%(game)s cannot end in a draw.") % {"game": match.rules.name})
    if match.draw_offer_seat == 1 - seat:
        return accept_draw(match_id, user)
    if match.draw_offer_seat == seat:
        raise Conflict(gettext("You have already offered a draw."))
    with transaction.atomic():
        changed = Match.objects.filter(pk=match.pk, status=Match.Status.ACTIVE, draw_offer_seat=None).update(
            draw_offer_seat=seat
        )
        if changed != 1:
            raise Conflict(gettext("The match changed meanwhile; look again."))
        match.draw_offer_seat = seat
        signals.draw_offered.send(sender=Match, match=match, seat=seat)
    return match


def accept_draw(match_id, user) -> Match:
    """Accept the opponent's standing offer: the match ends as a draw by agreement."""
    match = get_match(match_id)
    seat = _seat_in_active_match(match, user)
    return end_match(
        match,
        None,
        "agreement",
        only_if=Q(draw_offer_seat=1 - seat),
        conflict=gettext("There is no draw offer to accept any more."),
    )


def decline_draw(match_id, user) -> Match:
    """Turn the opponent's draw offer down."""
    match = get_match(match_id)
    seat = _seat_in_active_match(match, user)
    with transaction.atomic():
        changed = Match.objects.filter(pk=match.pk, status=Match.Status.ACTIVE, draw_offer_seat=1 - seat).update(
            draw_offer_seat=None
        )
        if changed != 1:
            raise Conflict(gettext("There is no draw offer to decline any more."))
        match.draw_offer_seat = None
        signals.draw_declined.send(sender=Match, match=match, seat=1 - seat)
    return match


def offer_after_move(mover: int) -> Case:
    """The draw offer after `mover` moves, as a value of the move's UPDATE: an offer by the other seat lapses.

    Evaluated by the move's own statement on the locked row, so it reads the offer as committed, not as this
    request loaded it.
    """
    return Case(When(draw_offer_seat=mover, then=Value(mover)), default=None, output_field=SmallIntegerField())
