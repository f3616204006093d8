"""Pushes recorded as outbox jobs in the transaction of the change that causes them, one job per device.

A job per (match or challenge, ply, kind, device) key, so a redelivered job never pushes twice and a device
that fails is retried alone. What a push says is built when it is sent (see `sender`).
"""

from __future__ import annotations

from daymove.outbox.jobs import record
from daymove.play.models import Challenge, Match
from daymove.play.signals import is_replaying_history
from daymove.players.bots import is_bot
from daymove.push.models import PushSubscription, wants_push

KIND = "push"


def _record(kind: str, subject: str, ply: int, user, **payload) -> None:
    if is_replaying_history() or is_bot(user) or not wants_push(user, kind):
        return
    for device in PushSubscription.objects.filter(user=user).values_list("pk", flat=True):
        key = f"push:{subject}:{ply}:{kind}:{user.pk}:{device}"
        record(KIND, key, {"kind": kind, "user": user.pk, "device": device, "ply": ply, **payload})


def _against_bot(match: Match) -> bool:
    return any(is_bot(user) for user in match.players)


def turn_passed(match: Match) -> None:
    """The player to move hears it is their turn (not against a bot: it answers while they watch)."""
    if match.is_active and match.to_move is not None and not _against_bot(match):
        _record("your_turn", str(match.pk), match.ply, match.players[match.to_move], match=match.pk)


def match_started(match: Match) -> None:
    """The challenger hears the match started if they move first (whoever accepted is on the page)."""
    creator_id = Challenge.objects.filter(match=match).values_list("creator_id", flat=True).first()
    if match.to_move is not None and match.players[match.to_move].pk == creator_id:
        turn_passed(match)


def challenge_created(challenge: Challenge) -> None:
    """The named opponent of a direct challenge hears of it."""
    if challenge.opponent is not None:
        _record("challenge", f"c{challenge.pk}", 0, challenge.opponent, challenge=challenge.pk)


def draw_offered(match: Match, seat: int) -> None:
    """The opponent hears of a draw offer."""
    _record("draw_offer", str(match.pk), match.ply, match.players[1 - seat], match=match.pk)


def match_finished(match: Match) -> None:
    """Both players hear the result (not against a bot)."""
    if not _against_bot(match):
        for user in match.players:
            _record("game_over", str(match.pk), match.ply, user, match=match.pk)
