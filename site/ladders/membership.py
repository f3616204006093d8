"""Joining an empty ladder, leaving a ladder, being taken off it, and a moderator's adjustment of a place.

Anyone else joins with their first challenge (`daymove.ladders.challenges`).

Whoever leaves or is removed keeps their open ladder games, played on as ordinary rated games.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from daymove.errors import NotFound, Refused
from daymove.ladders import arithmetic, signals
from daymove.ladders.models import IDLE, NOTE_MAX_LENGTH, STRUCK_OUT, Ladder, LadderGame, PlaceChange, Rung
from daymove.ladders.places import Change, lock, rewrite, standing
from daymove.ladders.refusals import viewer_refusal

# What the history says of a removal (PlaceChange.why); leaving needs no word.
REMOVAL_SAID = {
    "idle": {"code": IDLE, "days": arithmetic.REMOVED_AFTER.days},
    "strikes": {"code": STRUCK_OUT, "days": arithmetic.STRIKES_WINDOW.days},
    "left": {},
}


def release_games(ladder: Ladder, player_id: int, now: datetime) -> int:
    """The player's open ladder games no longer count on the ladder: they are played on as ordinary rated games."""
    mine = LadderGame.objects.filter(
        Q(challenger_id=player_id) | Q(defender_id=player_id), ladder=ladder, ended_at=None
    )
    return mine.update(ended_at=now, outcome=LadderGame.Outcome.LEFT)


def take_off(ladder: Ladder, rung: Rung, reason: str, now: datetime) -> list[Change]:
    """Take the player of `rung` off the locked ladder (`reason`: idle, strikes or left); everyone below moves up."""
    before = standing(ladder)
    kind = PlaceChange.Reason.LEFT if reason == "left" else PlaceChange.Reason.REMOVED
    changes = rewrite(
        ladder,
        before,
        arithmetic.remove(before, rung.player_id),
        {rung.player_id: kind},
        PlaceChange.Reason.MOVED_UP,
        now,
        said=REMOVAL_SAID[reason],
    )
    release_games(ladder, rung.player_id, now)
    signals.removed.send(sender=Rung, rung=rung, reason=reason)
    return changes


def join_empty(ladder: Ladder, player) -> None:
    """The first player onto an empty ladder (with nobody to challenge); Refused once anyone is on it."""
    with transaction.atomic():
        ladder = lock(ladder.pk)
        if (reason := viewer_refusal(ladder, player)) is not None:
            raise Refused(reason)
        before = standing(ladder)
        if before:
            raise Refused(gettext("Join this ladder by challenging someone on it."))
        joined = {player.pk: PlaceChange.Reason.JOINED}
        rewrite(ladder, before, arithmetic.join(before, player.pk), joined, PlaceChange.Reason.JOINED, timezone.now())


def leave(ladder: Ladder, player) -> None:
    """The player leaves the ladder; NotFound if they are not on it."""
    with transaction.atomic():
        ladder = lock(ladder.pk)
        rung = Rung.objects.filter(ladder=ladder, player=player).first()
        if rung is None:
            raise NotFound(gettext("You are not on this ladder."))
        take_off(ladder, rung, "left", timezone.now())


def adjust(ladder: Ladder, player, place: int, note: str) -> list[Change]:
    """A moderator moves a player to `place` (clamped to the ladder) for the reason `note`; the history says so."""
    note = " ".join(note.split())
    if not note:
        raise Refused(gettext("Give the reason for the adjustment."))
    if len(note) > NOTE_MAX_LENGTH:
        limit = NOTE_MAX_LENGTH
        raise Refused(
            ngettext(
                "Keep the reason within %(limit)s character.", "Keep the reason within %(limit)s characters.", limit
            )
            % {"limit": limit}
        )
    with transaction.atomic():
        ladder = lock(ladder.pk)
        before = standing(ladder)
        if player.pk not in before:
            raise NotFound(gettext("Player %(name)s is not on this ladder.") % {"name": player.username})
        after = arithmetic.move_to(before, player.pk, place)
        now = timezone.now()
        reasons = {player.pk: PlaceChange.Reason.ADJUSTED}
        changes = rewrite(ladder, before, after, reasons, PlaceChange.Reason.ADJUSTED, now, note=note)
        for change in changes:
            if change.player_id == player.pk:
                signals.place_moved.send(
                    sender=Rung,
                    player=player,
                    ladder=ladder,
                    from_place=change.from_place,
                    to_place=change.to_place,
                    reason=PlaceChange.Reason.ADJUSTED,
                    idle_months=None,
                )
    return changes
