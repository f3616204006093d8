"""Ladders for the ladder service tests: a ladder of any game, players lined up on it, challenges played to an end."""

from __future__ import annotations

from contextlib import contextmanager

from django.db import transaction
from django.utils import timezone

from daymove.ladders.catalogue import ensure_ladders
from daymove.ladders.models import Ladder, PlaceChange, Rung
from daymove.ladders.places import lock, rewrite, standing
from daymove.round import endings
from daymove.round.ladder_challenges import challenge_on_ladder
from tests.support.clocks import play_one


def a_ladder() -> Ladder:
    """The first game's first ladder (tests outside tests/games name no game)."""
    return ensure_ladders()[0]


def line_up(ladder: Ladder, players) -> None:
    """Put the players on the ladder in this order below whoever is on it, as if each had joined."""
    with transaction.atomic():
        ladder = lock(ladder.pk)
        before = standing(ladder)
        after = (*before, *(p.pk for p in players))
        joined = {p.pk: PlaceChange.Reason.JOINED for p in players}
        rewrite(ladder, before, after, joined, PlaceChange.Reason.JOINED, timezone.now())


def names(ladder: Ladder) -> list[str]:
    """The ladder's usernames, place 1 first."""
    return list(Rung.objects.filter(ladder=ladder).order_by("place").values_list("player__username", flat=True))


def places_are_a_permutation(ladder: Ladder) -> bool:
    """Places run 1..N with no gap and no place held twice."""
    places = sorted(Rung.objects.filter(ladder=ladder).values_list("place", flat=True))
    return places == list(range(1, len(places) + 1))


def both_move(match):
    """Moves until each side has played one (so the ending counts on the ladder); the match afterwards."""
    while set(match.moves.values_list("seat", flat=True)) != {0, 1}:
        match = play_one(match)
    return match


def challenge_and_end(ladder: Ladder, challenger, defender, winner=None, moved=True):
    """`challenger` challenges `defender`; after a move each (unless not `moved`), `winner` (a user) wins by the
    other resigning, or they agree nothing and the admin declares a draw when `winner` is None."""
    match = challenge_on_ladder(ladder, challenger, defender.username)
    if moved:
        match = both_move(match)
    if winner is None:
        return endings.declare_result(match, None, "Agreed draw")
    loser = match.players[1 - match.seat_of(winner)]
    return endings.resign(match.pk, loser)


@contextmanager
def heard(signal):
    """The keyword arguments of every sending of `signal` inside the block."""
    sent = []

    def receiver(sender, **kwargs):
        sent.append(kwargs)

    signal.connect(receiver, weak=False)
    try:
        yield sent
    finally:
        signal.disconnect(receiver)
