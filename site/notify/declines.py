"""A declined draw offer, kept so that the offerer's match page can say so until they move or offer again."""

from __future__ import annotations

from django.db.models import Subquery

from daymove.notify.models import DeclinedOffer
from daymove.play.match_facts import match_fact
from daymove.play.models import Match, Move

DECLINED_AT = "declined_offer_ply"  # the match fact: the ply at which the viewer's draw offer was declined, or None


def _declines(match, user):
    return DeclinedOffer.objects.filter(match=match, user=user).order_by("pk")


def declined_at(match_ref, viewer_id) -> Subquery:
    """The ply at which the viewer's draw offer was declined, or None (a match fact, daymove.play.match_facts)."""
    return Subquery(_declines(match_ref, viewer_id).values("ply")[:1])


def record_decline(match: Match, seat: int) -> None:
    """The draw offer of `seat` was declined just now (in the decline's transaction)."""
    DeclinedOffer.objects.update_or_create(match=match, user=match.players[seat], defaults={"ply": match.ply})


def declined_by(match: Match, user):
    """The opponent who declined `user`'s draw offer, while it is still news: no move or offer of theirs since."""
    seat = match.seat_of(user)
    if seat is None:
        return None
    declined = match_fact(
        match, user, DECLINED_AT, lambda: _declines(match, user).values_list("ply", flat=True).first()
    )
    if declined is None or not match.is_active or match.draw_offer_seat is not None:
        return None
    if Move.objects.filter(match=match, seat=seat, ply__gte=declined).exists():
        return None
    return match.players[1 - seat]
