"""What the ladder emails say, built when each is sent from the ladder's rows as they stand then.

An email whose news has passed sends nothing: a challenge whose match is over, a place lost again or taken back,
a warning after a ladder game ended. A board is drawn only from the recipient's own seat.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from daymove.clocks.models import MatchClock
from daymove.ladders import arithmetic
from daymove.ladders.idle import idle_days_of
from daymove.ladders.models import Ladder, LadderGame, PlaceChange, Rung
from daymove.notify.content import match_link, turn_summary


def _absolute(path: str) -> str:
    return settings.SITE_URL + path


def _ladder_words(ladder: Ladder, user) -> dict:
    rung = Rung.objects.filter(ladder=ladder, player=user).first()
    return {
        "ladder": ladder,
        "ladder_url": _absolute(ladder.get_absolute_url()),
        "history_url": _absolute(reverse("ladders:player", args=[ladder.slug, user.username])),
        "place": rung.place if rung else None,
        "size": Rung.objects.filter(ladder=ladder).count(),
    }


def ladder_challenged(payload: dict, user) -> dict | None:
    """The challenger, the game and, on the recipient's turn, the board and deadline; while the match goes on."""
    game = (
        LadderGame.objects.select_related("ladder", "challenger", "match__player0", "match__player1")
        .filter(match_id=payload["match"], defender=user)
        .first()
    )
    if game is None or not game.match.is_active:
        return None
    match, seat = game.match, game.match.seat_of(user)
    clock = MatchClock.objects.filter(match=match).first()
    words = {"challenger": game.challenger, "your_move": match.to_move == seat, "time_control": str(clock or "")}
    return (
        turn_summary(match, seat, clock, with_picture=match.to_move == seat) | _ladder_words(game.ladder, user) | words
    )


def ladder_passed(payload: dict, user) -> dict | None:
    """Who passed the recipient, and the place they are on now; while they are still on the ladder."""
    ladder = Ladder.objects.filter(pk=payload["ladder"]).first()
    line = (
        PlaceChange.objects.filter(
            ladder=ladder, player=user, match_id=payload["match"], reason=PlaceChange.Reason.PASSED
        )
        .select_related("match__player0", "match__player1")
        .first()
    )
    words = _ladder_words(ladder, user) if ladder else {}
    if line is None or line.match is None or words.get("place") is None:
        return None
    by = next(p for p in line.match.players if p.pk == payload["by"])
    return words | {
        "by": by,
        "from_place": line.from_place,
        "to_place": line.to_place,
        "match_url": match_link(line.match),
    }


def ladder_moved(payload: dict, user) -> dict | None:
    """The place before and after, and why (idle, or a moderator's adjustment with their reason)."""
    ladder = Ladder.objects.filter(pk=payload["ladder"]).first()
    if ladder is None:
        return None
    line = PlaceChange.objects.filter(
        ladder=ladder, player=user, reason=payload["reason"], from_place=payload["from"], to_place=payload["to"]
    ).first()
    if line is None:
        return None
    return _ladder_words(ladder, user) | {
        "from_place": line.from_place,
        "to_place": line.to_place,
        "idle": line.reason == PlaceChange.Reason.DECAYED,
        "months": payload.get("months"),
        "removed_days": arithmetic.REMOVED_AFTER.days,
        "note": line.note,
    }


def ladder_idle(payload: dict, user) -> dict | None:
    """When the recipient will be removed unless a ladder game of theirs ends; while the warning stands."""
    rung = Rung.objects.filter(ladder_id=payload["ladder"], player=user).select_related("ladder").first()
    if rung is None or rung.warned_at is None or rung.warned_at.isoformat() != payload["warned_at"]:
        return None
    today = timezone.now().date()
    idle = idle_days_of(rung, timezone.now())  # as it is now: a warning sent late says so
    removal = arithmetic.removal_date(idle, today, rung.warned_at.date())
    return _ladder_words(rung.ladder, user) | {
        "idle_days": idle,
        "days_left": (removal - today).days,
        "removal": removal,
    }


BUILDERS = {
    "ladder_challenged": ladder_challenged,
    "ladder_passed": ladder_passed,
    "ladder_moved": ladder_moved,
    "ladder_idle": ladder_idle,
}
