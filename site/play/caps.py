"""What one account may hold and start: matches in progress, open challenges, challenges an hour. Bots are exempt.

The caps are counted inside the transaction that would exceed them, after locking the players'
rows (`Player`, in a fixed order), so parallel requests queue and a race cannot go past a cap: on
PostgreSQL through SELECT … FOR UPDATE, on SQLite because a write transaction starts with the
database's write lock (settings: `transaction_mode` IMMEDIATE).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Count
from django.utils.translation import ngettext

from daymove.errors import Refused
from daymove.play.models import Challenge, Match
from daymove.players.accounts import has_verified_email
from daymove.players.bots import is_bot
from daymove.players.models import Player
from daymove.safety import ratelimits


@dataclass(frozen=True)
class Caps:
    """One account's allowances."""

    active_matches: int
    open_challenges: int
    challenges_per_hour: int


def caps_of(user, verified: bool | None = None) -> Caps | None:
    """The account's caps: lower until its address is verified (`verified`, if known); None for a bot (no caps)."""
    if is_bot(user):
        return None
    if has_verified_email(user) if verified is None else verified:
        return Caps(
            settings.DAYMOVE_MAX_ACTIVE_MATCHES,
            settings.DAYMOVE_MAX_OPEN_CHALLENGES,
            settings.DAYMOVE_CHALLENGES_PER_HOUR,
        )
    return Caps(
        settings.DAYMOVE_MAX_ACTIVE_MATCHES_UNVERIFIED,
        settings.DAYMOVE_MAX_OPEN_CHALLENGES_UNVERIFIED,
        settings.DAYMOVE_CHALLENGES_PER_HOUR_UNVERIFIED,
    )


def active_matches(user) -> int:
    return Match.objects.involving(user).active().count()


def active_match_counts(user_ids) -> dict[int, int]:
    """How many matches each of these users has in progress (absent: none), in two queries."""
    counts: Counter[int] = Counter()
    for field in ("player0", "player1"):
        rows = Match.objects.active().filter(**{f"{field}__in": list(user_ids)}).values(field).annotate(n=Count("pk"))
        counts.update({row[field]: row["n"] for row in rows})
    return dict(counts)


def open_challenges(user) -> int:
    return Challenge.objects.filter(creator=user, status=Challenge.Status.OPEN).count()


def _lock(*users) -> None:
    """Lock the players' rows until the transaction ends (in id order, so two locks never wait on each other)."""
    list(Player.objects.select_for_update().filter(user__in=[u.pk for u in users]).order_by("user_id"))


def cap_problem(user) -> str | None:
    """Why `user` cannot open a challenge now (a cap reached), or None; for the challenge form."""
    caps = caps_of(user)
    if caps is None:
        return None
    verified = has_verified_email(user)
    if active_matches(user) >= caps.active_matches:
        most = caps.active_matches
        if verified:
            text = ngettext(
                "You have %(count)s match in progress, the most allowed: finish it before you start another.",
                "You have %(count)s matches in progress, the most allowed: finish one before you start another.",
                most,
            )
        else:
            text = ngettext(
                "You have %(count)s match in progress, the most allowed (more once your email address is verified):"
                " finish it before you start another.",
                "You have %(count)s matches in progress, the most allowed (more once your email address is verified):"
                " finish one before you start another.",
                most,
            )
        return text % {"count": most}
    if open_challenges(user) >= caps.open_challenges:
        most = caps.open_challenges
        if verified:
            text = ngettext(
                "You have %(count)s open challenge, the most allowed: withdraw it (in the lobby) or wait until it is"
                " accepted.",
                "You have %(count)s open challenges, the most allowed: withdraw one (in the lobby) or wait until one"
                " is accepted.",
                most,
            )
        else:
            text = ngettext(
                "You have %(count)s open challenge, the most allowed (more once your email address is verified):"
                " withdraw it (in the lobby) or wait until it is accepted.",
                "You have %(count)s open challenges, the most allowed (more once your email address is verified):"
                " withdraw one (in the lobby) or wait until one is accepted.",
                most,
            )
        return text % {"count": most}
    return None


def count_challenge(creator) -> None:
    """Count a new challenge against the creator's hourly allowance (RateLimited past it)."""
    caps = caps_of(creator)
    if caps is not None:
        amount = caps.challenges_per_hour
        reached = ngettext(
            "You have created %(count)s challenge this hour, the most allowed: %(wait)s.",
            "You have created %(count)s challenges this hour, the most allowed: %(wait)s.",
            amount,
        )
        ratelimits.consume("challenge", creator, amount, reached)


def hold_challenge_caps(creator) -> None:
    """In the transaction that opens a challenge: Refused if the creator is at a cap."""
    _lock(creator)
    problem = cap_problem(creator)
    if problem:
        raise Refused(problem)


def hold_match_caps(creator, accepter) -> None:
    """In the transaction that starts a match from a challenge: Refused if either player is at the match cap."""
    _lock(creator, accepter)
    for user in (accepter, creator):
        caps = caps_of(user)
        if caps is None or active_matches(user) < caps.active_matches:
            continue
        params = {"count": caps.active_matches, "player": creator.username}
        if user == accepter:
            raise Refused(
                ngettext(
                    "You have %(count)s match in progress, the most allowed: the challenge can be accepted once it"
                    " has ended.",
                    "You have %(count)s matches in progress, the most allowed: the challenge can be accepted once a"
                    " match has ended.",
                    caps.active_matches,
                )
                % params
            )
        raise Refused(
            ngettext(
                "%(player)s has %(count)s match in progress, the most allowed: the challenge can be accepted once it"
                " has ended.",
                "%(player)s has %(count)s matches in progress, the most allowed: the challenge can be accepted once a"
                " match has ended.",
                caps.active_matches,
            )
            % params
        )
