"""Ladder games ending at the same moment (threads with their own connections; SQLite here, PostgreSQL when
DATABASE_URL names one): results apply one at a time in the order the games ended, leaving a permutation."""

from __future__ import annotations

import pytest

from daymove.ladders import arithmetic
from daymove.ladders.models import LadderGame
from daymove.play.models import Match
from daymove.round import endings
from daymove.round.ladder_challenges import challenge_on_ladder
from tests.factories import UserFactory
from tests.support.ladders import a_ladder, both_move, line_up, names, places_are_a_permutation
from tests.support.threads import run_together

pytestmark = pytest.mark.django_db(transaction=True)

# (challenger, defender) places: overlapping ranges, so the order of application matters.
PAIRS = [(10, 6), (9, 6), (8, 5), (7, 4), (5, 3), (6, 2)]


def test_endings_at_once_apply_in_end_order_and_leave_a_permutation():
    ladder = a_ladder()
    players = [UserFactory(username=f"p{i}") for i in range(1, 11)]
    line_up(ladder, players)
    start = tuple(p.pk for p in players)
    matches = [both_move(challenge_on_ladder(ladder, players[c - 1], f"p{d}")) for c, d in PAIRS]
    results = run_together([lambda m=m, d=d: endings.resign(m.pk, players[d - 1]) for m, (_, d) in zip(matches, PAIRS)])
    assert all(isinstance(r, Match) for r in results), results
    assert places_are_a_permutation(ladder) and len(names(ladder)) == 10
    applied = LadderGame.objects.order_by("applied_at", "pk")
    in_end_order = [arithmetic.Ending(g.challenger_id, g.defender_id, True) for g in applied]
    expected = arithmetic.apply_endings(start, in_end_order)
    assert names(ladder) == [f"p{start.index(pk) + 1}" for pk in expected]
