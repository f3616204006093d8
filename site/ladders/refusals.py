"""Who may challenge whom on a ladder now, and why not: the pure rule (`arithmetic.refusal_by_places`) fed from
the rows of the players concerned only.

A player not on the ladder counts as just below the bottom: their first challenge joins them there.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext

from daymove.clocks.models import Vacation
from daymove.errors import Refused
from daymove.ladders import arithmetic
from daymove.ladders.models import Ladder, LadderGame, Rung
from daymove.players.accounts import has_verified_email
from daymove.players.bots import is_bot
from daymove.safety.blocks import either_blocked_ids

# Said with gettext where they are returned (the reader's language); the pure rule's reasons are put into words by
# `said`.
CLOSED = gettext_noop("This ladder is closed to new challenges.")
BOTS = gettext_noop("Bots do not play on ladders.")
UNVERIFIED = gettext_noop("Ladder games are rated: confirm your email address first (see Account).")
BLOCKED = gettext_noop("One of you has blocked the other.")


@dataclass(frozen=True)
class Situation:
    """What the rule needs to know about some players of one ladder now: the ladder's size, their places, the open
    games any of them plays, the challenger's recent games, and who of those games' players is on vacation."""

    size: int
    places: dict[int, int]
    open_games: tuple[arithmetic.OpenGame, ...]
    past_games: tuple[arithmetic.PastGame, ...]
    vacation: frozenset[int]
    now: datetime


def on_vacation(player_ids, now: datetime) -> frozenset[int]:
    """Which of these players are on vacation now."""
    away = Vacation.objects.filter(user_id__in=list(player_ids), starts__lte=now, ends__gt=now)
    return frozenset(away.values_list("user_id", flat=True))


def situation(ladder: Ladder, challenger_id: int | None, players, now: datetime | None = None) -> Situation:
    """The ladder as the rule sees it for `challenger_id` (None: nobody) facing `players`, in five queries whatever
    the ladder's length: only these players' rows and games are read."""
    now = now or timezone.now()
    concerned = {*players} | ({challenger_id} if challenger_id is not None else set())
    rungs = Rung.objects.filter(ladder=ladder)
    places = dict(rungs.filter(player_id__in=concerned).values_list("player_id", "place"))
    games = LadderGame.objects.filter(ladder=ladder)
    either = Q(challenger_id__in=concerned) | Q(defender_id__in=concerned)
    open_games = tuple(
        arithmetic.OpenGame(c, d)
        for c, d in games.filter(either, ended_at=None).values_list("challenger_id", "defender_id")
    )
    past_games = ()
    if challenger_id is not None:
        mine = Q(challenger_id=challenger_id) | Q(defender_id=challenger_id)
        recent = games.filter(mine, ended_at__gt=now - arithmetic.REPEAT_AFTER)
        past_games = tuple(
            arithmetic.PastGame(c, d, ended.date())
            for c, d, ended in recent.values_list("challenger_id", "defender_id", "ended_at")
        )
    involved = concerned | {p for g in open_games for p in (g.challenger, g.defender)}
    return Situation(rungs.count(), places, open_games, past_games, on_vacation(involved, now), now)


def viewer_refusal(ladder: Ladder, challenger) -> str | None:
    """Why `challenger` may challenge nobody on this ladder, or None."""
    if not ladder.active:
        return gettext(CLOSED)
    if is_bot(challenger):
        return gettext(BOTS)
    if not has_verified_email(challenger):
        return gettext(UNVERIFIED)
    return None


def said(reason: arithmetic.Refusal, size: int) -> str:
    """The pure rule's reason as the ladder page says it, in the active language."""
    Refusal = arithmetic.Refusal
    if reason == Refusal.TOO_FAR:
        reach = arithmetic.reach(size)
        return ngettext(
            "Too far above you: you may challenge up to %(reach)s place up.",
            "Too far above you: you may challenge up to %(reach)s places up.",
            reach,
        ) % {"reach": reach}
    if reason == Refusal.YOUR_CAP:
        cap = arithmetic.OPEN_GAMES_CAP
        return ngettext(
            "You already have %(cap)s open ladder challenge.", "You already have %(cap)s open ladder challenges.", cap
        ) % {"cap": cap}
    if reason == Refusal.THEIR_CAP:
        cap = arithmetic.OPEN_GAMES_CAP
        return ngettext(
            "This player already has %(cap)s open ladder game against challengers.",
            "This player already has %(cap)s open ladder games against challengers.",
            cap,
        ) % {"cap": cap}
    if reason == Refusal.TOO_SOON:
        days = arithmetic.REPEAT_AFTER.days
        return ngettext(
            "You played each other on the ladder less than %(days)s day ago.",
            "You played each other on the ladder less than %(days)s days ago.",
            days,
        ) % {"days": days}
    return {
        Refusal.YOURSELF: gettext("This is you."),
        Refusal.NOT_ON_LADDER: gettext("This player is not on the ladder."),
        Refusal.BELOW: gettext("This player is below you: challenge someone above."),
        Refusal.ON_VACATION: gettext("This player is on vacation."),
        Refusal.PLAYING: gettext("You are already playing each other on the ladder."),
    }[reason]


def pair_refusal(situation: Situation, challenger_id: int, defender_id: int, blocked: set[int]) -> str | None:
    """Why the challenger may not challenge the defender in this situation, or None."""
    reason = arithmetic.refusal_by_places(
        situation.size,
        situation.places,
        challenger_id,
        defender_id,
        situation.open_games,
        situation.past_games,
        situation.vacation,
        situation.now.date(),
    )
    if reason is not None:
        return said(reason, situation.size)
    return gettext(BLOCKED) if defender_id in blocked else None


def refusal(ladder: Ladder, challenger, defender) -> str | None:
    """Why `challenger` may not challenge `defender` on `ladder` now, in words; None if they may."""
    reason = viewer_refusal(ladder, challenger)
    if reason is None:
        reason = pair_refusal(
            situation(ladder, challenger.pk, (defender.pk,)), challenger.pk, defender.pk, either_blocked_ids(challenger)
        )
    return reason


def refuse(ladder: Ladder, challenger, defender) -> None:
    """Refused with the reason if `challenger` may not challenge `defender` now (call with the ladder locked)."""
    if (reason := refusal(ladder, challenger, defender)) is not None:
        raise Refused(reason)
