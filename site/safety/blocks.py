"""Blocking: once either player has blocked the other, no challenge, acceptance or chat passes between them.

The blocker also stops seeing the blocked player's chat lines and open challenges. Matches already in
progress go on (a block is no way out of a lost game); the apps above close what is open between the
two when told (`signals.player_blocked`: play withdraws their challenges).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q

from daymove.errors import NotFound, Refused
from daymove.players.bots import is_bot
from daymove.safety.models import Block
from daymove.safety.signals import player_blocked


def blocked_players(user) -> list:
    """The players `user` has blocked, latest first."""
    return [row.blocked for row in Block.objects.filter(blocker=user).select_related("blocked")]


def either_blocked_ids(user) -> set[int]:
    """The ids of the players `user` has blocked or been blocked by."""
    if user is None or not user.is_authenticated:
        return set()
    pairs = Block.objects.filter(Q(blocker=user) | Q(blocked=user)).values_list("blocker_id", "blocked_id")
    return {other for pair in pairs for other in pair if other != user.pk}


def blocks_between(user, other) -> tuple[bool, bool]:
    """Whether `user` has blocked `other`, and whether `other` has blocked `user`, in one query."""
    pairs = set(
        Block.objects.filter(Q(blocker=user, blocked=other) | Q(blocker=other, blocked=user)).values_list(
            "blocker_id", "blocked_id"
        )
    )
    return (user.pk, other.pk) in pairs, (other.pk, user.pk) in pairs


def has_blocked(blocker, blocked) -> bool:
    """True if `blocker` has blocked `blocked`."""
    return Block.objects.filter(blocker=blocker, blocked=blocked).exists()


def refuse_if_blocked(user, other, doing: str) -> None:
    """Refused if either of the two has blocked the other; `doing` names the action ("challenge", "chat with")."""
    if other is None or user.pk == other.pk:
        return
    if has_blocked(user, other):
        raise Refused(f"You have blocked {other.username}, so you cannot {doing} them. Unblock them on their profile.")
    if has_blocked(other, user):
        raise Refused(f"{other.username} does not accept this from you: you cannot {doing} them.")


def block(blocker, username: str) -> Block:
    """Block the player called `username` and withdraw the challenges open between the two."""
    User = get_user_model()
    blocked = User.objects.filter(username=username).first()
    if blocked is None:
        raise NotFound("There is no such player.")
    if blocked.pk == blocker.pk:
        raise Refused("You cannot block yourself.")
    if is_bot(blocked):
        raise Refused("Bots never write or challenge anyone: there is nothing to block.")
    with transaction.atomic():
        try:
            with transaction.atomic():
                row = Block.objects.create(blocker=blocker, blocked=blocked)
        except IntegrityError:  # already blocked (a double click): nothing more to do
            return Block.objects.get(blocker=blocker, blocked=blocked)
        player_blocked.send(sender=Block, blocker=blocker, blocked=blocked)
    return row


def unblock(blocker, username: str) -> int:
    """Lift `blocker`'s block of `username`; how many blocks were lifted (0 or 1)."""
    deleted, _ = Block.objects.filter(blocker=blocker, blocked__username=username).delete()
    return deleted
