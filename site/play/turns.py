"""The matches waiting for a player's move."""

from daymove.play.models import Match


def waiting_count(user) -> int:
    """How many matches wait for `user`'s move."""
    return Match.objects.waiting_for(user).count()
