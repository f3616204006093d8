"""Ladder pushes: each ladder signal becomes its tidings (`daymove.notify.ladder_decisions`), one job per device."""

from __future__ import annotations

from django.dispatch import receiver
from django.utils import timezone

from daymove.ladders import signals
from daymove.notify import ladder_decisions
from daymove.notify.decisions import PUSH
from daymove.push import events


@receiver(signals.ladder_challenged)
def push_ladder_challenged(sender, game, **kwargs) -> None:
    """The defender hears of the challenge and its started match."""
    events.send(ladder_decisions.ladder_challenged(game, PUSH))


@receiver(signals.place_passed)
def push_place_passed(sender, player, by, ladder, match, **kwargs) -> None:
    """A player passed by a winning challenger hears their new place."""
    events.send(ladder_decisions.place_passed(player, by, ladder, match, PUSH))


@receiver(signals.place_moved)
def push_place_moved(sender, player, ladder, **moved) -> None:
    """A player dropped for being idle, or moved by the moderators, hears where to."""
    events.send(ladder_decisions.place_moved(player, ladder, moved, timezone.now(), PUSH))


@receiver(signals.idle_warning)
def push_idle_warning(sender, rung, **kwargs) -> None:
    """An idle player hears a week before removal."""
    events.send(ladder_decisions.idle_warning(rung, PUSH))
