"""Matches with a time control for the clock and email tests: a fixed moment to travel to, starting a match, moves."""

from datetime import UTC, datetime, timedelta

from daymove.play import lookups
from daymove.round import challenges, moves

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)  # a Monday, noon UTC
DAY = timedelta(days=1)
PER_MOVE_3 = {"kind": "per_move", "days": 3}


def start(creator, opponent, terms=None, seat=0, game="abande"):
    """A match from a direct challenge: `creator` in `seat`, `opponent` accepts."""
    challenge = challenges.create_challenge(
        creator, game, {}, opponent.username, creator_seat=seat, rated=False, time_control=terms
    )
    return challenges.accept_challenge(challenge.pk, opponent)


def play_one(match):
    """The player to move plays their first legal move; the match as it is afterwards."""
    match = lookups.get_match(match.pk)
    text = match.rules.legal_move_strings(match.position())[0]
    return moves.submit_move(match.pk, match.players[match.to_move], text, match.ply).match


def legal_after(match, *texts) -> list[str]:
    """The legal moves after these moves from the match's current position."""
    state = match.position()
    for text in texts:
        state = match.rules.play(state, text)
    return match.rules.legal_move_strings(state)


def set_zone(user, name):
    """Set the user's time zone (an IANA name)."""
    user.player.time_zone = name
    user.player.save()
