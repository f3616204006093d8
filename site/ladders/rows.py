"""The ladder page's rows: a page of players in place order, with whether the viewer may challenge them, or why not."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db.models import QuerySet

from daymove.ladders.models import Ladder, Rung
from daymove.ladders.refusals import pair_refusal, situation, viewer_refusal
from daymove.safety.blocks import either_blocked_ids


@dataclass(frozen=True)
class Row:
    """One rung as the viewer sees it.

    `can_challenge`: the viewer may challenge this player now (a button). Otherwise `reason` says why not, in
    words, or is "" when there is nothing to explain (an anonymous viewer, or the viewer's own row says "This is
    you.").
    """

    place: int
    player: object  # the user
    rung: Rung
    on_vacation: bool
    open_games: int  # ladder games this player is playing now
    last_ended_at: datetime
    is_viewer: bool
    can_challenge: bool
    reason: str


def in_place_order(ladder: Ladder) -> QuerySet[Rung]:
    """The ladder's rungs with their players, place 1 first: slice it (or page it) to read a part of a long ladder."""
    return Rung.objects.filter(ladder=ladder).select_related("player").order_by("place")


def rows(ladder: Ladder, viewer, rungs: Iterable[Rung]) -> list[Row]:
    """These rungs of `ladder` (a page of `in_place_order`) for `viewer` (a user, or an anonymous one), in a fixed
    number of queries: only these players, the viewer and their open games are read, whatever the ladder's length.

    A viewer not on the ladder sees whom their first challenge may reach from just below the bottom.
    """
    rungs = list(rungs)
    signed_in = viewer is not None and viewer.is_authenticated
    now_sees = situation(ladder, viewer.pk if signed_in else None, [rung.player_id for rung in rungs])
    everyone = viewer_refusal(ladder, viewer) if signed_in else ""
    blocked = either_blocked_ids(viewer) if signed_in and everyone is None else set()
    playing: dict[int, int] = {}
    for game in now_sees.open_games:
        for player_id in (game.challenger, game.defender):
            playing[player_id] = playing.get(player_id, 0) + 1
    result = []
    for rung in rungs:
        reason = everyone
        if reason is None:
            reason = pair_refusal(now_sees, viewer.pk, rung.player_id, blocked)
        result.append(
            Row(
                place=rung.place,
                player=rung.player,
                rung=rung,
                on_vacation=rung.player_id in now_sees.vacation,
                open_games=playing.get(rung.player_id, 0),
                last_ended_at=rung.last_ended_at,
                is_viewer=signed_in and rung.player_id == viewer.pk,
                can_challenge=reason is None,
                reason=reason or "",
            )
        )
    return result
