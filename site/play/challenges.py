"""Challenges: create, accept, decline and cancel; accepting starts a match.

Creating and accepting are compare-and-set steps that `daymove.round.challenges` wraps with what they
cause (the time control, the clock, a bot's acceptance or turn) and their announcement.
"""

from __future__ import annotations

import random

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from daymove.errors import Conflict, Forbidden, NotFound, Refused
from daymove.play import caps, signals
from daymove.play.lookups import get_challenge
from daymove.play.models import Challenge, Match
from daymove.play.rules_refusals import rules_refusal
from daymove.players.accounts import find_player, has_verified_email
from daymove.players.bots import is_bot, strength_in
from daymove.safety import blocks
from games.base import BadOptions
from games.registry import all_games


def create_challenge(
    creator,
    game_slug: str,
    options: dict,
    opponent_name: str = "",
    creator_seat: int | None = None,
    rated: bool = True,
) -> Challenge:
    """Open a challenge (to anyone, or to the player named `opponent_name`); rated ones need verified emails."""
    game = all_games().get(game_slug)
    if game is None:
        raise NotFound(gettext("There is no such game."))
    try:
        options = game.normalize_options(options)
    except BadOptions as error:
        raise Refused(rules_refusal(error)) from None
    if creator_seat not in (None, 0, 1):
        raise Refused(gettext("Choose the first seat, the second seat or a random seat."))
    opponent = None
    if opponent_name:
        opponent = find_player(opponent_name)
        if opponent is None:
            raise Refused(gettext("There is no player called “%(name)s”.") % {"name": opponent_name.strip()})
        if opponent.pk == creator.pk:
            raise Refused(gettext("You cannot challenge yourself."))
        if is_bot(opponent) and strength_in(opponent, game) is None:
            raise Refused(
                gettext(
                    "%(bot)s does not play %(game)s: its level is not offered there"
                    " (it could not be told apart from the level below). Choose another bot in the lobby."
                )
                % {"bot": opponent.username, "game": game.name}
            )
        blocks.refuse_if_blocked(creator, opponent, blocks.CHALLENGE)
    if rated:
        _refuse_unverified(creator, opponent)
    with transaction.atomic():
        caps.hold_challenge_caps(creator)
        caps.count_challenge(creator)
        return Challenge.objects.create(
            game=game.slug,
            options=options,
            creator=creator,
            opponent=opponent,
            creator_seat=creator_seat,
            rated=rated,
        )


def _refuse_unverified(player, opponent=None) -> None:
    """Rated play needs a confirmed email address on both sides (one account per person, reachable)."""
    if not has_verified_email(player):
        raise Refused(
            gettext("Rated matches need a verified email address: confirm yours (see Account) or untick “Rated”.")
        )
    if opponent is not None and not has_verified_email(opponent):
        raise Refused(
            gettext("%(player)s has not verified an email address yet, so the match cannot be rated: untick “Rated”.")
            % {"player": opponent.username}
        )


def accept_challenge(challenge_id, user, rng: random.Random | None = None) -> Match:
    """Accept an open challenge and start its match; only one acceptance ever succeeds."""
    rng = rng or random.SystemRandom()
    challenge = get_challenge(challenge_id)
    if challenge.creator_id == user.pk:
        raise Refused(gettext("You cannot accept your own challenge."))
    if challenge.opponent_id is not None and challenge.opponent_id != user.pk:
        raise Forbidden(gettext("This challenge is for another player."))
    blocks.refuse_if_blocked(user, challenge.creator, blocks.ACCEPT)
    if challenge.rated and not has_verified_email(user):
        raise Refused(
            gettext(
                "This challenge is rated, and rated matches need a verified email address: "
                "confirm yours first (see Account)."
            )
        )
    game = challenge.rules
    creator_seat = challenge.creator_seat if challenge.creator_seat is not None else rng.randrange(2)
    players = [challenge.creator, user] if creator_seat == 0 else [user, challenge.creator]
    options = game.start_options(challenge.options, rng)
    state = game.initial_state(options)
    with transaction.atomic():
        caps.hold_match_caps(challenge.creator, user)
        taken = Challenge.objects.filter(pk=challenge.pk, status=Challenge.Status.OPEN).update(
            status=Challenge.Status.ACCEPTED
        )
        if taken != 1:
            raise Conflict(gettext("This challenge is no longer open."))
        now = timezone.now()
        match = Match.objects.create(
            game=game.slug,
            options=options,
            player0=players[0],
            player1=players[1],
            state=game.to_json(state),
            to_move=game.current_player(state),
            created=now,
            updated=now,
            rated=challenge.rated,
        )
        Challenge.objects.filter(pk=challenge.pk).update(match=match)
    return match


def _close(challenge_id, user, status: str, allowed: str) -> Challenge:
    challenge = get_challenge(challenge_id)
    owner_id = challenge.creator_id if allowed == "creator" else challenge.opponent_id
    if owner_id != user.pk:
        raise Forbidden(gettext("This is not your challenge to change."))
    with transaction.atomic():
        changed = Challenge.objects.filter(pk=challenge.pk, status=Challenge.Status.OPEN).update(status=status)
        if changed != 1:
            raise Conflict(gettext("This challenge is no longer open."))
        challenge.status = status
        signals.challenge_closed.send(sender=Challenge, challenge=challenge)
    return challenge


def cancel_challenge(challenge_id, user) -> Challenge:
    """The creator withdraws an open challenge."""
    return _close(challenge_id, user, Challenge.Status.CANCELLED, "creator")


def decline_challenge(challenge_id, user) -> Challenge:
    """The named opponent turns a direct challenge down."""
    return _close(challenge_id, user, Challenge.Status.DECLINED, "opponent")
