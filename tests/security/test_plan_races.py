"""The opponent's move and the owner's change to their plan at the same instant, on whichever database the
suite runs on (SQLite here; PostgreSQL when DATABASE_URL names one, as `.ci/run` does under CI).

Whichever comes first, the result is one the owner asked for: a cancel or an edit that succeeded was made
before the move, so the removed reply is never played (and the new one is); a change refused as stale was
too late, and the old reply was played. Never two replies, and the opponent's move always stands.
"""

from __future__ import annotations

import pytest

from daymove.errors import Conflict
from daymove.plans import conditional
from daymove.play.models import Move
from daymove.round import moves
from tests.factories import MatchFactory, UserFactory
from tests.support.clocks import legal_after, play_one
from tests.support.threads import run_together

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 6


def planned_match():
    """A match where bob is to move and alice plans a reply to his first legal move; with a second reply."""
    alice, bob = UserFactory(), UserFactory()
    match = play_one(MatchFactory(player0=alice, player1=bob))
    expected = legal_after(match)[0]
    old, new = legal_after(match, expected)[:2]
    plan = conditional.plan_line(match.pk, alice, [expected, old], 0, match.ply)
    return match, alice, bob, expected, old, new, plan


def move_of(match, bob, expected):
    return lambda: moves.submit_move(match.pk, bob, expected, match.ply)


def change_of(kind, match, alice, expected, new, plan):
    if kind == "cancel":
        return lambda: conditional.cancel(match.pk, alice, plan.version)
    return lambda: conditional.plan_line(match.pk, alice, [expected, new], plan.version, match.ply)


@pytest.mark.parametrize("kind", ["cancel", "edit"])
def test_a_change_racing_the_move_never_plays_a_removed_reply_nor_two(kind):
    orders = set()
    for _ in range(ROUNDS):
        match, alice, bob, expected, old, new, plan = planned_match()
        moved, changed = run_together(
            [
                move_of(match, bob, expected),
                change_of(kind, match, alice, expected, new, plan),
            ]
        )
        assert isinstance(moved, moves.MoveResult), moved  # the opponent's move always stands
        replies = list(Move.objects.filter(match=match, ply__gt=match.ply).values_list("seat", "notation"))
        if isinstance(changed, Exception):
            assert isinstance(changed, Conflict), changed
            orders.add("move first")
            assert replies == [(0, old)]  # too late to change: the reply planned then was played
        else:
            orders.add("change first")
            assert replies == ([] if kind == "cancel" else [(0, new)])
    print(f"{kind}: {sorted(orders)} over {ROUNDS} rounds")
