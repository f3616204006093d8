"""The move service: legal moves applied once, everything else refused with nothing changed."""

import threading

import pytest
from django.db import connection

from daymove.errors import Conflict, Forbidden, NotFound, Refused
from daymove.play.models import Match, Move
from daymove.round import endings, moves
from tests.factories import MatchFactory


def test_legal_move_is_applied_and_recorded(match, alice):
    result = moves.submit_move(match.pk, alice, "d4", 0)
    match.refresh_from_db()
    assert (match.ply, match.to_move) == (1, 1)
    assert list(match.moves.values_list("ply", "seat", "notation")) == [(0, 0, "d4")]
    assert result.repeated is False


def test_identical_retry_returns_the_original_move(match, alice):
    first = moves.submit_move(match.pk, alice, "d4", 0)
    again = moves.submit_move(match.pk, alice, " d4 ", 0)
    assert again.repeated is True
    assert again.move.pk == first.move.pk
    assert Move.objects.filter(match=match).count() == 1


def test_stale_move_is_refused(match, alice, bob):
    moves.submit_move(match.pk, alice, "d4", 0)
    moves.submit_move(match.pk, bob, "d5", 1)
    with pytest.raises(Conflict, match="position has changed"):
        moves.submit_move(match.pk, alice, "c4", 1)
    match.refresh_from_db()
    assert match.ply == 2


@pytest.mark.parametrize("text", ["z9", "d4-d5", "pass", "", "d4; DROP TABLE"])
def test_illegal_or_unparsable_move_changes_nothing(match, alice, text):
    with pytest.raises(Refused):
        moves.submit_move(match.pk, alice, text, 0)
    match.refresh_from_db()
    assert match.ply == 0 and not match.moves.exists()


def test_not_your_turn(match, bob):
    with pytest.raises(Conflict, match="not your turn"):
        moves.submit_move(match.pk, bob, "d4", 0)


def test_someone_elses_match(match, carol):
    with pytest.raises(Forbidden):
        moves.submit_move(match.pk, carol, "d4", 0)
    assert not match.moves.exists()


def test_missing_match(db, alice):
    with pytest.raises(NotFound):
        moves.submit_move(987654, alice, "d4", 0)


def test_resign_ends_the_match_once(match, alice):
    endings.resign(match.pk, alice)
    match.refresh_from_db()
    assert (match.status, match.winner, match.result_reason) == (Match.Status.FINISHED, 1, "resignation")
    with pytest.raises(Conflict):
        endings.resign(match.pk, alice)
    with pytest.raises(Conflict):
        moves.submit_move(match.pk, alice, "d4", 0)


def test_finished_game_records_result(db, alice, bob):
    # Hands empty on a tiny position is not reachable by moves; play a whole random game instead.
    import random

    match = MatchFactory(player0=alice, player1=bob)
    rng = random.Random(7)
    while match.is_active:
        legal = match.rules.legal_move_strings(match.position())
        match = moves.submit_move(match.pk, match.players[match.to_move], rng.choice(legal), match.ply).match
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result_reason == "score" and match.finished_at is not None
    outcome = match.rules.outcome(match.position())
    assert match.winner == outcome.winner and match.scores == list(outcome.scores)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("same_text", [False, True])
def test_simultaneous_submissions_apply_exactly_one(alice, bob, same_text):
    """Two requests for the same ply at the same moment: one move is applied, never two."""
    match = MatchFactory(player0=alice, player1=bob)
    texts = ["d4", "d4"] if same_text else ["d4", "c3"]
    barrier = threading.Barrier(len(texts))
    outcomes = []

    def submit(text):
        try:
            barrier.wait()
            outcomes.append(moves.submit_move(match.pk, alice, text, 0))
        except Refused as refusal:
            outcomes.append(refusal)
        finally:
            connection.close()  # each thread has its own connection

    threads = [threading.Thread(target=submit, args=(t,)) for t in texts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert Move.objects.filter(match=match).count() == 1
    match.refresh_from_db()
    assert match.ply == 1
    applied = [o for o in outcomes if isinstance(o, moves.MoveResult) and not o.repeated]
    assert len(applied) == 1
    if same_text:
        assert all(isinstance(o, moves.MoveResult) for o in outcomes)  # the twin is answered as a repeat
    else:
        assert sum(isinstance(o, Conflict) for o in outcomes) == 1
