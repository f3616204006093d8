"""Blocking: once either player has blocked the other, no challenge, acceptance or chat passes between them.

The blocker also stops seeing the blocked player's chat lines and open challenges. Matches already in
progress go on (a block is no way out of a lost game); the apps above close what is open between the
two when told (`signals.player_blocked`: play withdraws their challenges).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Exists, Expression, OuterRef, Q
from django.utils.translation import gettext

from daymove.errors import NotFound, Refused
from daymove.players.bots import is_bot
from daymove.players.viewer import page_fact
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


def without_blocked(queryset, user, field: str):
    """`queryset` without the rows whose `field` is a player `user` has blocked or been blocked by, in its own
    query (a subquery, not a round trip of its own)."""
    return queryset.exclude(**{f"{field}__in": Block.objects.filter(blocker=user).values("blocked_id")}).exclude(
        **{f"{field}__in": Block.objects.filter(blocked=user).values("blocker_id")}
    )


def blocks_between(user, other) -> tuple[bool, bool]:
    """Whether `user` has blocked `other`, and whether `other` has blocked `user`, in one query."""
    pairs = set(
        Block.objects.filter(Q(blocker=user, blocked=other) | Q(blocker=other, blocked=user)).values_list(
            "blocker_id", "blocked_id"
        )
    )
    return (user.pk, other.pk) in pairs, (other.pk, user.pk) in pairs


# The page fact (daymove.players.viewer) saying whether the viewer has blocked anyone or been blocked by anyone:
# most players never are, and their pages then ask nothing about blocks.
IN_A_BLOCK = "in_a_block"


def in_a_block_of(user_pk: OuterRef) -> Expression:
    """Whether an outer query's user has blocked or been blocked by anyone: read with the session's user."""
    return Exists(Block.objects.filter(Q(blocker=user_pk) | Q(blocked=user_pk)))


def viewer_blocks_with(request, other) -> tuple[bool, bool]:
    """`blocks_between(viewer, other)`, asking nothing when the viewer is in no block at all."""
    if not page_fact(request, IN_A_BLOCK, lambda: True):
        return False, False
    return blocks_between(request.user, other)


def has_blocked(blocker, blocked) -> bool:
    """True if `blocker` has blocked `blocked`."""
    return Block.objects.filter(blocker=blocker, blocked=blocked).exists()


CHALLENGE, ACCEPT = "challenge", "accept"  # what `refuse_if_blocked` refuses


def refuse_if_blocked(user, other, doing: str) -> None:
    """Refused if either of the two has blocked the other; `doing` is the action refused (CHALLENGE or ACCEPT)."""
    if other is None or user.pk == other.pk:
        return
    params = {"player": other.username}
    if has_blocked(user, other):
        if doing == ACCEPT:
            raise Refused(
                gettext(
                    "You have blocked %(player)s, so you cannot accept challenges from them. Unblock them on their"
                    " profile."
                )
                % params
            )
        raise Refused(
            gettext("You have blocked %(player)s, so you cannot challenge them. Unblock them on their profile.")
            % params
        )
    if has_blocked(other, user):
        if doing == ACCEPT:
            raise Refused(
                gettext("%(player)s does not accept this from you: you cannot accept challenges from them.") % params
            )
        raise Refused(gettext("%(player)s does not accept this from you: you cannot challenge them.") % params)


def block(blocker, username: str) -> Block:
    """Block the player called `username` and withdraw the challenges open between the two."""
    User = get_user_model()
    blocked = User.objects.filter(username=username).first()
    if blocked is None:
        raise NotFound(gettext("There is no such player."))
    if blocked.pk == blocker.pk:
        raise Refused(gettext("You cannot block yourself."))
    if is_bot(blocked):
        raise Refused(gettext("Bots never write or challenge anyone: there is nothing to block."))
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
