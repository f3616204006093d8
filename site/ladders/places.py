"""Writing a ladder's places: always under the ladder row's lock, always a permutation of 1..N.

A change is computed by the pure arithmetic (a tuple of player ids, place 1 first) and written here with
its history line for every player whose place changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import F

from daymove.ladders import signals
from daymove.ladders.models import Ladder, PlaceChange, Rung

# Places are unique per ladder, so moved rungs pass through places no rung holds on their way (two updates).
PARKING = 1_000_000


@dataclass(frozen=True)
class Change:
    """One player's place before and after (None: not on the ladder)."""

    player_id: int
    from_place: int | None
    to_place: int | None


def lock(ladder_id: int) -> Ladder:
    """The ladder row, locked until the transaction ends: every change of its places queues behind this one."""
    return Ladder.objects.select_for_update().get(pk=ladder_id)


def standing(ladder: Ladder) -> tuple[int, ...]:
    """The ladder's player ids, place 1 first."""
    return tuple(Rung.objects.filter(ladder=ladder).order_by("place").values_list("player_id", flat=True))


def rewrite(
    ladder: Ladder,
    before: tuple[int, ...],
    after: tuple[int, ...],
    reasons: dict[int, str],
    others: str,
    now: datetime,
    match=None,
    note: str = "",
    said: dict | None = None,
) -> list[Change]:
    """Write the places `after` (the ladder held `before`), a history line per change, and announce it.

    `reasons` gives the reason of the players the change is about; everyone else who moved gets `others`. Their
    history line carries `note` (a moderator's words) or `said` (what the site says: PlaceChange.why).
    """
    old = {player: place for place, player in enumerate(before, 1)}
    new = {player: place for place, player in enumerate(after, 1)}
    changes = [Change(p, old.get(p), new.get(p)) for p in dict.fromkeys((*before, *after)) if old.get(p) != new.get(p)]
    if not changes:
        return []
    gone = [c.player_id for c in changes if c.to_place is None]
    Rung.objects.filter(ladder=ladder, player_id__in=gone).delete()
    moved = [c for c in changes if c.from_place is not None and c.to_place is not None]
    if moved:
        rungs = list(Rung.objects.filter(ladder=ladder, player_id__in=[c.player_id for c in moved]))
        for rung in rungs:
            rung.place = PARKING + new[rung.player_id]
        Rung.objects.bulk_update(rungs, ["place"])
        Rung.objects.filter(ladder=ladder, place__gt=PARKING).update(place=F("place") - PARKING)
    Rung.objects.bulk_create(
        Rung(ladder=ladder, player_id=c.player_id, place=c.to_place, joined_at=now, last_ended_at=now)
        for c in changes
        if c.from_place is None
    )
    PlaceChange.objects.bulk_create(
        PlaceChange(
            ladder=ladder,
            player_id=c.player_id,
            from_place=c.from_place,
            to_place=c.to_place,
            reason=reasons.get(c.player_id, others),
            match=match,
            note=note if c.player_id in reasons else "",
            said=(said or {}) if c.player_id in reasons else {},
            at=now,
        )
        for c in changes
    )
    signals.place_changed.send(sender=Ladder, ladder=ladder)
    return changes
