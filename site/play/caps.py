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


def _verify_hint(user) -> str:
    return "" if has_verified_email(user) else " (more once your email address is verified)"


def cap_problem(user) -> str | None:
    """Why `user` cannot open a challenge now (a cap reached), or None; for the challenge form."""
    caps = caps_of(user)
    if caps is None:
        return None
    if active_matches(user) >= caps.active_matches:
        return (
            f"You have {caps.active_matches} matches in progress, the most allowed{_verify_hint(user)}: "
            "finish one before you start another."
        )
    if open_challenges(user) >= caps.open_challenges:
        return (
            f"You have {caps.open_challenges} open challenges, the most allowed{_verify_hint(user)}: "
            "withdraw one (in the lobby) or wait until one is accepted."
        )
    return None


def count_challenge(creator) -> None:
    """Count a new challenge against the creator's hourly allowance (RateLimited past it)."""
    caps = caps_of(creator)
    if caps is not None:
        amount = caps.challenges_per_hour
        ratelimits.consume("challenge", creator, amount, f"created {amount} challenges")


def hold_challenge_caps(creator) -> None:
    """In the transaction that opens a challenge: Refused if the creator is at a cap."""
    _lock(creator)
    problem = cap_problem(creator)
    if problem:
        raise Refused(problem)


def hold_match_caps(creator, accepter) -> None:
    """In the transaction that starts a match from a challenge: Refused if either player is at the match cap."""
    _lock(creator, accepter)
    for user, whose in ((accepter, "You have"), (creator, f"{creator.username} has")):
        caps = caps_of(user)
        if caps is not None and active_matches(user) >= caps.active_matches:
            raise Refused(
                f"{whose} {caps.active_matches} matches in progress, the most allowed: "
                "the challenge can be accepted once a match has ended."
            )
