"""A ladder challenge recorded: the challenger joins at the bottom with their first one, and its game is kept.

`daymove.round.ladder_challenges` calls these in order, in one transaction, around the match it starts.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext

from daymove.errors import NotFound
from daymove.ladders import arithmetic, signals
from daymove.ladders.models import Ladder, LadderGame, PlaceChange
from daymove.ladders.places import lock, rewrite, standing
from daymove.ladders.refusals import refuse


def get_ladder(slug: str) -> Ladder:
    """The ladder with this slug; NotFound if there is none."""
    ladder = Ladder.objects.filter(slug=slug).first()
    if ladder is None:
        raise NotFound(gettext("There is no such ladder."))
    return ladder


def hold_challenge(ladder: Ladder, challenger, defender) -> Ladder:
    """Lock the ladder and check the challenge (Refused with the reason); call inside the challenge's transaction."""
    ladder = lock(ladder.pk)
    refuse(ladder, challenger, defender)
    return ladder


def record_game(ladder: Ladder, match, challenger, defender) -> LadderGame:
    """Keep `match` as a ladder game, the challenger joining at the bottom if new (ladder locked, checked)."""
    now = timezone.now()
    before = standing(ladder)
    if challenger.pk not in before:
        joined = {challenger.pk: PlaceChange.Reason.JOINED}
        rewrite(ladder, before, arithmetic.join(before, challenger.pk), joined, PlaceChange.Reason.JOINED, now)
    return LadderGame.objects.create(ladder=ladder, match=match, challenger=challenger, defender=defender, created=now)


def announce(game: LadderGame) -> None:
    """Tell the defender they have been challenged (after the match's own announcement)."""
    signals.ladder_challenged.send(sender=LadderGame, game=game)
