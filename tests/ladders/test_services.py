"""Ladder services through the database: joining by a first challenge, results moving places, strikes, leaving."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from daymove.ladders import signals
from daymove.ladders.membership import adjust, leave
from daymove.ladders.models import LadderGame, Mark, PlaceChange
from daymove.ladders.results import apply_ladder_result
from daymove.play.models import Match
from daymove.players.accounts import delete_account
from daymove.round import endings
from daymove.round.ladder_challenges import challenge_on_ladder
from daymove.round.timeouts import sweep_timeouts
from tests.factories import UserFactory
from tests.support.clocks import play_one
from tests.support.ladders import (
    a_ladder,
    both_move,
    challenge_and_end,
    heard,
    line_up,
    names,
    places_are_a_permutation,
)


@pytest.fixture
def ladder(db):
    return a_ladder()


@pytest.fixture
def six(ladder):
    players = [UserFactory(username=f"p{i}") for i in range(1, 7)]
    line_up(ladder, players)
    return players


def test_a_first_challenge_joins_at_the_bottom_and_starts_a_rated_match_on_the_ladder_clock(ladder, six):
    newcomer = UserFactory(username="new")
    match = challenge_on_ladder(ladder, newcomer, "p2")
    assert names(ladder)[-1] == "new" and places_are_a_permutation(ladder)
    assert match.status == Match.Status.ACTIVE and match.rated and match.game == ladder.game
    assert match.clock.terms() == {"kind": "bank", "initial": 3, "increment": 1, "cap": 7}
    game = match.ladder_game
    assert (game.challenger, game.defender, game.ended_at) == (newcomer, six[1], None)
    assert PlaceChange.objects.get(player=newcomer).reason == PlaceChange.Reason.JOINED


def test_a_winning_challenger_takes_the_place_and_everyone_between_moves_down_one(ladder, six):
    with heard(signals.place_passed) as sent:
        challenge_and_end(ladder, six[5], six[2], winner=six[5])
    passed = [(s["player"].username, s["by"].username) for s in sent]
    assert names(ladder) == ["p1", "p2", "p6", "p3", "p4", "p5"]
    assert sorted(passed) == [("p3", "p6"), ("p4", "p6"), ("p5", "p6")]
    assert LadderGame.objects.get().outcome == LadderGame.Outcome.PASSED
    won = PlaceChange.objects.get(player=six[5], reason=PlaceChange.Reason.WON)
    assert (won.from_place, won.to_place) == (6, 3)


@pytest.mark.parametrize("winner", ["defender", "draw"])
def test_a_defenders_win_or_a_draw_changes_no_place(ladder, six, winner):
    before = names(ladder)
    challenge_and_end(ladder, six[5], six[2], winner=six[2] if winner == "defender" else None)
    assert names(ladder) == before
    expected = LadderGame.Outcome.HELD if winner == "defender" else LadderGame.Outcome.DRAWN
    assert LadderGame.objects.get().outcome == expected


def test_a_result_applies_only_if_the_challenger_is_still_below_the_defender(ladder, six):
    near = challenge_on_ladder(ladder, six[5], "p4")
    far = challenge_on_ladder(ladder, six[5], "p2")
    endings.resign(both_move(far).pk, six[1])
    assert names(ladder) == ["p1", "p6", "p2", "p3", "p4", "p5"]
    endings.resign(both_move(near).pk, six[3])  # p6 beat p4, but stands above p4 already
    assert names(ladder) == ["p1", "p6", "p2", "p3", "p4", "p5"]
    assert LadderGame.objects.get(match=near).outcome == LadderGame.Outcome.WON_NO_MOVE


def test_a_game_ended_before_both_moved_changes_nothing_and_marks_who_did_not_move(ladder, six):
    match = challenge_on_ladder(ladder, six[5], "p3")
    idle = match.players[match.to_move]
    endings.resign(match.pk, idle)
    assert names(ladder) == ["p1", "p2", "p3", "p4", "p5", "p6"]
    assert LadderGame.objects.get().outcome == LadderGame.Outcome.NO_MOVE
    [mark] = Mark.objects.all()
    assert (mark.player, mark.kind) == (idle, Mark.Kind.NO_MOVE)


def test_two_no_move_marks_within_30_days_take_a_player_off_and_release_their_open_games(ladder, six):
    with heard(signals.removed) as sent:
        other = challenge_on_ladder(ladder, six[4], "p3")  # p5's game goes on when p5 is removed
        for challenger in ("p3", "p2"):
            _end_without_moving(challenge_on_ladder(ladder, UserFactory(username=challenger + "x"), "p5"), six[4])
    removed = [(s["rung"].player.username, s["reason"]) for s in sent]
    assert "p5" not in names(ladder) and places_are_a_permutation(ladder)
    assert removed == [("p5", "strikes")]
    assert LadderGame.objects.get(match=other).outcome == LadderGame.Outcome.LEFT


def _end_without_moving(match, absent):
    """`absent` never moves: if it is the opponent's turn first, they move; then `absent` resigns."""
    if match.players[match.to_move] != absent:
        match = play_one(match)
    endings.resign(match.pk, absent)


