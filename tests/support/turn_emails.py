"""Turn emails after a move wait a grace for the player to look at the match page; tests let it pass unseen."""

from datetime import timedelta

import time_machine
from django.conf import settings
from django.utils import timezone

from daymove.outbox import jobs


def grace() -> timedelta:
    """How long a turn email waits (DAYMOVE_TURN_EMAIL_GRACE_SECONDS), and a second more."""
    return timedelta(seconds=settings.DAYMOVE_TURN_EMAIL_GRACE_SECONDS + 1)


def past_the_grace() -> None:
    """The grace passes with nobody looking, and beat's sweep hands over what is due: the turn emails go out."""
    with time_machine.travel(timezone.now() + grace(), tick=False):
        jobs.sweep()
