"""Challenges opened and accepted, with what they cause: the time control kept, the clock started, a bot's move.

The time control is checked before anything is created, so refused terms leave no challenge behind.
"""

from __future__ import annotations

import random

from django.db import transaction
from django.utils.translation import gettext

from daymove.clocks.services import match_terms, set_challenge_terms, start_clock
from daymove.clocks.terms import check_terms
from daymove.errors import Refused
from daymove.play import challenges, signals
from daymove.play.bot_jobs import schedule_bot_turn
from daymove.play.lookups import get_match, player_seat
from daymove.play.models import Challenge, Match
from daymove.players.bots import is_bot


def create_challenge(
    creator,
    game_slug: str,
    options: dict,
    opponent_name: str = "",
    creator_seat: int | None = None,
    rated: bool = True,
    time_control: dict | None = None,
) -> Challenge:
    """Open a challenge under `time_control` (empty: the default days per move); a bot accepts at once.

    The rest is `daymove.play.challenges.create_challenge`; Refused with a reason if the terms are not allowed.
    """
    terms = check_terms(time_control)
    with transaction.atomic():
        challenge = challenges.create_challenge(creator, game_slug, options, opponent_name, creator_seat, rated)
        set_challenge_terms(challenge, terms)
        signals.challenge_created.send(sender=Challenge, challenge=challenge)
    if challenge.opponent is not None and is_bot(challenge.opponent):
        challenge.match = accept_challenge(challenge.pk, challenge.opponent)
    return challenge


def accept_challenge(challenge_id, user, rng: random.Random | None = None) -> Match:
    """Accept an open challenge (see `daymove.play.challenges.accept_challenge`): the clock starts, a bot to move
    is given its turn, then the match is announced."""
    with transaction.atomic():
        match = challenges.accept_challenge(challenge_id, user, rng)
        start_match(match)
    return match


def start_match(match: Match) -> None:
    """What a new match causes, in order, in the transaction that created it: its clock starts, a bot to move is
    given its turn; then it is announced."""
    start_clock(match)
    schedule_bot_turn(match)
    signals.match_started.send(sender=Match, match=match)


def rematch(match_id, user) -> Challenge:
    """Challenge a finished match's opponent again: same game, options, clock and rating flag, seats swapped."""
    match = get_match(match_id)
    seat = player_seat(match, user)
    if match.is_active:
        raise Refused(gettext("The match is still in progress."))
    return create_challenge(
        user,
        match.game,
        match.options,
        match.players[1 - seat].username,
        creator_seat=1 - seat,
        rated=match.rated,
        time_control=match_terms(match),
    )