def test_an_annulled_game_moves_nobody_and_marks_nobody(ladder, six):
    match = challenge_on_ladder(ladder, six[5], "p3")
    endings.abort(match)
    assert names(ladder) == ["p1", "p2", "p3", "p4", "p5", "p6"]
    assert LadderGame.objects.get().outcome == LadderGame.Outcome.VOID and not Mark.objects.exists()


def test_leaving_keeps_open_ladder_games_as_ordinary_rated_games(ladder, six):
    match = challenge_on_ladder(ladder, six[5], "p3")
    leave(ladder, six[5])
    assert names(ladder) == ["p1", "p2", "p3", "p4", "p5"]
    match = both_move(match)
    endings.resign(match.pk, six[2])
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.rated
    assert names(ladder) == ["p1", "p2", "p3", "p4", "p5"]
    assert LadderGame.objects.get().outcome == LadderGame.Outcome.LEFT


def test_a_moderators_adjustment_moves_the_player_and_says_why(ladder, six):
    adjust(ladder, six[0], 4, "Placed by mistake")
    assert names(ladder) == ["p2", "p3", "p4", "p1", "p5", "p6"] and places_are_a_permutation(ladder)
    line = PlaceChange.objects.get(player=six[0], reason=PlaceChange.Reason.ADJUSTED)
    assert (line.from_place, line.to_place, line.note) == (1, 4, "Placed by mistake")


def test_timeouts_mark_the_loser_and_two_within_30_days_remove_them(ladder, six):
    start = timezone.now()
    for days, defender in ((0, "p5"), (10, "p4")):
        with time_machine.travel(start + timedelta(days=days), tick=False):
            match = both_move(challenge_on_ladder(ladder, six[5], defender))
            if match.players[match.to_move] != six[5]:
                match = play_one(match)  # p6 to move, and p6 stalls
        with time_machine.travel(start + timedelta(days=days + 9), tick=False):
            sweep_timeouts()
        match.refresh_from_db()
        assert (match.result_reason, match.players[match.winner].username) == ("timeout", defender)
    assert list(Mark.objects.values_list("player__username", "kind")) == [("p6", "timeout")] * 2
    assert "p6" not in names(ladder) and places_are_a_permutation(ladder)


def test_the_ladder_step_costs_a_match_off_every_ladder_one_indexed_lookup(match, django_assert_num_queries):
    endings.abort(match)
    with django_assert_num_queries(1):
        apply_ladder_result(match)


def test_closing_an_account_resigns_its_ladder_games_and_leaves_every_ladder(ladder, six):
    match = both_move(challenge_on_ladder(ladder, six[5], "p2"))
    delete_account(six[1])  # p2 resigns: p6 takes place 2, then p2 leaves
    match.refresh_from_db()
    assert not match.is_active
    assert names(ladder) == ["p1", "p6", "p3", "p4", "p5"] and places_are_a_permutation(ladder)
