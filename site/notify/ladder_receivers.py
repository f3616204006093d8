"""Ladder emails: each ladder signal becomes its tidings (`ladder_decisions`), recorded in the change's transaction."""

from __future__ import annotations

from django.dispatch import receiver
from django.utils import timezone

from daymove.ladders import signals
from daymove.notify import events, ladder_decisions
from daymove.notify.decisions import EMAIL


@receiver(signals.ladder_challenged)
def email_ladder_challenged(sender, game, **kwargs) -> None:
    """The defender hears of the challenge and its started match."""
    events.send(ladder_decisions.ladder_challenged(game, EMAIL))


@receiver(signals.place_passed)
def email_place_passed(sender, player, by, ladder, match, **kwargs) -> None:
    """A player passed by a winning challenger hears their new place."""
    events.send(ladder_decisions.place_passed(player, by, ladder, match, EMAIL))


@receiver(signals.place_moved)
def email_place_moved(sender, player, ladder, **moved) -> None:
    """A player dropped for being idle, or moved by the moderators, hears where to and why."""
    events.send(ladder_decisions.place_moved(player, ladder, moved, timezone.now(), EMAIL))


@receiver(signals.idle_warning)
def email_idle_warning(sender, rung, **kwargs) -> None:
    """An idle player hears a week before removal."""
    events.send(ladder_decisions.idle_warning(rung, EMAIL))
