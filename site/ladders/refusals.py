"""Who may challenge whom on a ladder now, and why not: the pure rule (`arithmetic.refusal`) fed from the rows.

A player not on the ladder counts as just below the bottom: their first challenge joins them there.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from daymove.clocks.models import Vacation
from daymove.errors import Refused
from daymove.ladders import arithmetic
from daymove.ladders.models import Ladder, LadderGame
from daymove.ladders.places import standing
from daymove.players.accounts import has_verified_email
from daymove.players.bots import is_bot
from daymove.safety.blocks import either_blocked_ids

CLOSED = "This ladder is closed to new challenges."
BOTS = "Bots do not play on ladders."
UNVERIFIED = "Ladder games are rated: confirm your email address first (see Account)."
BLOCKED = "One of you has blocked the other."


@dataclass(frozen=True)
class Situation:
    """What the rule needs to know about one ladder now: places, open and recent games, who is on vacation."""

    standing: tuple[int, ...]
    open_games: tuple[arithmetic.OpenGame, ...]
    past_games: tuple[arithmetic.PastGame, ...]
    vacation: frozenset[int]
    now: datetime


def on_vacation(player_ids, now: datetime) -> frozenset[int]:
    """Which of these players are on vacation now."""
    away = Vacation.objects.filter(user_id__in=list(player_ids), starts__lte=now, ends__gt=now)
    return frozenset(away.values_list("user_id", flat=True))


def situation(ladder: Ladder, also: tuple[int, ...] = (), now: datetime | None = None) -> Situation:
    """The ladder as the rule sees it now (`also`: players off the ladder whose vacation matters too)."""
    now = now or timezone.now()
    places = standing(ladder)
    games = LadderGame.objects.filter(ladder=ladder)
    open_games = tuple(
        arithmetic.OpenGame(c, d) for c, d in games.filter(ended_at=None).values_list("challenger_id", "defender_id")
    )
    recent = games.filter(ended_at__gt=now - arithmetic.REPEAT_AFTER).values_list(
        "challenger_id", "defender_id", "ended_at"
    )
    past_games = tuple(arithmetic.PastGame(c, d, ended.date()) for c, d, ended in recent)
    involved = {*places, *also, *(p for g in open_games for p in (g.challenger, g.defender))}
    return Situation(places, open_games, past_games, on_vacation(involved, now), now)


def viewer_refusal(ladder: Ladder, challenger) -> str | None:
    """Why `challenger` may challenge nobody on this ladder, or None."""
    if not ladder.active:
        return CLOSED
    if is_bot(challenger):
        return BOTS
    if not has_verified_email(challenger):
        return UNVERIFIED
    return None


def pair_refusal(situation: Situation, challenger_id: int, defender_id: int, blocked: set[int]) -> str | None:
    """Why the challenger may not challenge the defender in this situation, or None."""
    reason = arithmetic.refusal(
        situation.standing,
        challenger_id,
        defender_id,
        situation.open_games,
        situation.past_games,
        situation.vacation,
        situation.now.date(),
    )
    if reason is not None:
        return arithmetic.refusal_in_words(reason, len(situation.standing))
    return BLOCKED if defender_id in blocked else None


def refusal(ladder: Ladder, challenger, defender) -> str | None:
    """Why `challenger` may not challenge `defender` on `ladder` now, in words; None if they may."""
    reason = viewer_refusal(ladder, challenger)
    if reason is None:
        reason = pair_refusal(
            situation(ladder, (challenger.pk,)), challenger.pk, defender.pk, either_blocked_ids(challenger)
        )
    return reason


def refuse(ladder: Ladder, challenger, defender) -> None:
    """Refused with the reason if `challenger` may not challenge `defender` now (call with the ladder locked)."""
    if (reason := refusal(ladder, challenger, defender)) is not None:
        raise Refused(reason)
