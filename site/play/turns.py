"""The matches waiting for a player's move."""

from django.db.models import Q

from daymove.play.models import Match


def waiting_for(user):
    """The active matches in which `user` is to move."""
    return Match.objects.filter(Q(player0=user, to_move=0) | Q(player1=user, to_move=1), status=Match.Status.ACTIVE)


def waiting_count(user) -> int:
    """How many matches wait for `user`'s move."""
    return waiting_for(user).count()
