"""Ladder challenges: they cannot be declined, so the match starts at once, with the ladder's clock.

The ladder is locked and the challenge checked (`daymove.ladders.challenges`) in the transaction that creates
the challenge, starts the match as an accepted challenge does (`challenges.start_match`) and records the
ladder game; the defender then hears of it.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from daymove.clocks.services import set_challenge_terms
from daymove.clocks.terms import check_terms
from daymove.errors import NotFound
from daymove.ladders import challenges as ladder_challenges
from daymove.ladders.models import Ladder
from daymove.play import caps, challenges
from daymove.play.models import Match
from daymove.players.accounts import find_player
from daymove.round.challenges import start_match


def challenge_on_ladder(ladder: Ladder, challenger, defender_name: str) -> Match:
    """Challenge the player called `defender_name` on `ladder`: the match starts at once; Refused with the reason."""
    defender = find_player(defender_name)
    if defender is None:
        raise NotFound(gettext("There is no such player."))
    terms = check_terms(ladder.time_control)
    with transaction.atomic():
        # The players' rows before the ladder's, in the order an ending on time takes them (no deadlock); the
        # challenger is the one asking, so the caps' words are theirs.
        caps.hold_match_caps(defender, challenger)
        ladder = ladder_challenges.hold_challenge(ladder, challenger, defender)
        challenge = challenges.create_challenge(challenger, ladder.game, ladder.options, defender.username)
        set_challenge_terms(challenge, terms)
        match = challenges.accept_challenge(challenge.pk, defender)
        game = ladder_challenges.record_game(ladder, match, challenger, defender)
        start_match(match)
        ladder_challenges.announce(game)
    return match
